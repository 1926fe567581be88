/**
 * The web UI in a real Chromium against the real service: flows created
 * through the New flow form in each mode, a DETERMINISTIC flow watched live
 * to SUCCESS, steps with their screenshots, the video synced to the steps,
 * keyboard navigation, jump to the first failure, export (the test file is
 * downloaded and run green), and Compare.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { ROOT, startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { createFakeLlmServer, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';
import { useFakeModel } from './support/autonomous';
import { deterministic, runFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi, type UiPage } from './support/ui';
import { TEST_CHROMIUM } from '../helpers/chromium';

const PASSWORD = 's3cret-pass';
const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: 'alice' } },
  { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } },
  { name: 'click', parameters: { selector: '#login-button' } },
];

let svc: RunningService;
let site: TestSite;
let fake: FakeLlmServer;
let browser: Browser;

before(async () => {
  [site, fake, browser] = await Promise.all([startTestSite(), createFakeLlmServer('openai'), launchChromium()]);
  svc = await startService();
  assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: PASSWORD })).status, 200);
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await Promise.all([site?.close(), fake?.close()]);
});

const open = () => openUi(browser, [svc.url, site.url]);

/** Waits until the locator's text matches. */
async function waitText(locator: Locator, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  return eventually(async () => {
    const text = (await locator.textContent({ timeout: 1000 })) ?? '';
    return pattern.test(text) ? text : false;
  }, timeoutMs, `text ${pattern}`);
}

/** The id of the flow the page shows. */
const flowIdOf = (page: Page) => /\/flows\/([0-9a-f-]{36})/.exec(page.url())![1]!;

/** Fills the common fields of the New flow form. */
async function fillBasics(page: Page, name: string, path: string, mode: 'Autonomous' | 'Instruct' | 'Deterministic') {
  await page.goto(`${svc.url}/flows/new`);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Target website' }).fill(site.url + path);
  await page.getByRole('radio', { name: mode }).check();
}

/** A finished flow's view, with a state badge reading `state`. */
async function waitForState(page: Page, label: RegExp) {
  await waitText(page.locator('.flow-head .badge').first(), label, 60_000);
}

describe('New flow form', () => {
  test('shows the API\'s validation errors next to the fields they name', async () => {
    const ui = await open();
    try {
      const { page } = ui;
      await page.goto(`${svc.url}/flows/new`);
      await page.getByRole('radio', { name: 'Deterministic' }).check();
      await page.getByRole('textbox', { name: 'Target website' }).fill('not a url');
      await page.getByRole('button', { name: 'Start flow' }).click();
      const name = page.getByRole('textbox', { name: 'Name', exact: true });
      await eventually(async () => (await name.getAttribute('aria-invalid')) === 'true', 10_000, 'Name marked invalid');
      assert.match((await page.locator('#f-name-error').textContent()) ?? '', /must not be empty/);
      // The focus moves in the frame after the errors render (requestAnimationFrame).
      await eventually(() => name.evaluate((el) => el === document.activeElement), 5000, 'focus moves to the first invalid field');
      assert.equal(page.url(), `${svc.url}/flows/new`);
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });

  test('a DETERMINISTIC flow built with the tool-call editor goes live, then to SUCCESS', async () => {
    const ui = await open();
    try {
      const { page } = ui;
      await fillBasics(page, 'ui deterministic', '/login.html', 'Deterministic');
      // Calls pasted as JSON (a wait first, so the live phase is long enough to watch)...
      await page.getByText('Paste JSON', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Tool calls JSON' }).fill(JSON.stringify([{ name: 'wait', parameters: { ms: 1500 } }, ...loginCalls]));
      await page.getByRole('button', { name: 'Use this JSON' }).click();
      // ...and one built from the tool's schema.
      await page.getByRole('combobox', { name: 'Tool', exact: true }).selectOption('assertText');
      await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Welcome, alice!');
      await page.getByRole('button', { name: 'Add call' }).click();
      const calls = page.getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
      assert.equal(await calls.count(), 5);
      await page.getByRole('checkbox', { name: 'PASSWORD' }).check();
      await page.getByRole('button', { name: 'Start flow' }).click();

      await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
      await page.getByRole('heading', { name: 'ui deterministic' }).waitFor();
      // Live: run control and the latest frame of the page while it runs.
      await page.getByRole('button', { name: 'Pause' }).waitFor();
      await page.getByRole('img', { name: 'Latest frame' }).waitFor({ timeout: 30_000 });
      await waitForState(page, /^Success/);
      await page.getByRole('button', { name: 'Rerun' }).waitFor();
      assert.equal(await page.getByRole('button', { name: 'Pause' }).count(), 0);
      const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
      assert.equal(await steps.count(), 5);
      assert.match((await steps.nth(2).textContent()) ?? '', /type.*\$\{PASSWORD\}.*#password.*succeeded/s);
      const flow = (await svc.request('GET', `/api/flows/${flowIdOf(page)}`)).body;
      assert.equal(flow.state, 'SUCCESS');
      assert.deepEqual(flow.envVars, ['PASSWORD']);
      assert.ok(!(await page.content()).includes(PASSWORD), 'the secret value never reaches the page');
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });

  test('an AUTONOMOUS flow from the form runs with the assigned model', async () => {
    await useFakeModel(svc, fake, 'fake-openai');
    fake.push({ toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'The sign-in page is there' } }, text: 'The page shows the sign-in form.' });
    const ui = await open();
    try {
      const { page } = ui;
      await fillBasics(page, 'ui autonomous', '/login.html', 'Autonomous');
      await page.getByRole('textbox', { name: 'Objective' }).fill('Check that the sign-in form is shown');
      await page.getByRole('button', { name: 'Start flow' }).click();
      await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
      await waitForState(page, /^Success/);
      await page.getByRole('list', { name: 'Steps' }).getByRole('link').first().click();
      const details = page.getByRole('region', { name: /^Step 1/ });
      await waitText(details, /Rationale\s*The page shows the sign-in form\./);
      await waitText(page.locator('.flow-head .meta'), /120 tokens/);
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });

  test('an INSTRUCT flow from the form waits for the console, which drives it to SUCCESS', async () => {
    const ui = await open();
    try {
      const { page } = ui;
      await fillBasics(page, 'ui instruct', '/login.html', 'Instruct');
      await page.getByRole('checkbox', { name: 'PASSWORD' }).check();
      await page.getByRole('button', { name: 'Start flow' }).click();
      await page.waitForURL(/\/flows\/[0-9a-f-]{36}$/);
      await waitText(page.locator('.flow-head .badge').first(), /Waiting for you/);
      const frame = page.getByRole('img', { name: 'Latest frame' });
      await frame.waitFor();
      const tool = page.getByRole('combobox', { name: 'Tool', exact: true });
      const send = async (name: string, fields: Record<string, string>) => {
        const before = await frame.getAttribute('src');
        await tool.selectOption(name);
        for (const [label, value] of Object.entries(fields)) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
        await page.getByRole('button', { name: 'Send' }).click();
        // The console goes with the live flow: markObjectiveComplete's answer is the flow's Success (below).
        if (name === 'markObjectiveComplete') return;
        await waitText(page.getByRole('log', { name: 'Answers' }).locator('p').first(), new RegExp(`^${name}.*Succeeded`, 's'));
        // The new frame appears with the answer.
        await eventually(async () => (await frame.getAttribute('src')) !== before, 10_000, 'a new frame');
      };
      await send('type', { Selector: '#username', Text: 'alice' });
      await send('type', { Selector: '#password', Text: '${PASSWORD}' });
      await send('click', { Selector: 'role=button[name="Sign in"]' });
      await send('markObjectiveComplete', { Summary: 'Signed in' });
      await waitForState(page, /^Success/);
      const calls = (await svc.request('GET', `/api/flows/${flowIdOf(page)}/tool-calls`)).body;
      assert.deepEqual(calls.map((c: any) => [c.name, c.source]), [['type', 'USER'], ['type', 'USER'], ['click', 'USER'], ['markObjectiveComplete', 'USER']]);
      assert.match(calls[2].pageUrl ?? '', /welcome\.html/);
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });
});

describe('Flow view', () => {
  let flowId: string;
  let failedId: string;
  before(async () => {
    const ok = await runFlow(svc, deterministic(site.url, '/login.html', [...loginCalls, { name: 'assertText', parameters: { text: 'Welcome, alice!' } }], { name: 'ui view', envVars: ['PASSWORD'] }), 60_000);
    assert.equal(ok.state, 'SUCCESS', JSON.stringify(ok.result));
    flowId = ok.id;
    const failed = await runFlow(svc, deterministic(site.url, '/login.html', [loginCalls[0]!, { name: 'assertText', parameters: { text: 'Not on this page', timeoutMs: 200 } }], { name: 'ui failing' }), 60_000);
    assert.equal(failed.state, 'FAILED');
    failedId = failed.id;
  });

  test('selecting a step shows its screenshot, seeks the video, and keys move between steps', async () => {
    const ui = await open();
    try {
      const { page } = ui;
      await page.goto(`${svc.url}/flows/${flowId}`);
      const links = page.getByRole('list', { name: 'Steps' }).getByRole('link');
      await links.nth(2).click();
      await page.waitForURL(/step=3/);
      const shot = page.getByRole('img', { name: 'Screenshot of step 3' });
      await shot.waitFor();
      await eventually(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 10_000, 'the screenshot loads');
      assert.equal(await links.nth(2).getAttribute('aria-current'), 'step');
      // Its details show the selector used and, on demand, the candidates tried (outcome.selectorUsed, outcome.selectorsTried).
      const details = page.getByRole('region', { name: /^Step 3/ });
      await details.getByText('1 candidate tried').click();
      const tried = details.locator('ol.selectors').first().getByRole('listitem');
      await waitText(tried.first(), /#login-button\s*used/);

      // The video was sought to the step's place: its videoOffsetMs (the recorder's own timeline).
      const calls = (await svc.request('GET', `/api/flows/${flowId}/tool-calls`)).body;
      const video = page.locator('video');
      const expected = async (n: number) => {
        const duration = await eventually(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 1 && Number.isFinite(v.duration) ? v.duration : 0)), 30_000, 'video metadata');
        assert.equal(typeof calls[n - 1].videoOffsetMs, 'number');
        return Math.min(calls[n - 1].videoOffsetMs / 1000, duration - 0.05);
      };
      const at = () => video.evaluate((v: HTMLVideoElement) => v.currentTime);
      await eventually(async () => Math.abs((await at()) - (await expected(3))) < 0.05, 30_000, 'the video at step 3');

      // j / k move the selection (and the video with it); the focus follows.
      await links.nth(2).focus();
      await page.keyboard.press('j');
      await page.waitForURL(/step=4/);
      // The focus moves in the frame after the selection (requestAnimationFrame), so the URL can change first (CI, stop 43).
      await eventually(() => links.nth(3).evaluate((el) => el === document.activeElement), 5000, 'focus on step 4');
      await eventually(async () => Math.abs((await at()) - (await expected(4))) < 0.05, 30_000, 'the video at step 4');
      await page.keyboard.press('k');
      await page.keyboard.press('k');
      await page.waitForURL(/step=2/);
      await page.getByRole('img', { name: 'Screenshot of step 2' }).waitFor();
      // Keys pressed faster than the page re-renders each count (two in one task: a loaded machine lost one this way).
      const pressTwice = (key: string) => page.evaluate((k) => {
        for (let i = 0; i < 2; i++) document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));
      }, key);
      await pressTwice('j');
      await page.waitForURL(/step=4/);
      await pressTwice('k');
      await page.waitForURL(/step=2/);

      // Space plays the video in its tab; the step being played is highlighted.
      // The 'play' event is what counts, and a slow rate keeps it playing until the pause: on a loaded machine the
      // seconds left after step 2 played out between two polls (CI, stop 28).
      await video.evaluate((v: HTMLVideoElement) => { v.playbackRate = 0.1; v.addEventListener('play', () => { v.dataset.played = 'yes'; }, { once: true }); });
      await page.keyboard.press(' ');
      await eventually(() => page.getByRole('tab', { name: 'Video' }).getAttribute('aria-selected').then((s) => s === 'true'), 5000, 'the video tab');
      await eventually(() => video.evaluate((v: HTMLVideoElement) => v.dataset.played === 'yes' && !v.paused), 5000, 'the video plays');
      await page.keyboard.press(' ');
      await eventually(() => video.evaluate((v: HTMLVideoElement) => v.paused), 5000, 'the video pauses');
      await video.evaluate((v: HTMLVideoElement) => { v.currentTime = Math.max(0, v.duration - 0.1); });
      await eventually(async () => (await page.locator('.step.is-playing').count()) === 1 && /assertText/.test((await page.locator('.step.is-playing').textContent()) ?? ''), 5000, 'the last step highlighted');
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });

  test('"Jump to first failure" selects the failed step, clearing filters that hide it', async () => {
    const ui = await open();
    try {
      const { page } = ui;
      await page.goto(`${svc.url}/flows/${failedId}?outcome=ok`);
      const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
      await eventually(async () => (await steps.count()) === 1, 10_000, 'the filter applies');
      await waitText(page.locator('.result'), /TOOL_CALL_FAILED/);
      await page.getByRole('button', { name: 'Jump to first failure' }).click();
      await page.waitForURL((u) => u.searchParams.get('step') === '2' && !u.searchParams.has('outcome'));
      assert.equal(await steps.count(), 2);
      assert.equal(await steps.nth(1).getByRole('link').getAttribute('aria-current'), 'step');
      await waitText(page.getByRole('region', { name: /^Step 2/ }), /Failed/);
      // Filter by tool, from the URL too.
      await page.getByRole('combobox', { name: 'Filter by tool' }).selectOption('type');
      await page.waitForURL(/tool=type/);
      assert.equal(await steps.count(), 1);
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });

  test('export: the downloaded test runs green, the project zips, curl recreates the flow, Rerun and Save run it again', async () => {
    const ui = await open();
    await ui.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: svc.url });
    const dir = join(ROOT, 'test', `.tmp-ui-${randomBytes(6).toString('hex')}`);
    try {
      const { page } = ui;
      await page.goto(`${svc.url}/flows/${flowId}`);

      const [testFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download test' }).click()]);
      assert.equal(testFile.suggestedFilename(), 'ui-view.spec.mjs');
      await mkdir(dir);
      await testFile.saveAs(join(dir, 'ui-view.spec.mjs'));
      const code = await readFile(join(dir, 'ui-view.spec.mjs'), 'utf8');
      assert.match(code, /@playwright\/test/);
      assert.ok(!code.includes(PASSWORD));
      const run = await runPlaywrightTest(dir, { PASSWORD });
      assert.equal(run.code, 0, run.output);

      const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download project' }).click()]);
      assert.equal(zip.suggestedFilename(), 'ui-view-tests.zip');
      await zip.saveAs(join(dir, 'p.zip'));
      assert.equal((await readFile(join(dir, 'p.zip'))).subarray(0, 2).toString(), 'PK');

      await page.getByRole('button', { name: 'Copy as curl' }).click();
      const curl = await eventually(async () => {
        const text = await page.evaluate(() => navigator.clipboard.readText());
        return text.startsWith('curl') ? text : false;
      }, 5000, 'the clipboard');
      assert.ok(curl.startsWith(`curl -s -X POST ${svc.url}/api/flows -H 'content-type: application/json' -d '`), curl);
      const body = JSON.parse(curl.slice(curl.indexOf("-d '") + 4, -1).replace(/'\\''/g, "'"));
      assert.equal(body.name, 'ui view');
      assert.deepEqual(body.envVars, ['PASSWORD']);
      const again = await svc.request('POST', '/api/flows', body);
      assert.equal(again.status, 201, again.text);
      await svc.request('POST', `/api/flows/${again.body.id}/cancel`);

      await page.getByRole('button', { name: 'Rerun' }).click();
      await page.waitForURL((u) => /\/flows\/[0-9a-f-]{36}$/.test(u.pathname) && !u.pathname.endsWith(flowId));
      await waitForState(page, /^Success/);
      assert.equal((await page.getByRole('heading', { level: 1 }).textContent()), 'ui view');
      const rerunId = flowIdOf(page);
      await page.getByRole('link', { name: 'Compare with another run' }).click();
      await page.waitForURL(/\/compare\?a=/);
      await page.getByRole('combobox', { name: 'Second run' }).selectOption(flowId);
      await page.waitForURL(new RegExp(`b=${flowId}`));
      await waitText(page.getByRole('status').filter({ hasText: /runs match|divergence/ }), /The runs match step for step/);

      await page.goto(`${svc.url}/flows/${rerunId}`);
      await page.getByRole('button', { name: 'Save as deterministic flow' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as deterministic flow' });
      const name = dialog.getByRole('textbox', { name: 'Name' });
      assert.equal(await name.inputValue(), 'ui view (deterministic)');
      await name.fill('ui saved');
      await dialog.getByRole('button', { name: 'Save and run' }).click();
      await page.getByRole('heading', { name: 'ui saved' }).waitFor();
      await waitForState(page, /^Success/);
      const saved = (await svc.request('GET', `/api/flows/${flowIdOf(page)}`)).body;
      assert.equal(saved.initialRunMode, 'DETERMINISTIC');
      assert.ok(Array.isArray(saved.toolCallsOnStart[0].parameters.selector), 'the recorded candidates');
      assertNoErrors(ui);
    } finally {
      await ui.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('Compare', () => {
  test('two runs of a flow: steps aligned, the first divergence, side-by-side screenshots, selector changes', async () => {
    const a = await runFlow(svc, deterministic(site.url, '/login.html', [loginCalls[0]!, { name: 'click', parameters: { selector: '#login-button' } }, { name: 'assertText', parameters: { text: 'Welcome' } }], { name: 'ui compare' }), 60_000);
    const b = await runFlow(svc, deterministic(site.url, '/login.html', [{ name: 'type', parameters: { selector: '#password', text: 'alice' } }, { name: 'assertText', parameters: { text: 'Sign in' } }], { name: 'ui compare' }), 60_000);
    const ui = await open();
    try {
      const { page } = ui;
      await page.goto(`${svc.url}/compare?a=${a.id}`);
      // The second run defaults to the other run with the same name.
      await page.waitForURL(new RegExp(`b=${b.id}`));
      await waitText(page.getByRole('status').filter({ hasText: /divergence/ }), /First divergence at row 1: step 1 \(type\) differs in target/);
      const rows = page.getByRole('table', { name: 'Aligned steps' }).locator('tbody tr');
      assert.equal(await rows.count(), 3);
      assert.match((await rows.nth(1).textContent()) ?? '', /only in the first run/);
      assert.match((await rows.nth(2).textContent()) ?? '', /parameters/);
      // The first divergence is shown side by side.
      await page.getByRole('img', { name: 'First run, screenshot of step 1' }).waitFor();
      await page.getByRole('img', { name: 'Second run, screenshot of step 1' }).waitFor();
      await page.getByRole('button', { name: 'Show row 2' }).click();
      await page.getByRole('img', { name: 'First run, screenshot of step 2' }).waitFor();
      assert.equal(await page.getByRole('img', { name: /^Second run/ }).count(), 0);
      const changes = page.getByRole('region', { name: 'Selector changes' });
      // What changed, not the first candidates (which may be alike): the candidates only one run recorded.
      assert.match((await changes.textContent()) ?? '', /Step 1 → 1\s*type/);
      assert.match((await changes.locator('del').first().textContent()) ?? '', /username/);
      assert.match((await changes.locator('ins').first().textContent()) ?? '', /password/);
      assert.equal(await page.getByRole('combobox', { name: 'Second run' }).inputValue(), b.id);
      assertNoErrors(ui);
    } finally {
      await ui.close();
    }
  });
});

/** Runs a downloaded spec with the Playwright Test runner and the machine's Chromium. */
async function runPlaywrightTest(dir: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  await writeFile(join(dir, 'playwright.config.mjs'), `export default {
  testDir: '.', testMatch: /.*\\.spec\\.mjs$/, workers: 1, reporter: 'line', timeout: 60000, outputDir: ${JSON.stringify(join(dir, 'test-results'))},
  use: { launchOptions: { executablePath: ${JSON.stringify(TEST_CHROMIUM)}, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] } },
};\n`);
  const cli = join(ROOT, 'node_modules/@playwright/test/cli.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'test', '--config', 'playwright.config.mjs'], {
      cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`playwright test took too long\n${output}`)); }, 120_000);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}
