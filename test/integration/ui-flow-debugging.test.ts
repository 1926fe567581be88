/**
 * The flow view as the place to debug a flow, in a real Chromium against
 * the real service: honest reruns of a failed flow, Cancelled shown as
 * such, live durations that tick, the model picker of the Mode switch,
 * long messages that wrap, the selector a step used with its fallback,
 * one Tab stop for the steps (arrow keys inside, the current step kept in
 * view), the failed step's whole message, each step before and after (its
 * target marked, enlarged, zoomed), the page's console and failed requests
 * per step, and point and act in the Instruct console.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { createFakeLlmServer, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';
import { deterministic, runFlow, waitForFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi, type UiPage } from './support/ui';

let svc: RunningService;
let site: TestSite;
let fake: FakeLlmServer;
let browser: Browser;

before(async () => {
  [site, fake, browser] = await Promise.all([startTestSite(), createFakeLlmServer('openai'), launchChromium()]);
  svc = await startService({ settings: { flows: { actionTimeoutMs: 5_000 } } });
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await Promise.all([site?.close(), fake?.close()]);
});

async function waitText(locator: Locator, pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => pattern.test((await locator.textContent({ timeout: 1000 })) ?? ''), timeoutMs, `text ${pattern}`);
}

async function withUi(fn: (page: Page, ui: UiPage) => Promise<void>, options: { width?: number; height?: number } = {}): Promise<void> {
  const ui = await openUi(browser, [svc.url, site.url], options);
  try {
    await fn(ui.page, ui);
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
}

const badge = (page: Page) => page.locator('.flow-head .badge').first();
const steps = (page: Page) => page.getByRole('list', { name: 'Steps' }).getByRole('link');

describe('a failed flow', () => {
  let failedId: string;
  before(async () => {
    const flow = await runFlow(svc, deterministic(site.url, '/iframe.html', [
      { name: 'assertText', parameters: { text: 'Outside the frame' } },
      { name: 'click', parameters: { selector: '#inner' } },
    ], { name: 'ui failed in a frame' }), 60_000);
    assert.equal(flow.state, 'FAILED');
    failedId = flow.id;
  });

  test('offers "Rerun as it ran" (fails the same way) and "Rerun the N steps that passed"; downloads say the failed step is left out', async () => {
    await withUi(async (page) => {
      await page.goto(`${svc.url}/flows/${failedId}`);
      const asRan = page.getByRole('button', { name: 'Rerun as it ran' });
      const passed = page.getByRole('button', { name: 'Rerun the 1 step that passed' });
      await asRan.waitFor();
      await passed.waitFor();
      await waitText(page.locator('.export-note'), /replay the 1 step that passed; step 2 \(click\), which failed, is left out, and the test is marked as recorded from a failed flow/);
      // The failed step says where its element is and how to reach it, in full.
      await waitText(page.locator('.result'), /inside the frame iframe/);
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download test' }).click();
      const file = await readFile(await (await download).path(), 'utf8');
      assert.match(file, /test\.info\(\)\.annotations\.push\(\{ type: 'recorded-from-failed-flow'/);

      await asRan.click();
      await page.waitForURL((u) => !u.pathname.endsWith(failedId) && /\/flows\/[0-9a-f-]{36}$/.test(u.pathname));
      const again = page.url().split('/').at(-1)!;
      const rerun = await waitForFlow(svc, again, (f) => f.state === 'FAILED' || f.state === 'SUCCESS', 60_000);
      assert.equal(rerun.state, 'FAILED', 'the rerun fails where the flow failed');
      assert.equal(rerun.result.error.code, 'TOOL_CALL_FAILED');
      await waitText(badge(page), /^Failed$/);

      await page.goto(`${svc.url}/flows/${failedId}`);
      await passed.click();
      await page.waitForURL((u) => !u.pathname.endsWith(failedId) && !u.pathname.endsWith(again) && /\/flows\/[0-9a-f-]{36}$/.test(u.pathname));
      const ok = await waitForFlow(svc, page.url().split('/').at(-1)!, (f) => f.state === 'FAILED' || f.state === 'SUCCESS', 60_000);
      assert.equal(ok.state, 'SUCCESS', JSON.stringify(ok.result));
    });
  });

  test('a message without spaces wraps: the page stays as wide as the window', async () => {
    const long = `x${'y'.repeat(3000)}`;
    const flow = await runFlow(svc, deterministic(site.url, '/login.html', [{ name: 'assertText', parameters: { text: long, timeoutMs: 100 } }], { name: 'ui long message' }), 60_000);
    assert.equal(flow.state, 'FAILED');
    await withUi(async (page) => {
      await page.goto(`${svc.url}/flows/${flow.id}?step=1`);
      await waitText(page.locator('.result'), /yyyy/);
      await page.getByRole('region', { name: /^Step 1/ }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 1400, `the page is ${width} px wide in a 1400 px window`);
    }, { width: 1400, height: 900 });
  });
});

test('a cancelled flow shows Cancelled in the list and the flow view; its interrupted step is no failure to jump to', async () => {
  const created = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', [{ name: 'wait', parameters: { ms: 20_000 } }], { name: 'ui to cancel' }));
  const id = created.body.id;
  await waitForFlow(svc, id, (f) => f.state === 'RUNNING_ACTION', 60_000);
  await svc.request('POST', `/api/flows/${id}/cancel`);
  await withUi(async (page) => {
    await page.goto(`${svc.url}/flows/${id}`);
    await waitText(badge(page), /^Cancelled$/);
    assert.equal(await badge(page).getAttribute('class'), 'badge badge-idle', 'not the red badge of a failure');
    assert.equal(await page.getByRole('button', { name: 'Jump to first failure' }).isDisabled(), true);
    await waitText(steps(page).first(), /interrupted/);
    await page.goto(`${svc.url}/?q=ui%20to%20cancel`);
    await waitText(page.getByRole('table', { name: 'Flows' }).locator('tbody tr').first(), /Cancelled/);
  });
});

test('live durations tick while the flow waits for you', async () => {
  const created = await svc.request('POST', '/api/flows', { name: 'ui ticking', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT' });
  const id = created.body.id;
  try {
    await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
    await withUi(async (page) => {
      await page.goto(`${svc.url}/flows/${id}`);
      await waitText(badge(page), /Waiting for you/);
      const duration = page.locator('.flow-head .duration');
      const first = await duration.textContent();
      await eventually(async () => (await duration.textContent()) !== first, 5_000, 'the duration moved on');
    });
  } finally {
    await svc.request('POST', `/api/flows/${id}/cancel`);
  }
});

test('switching an Instruct flow without a model to Autonomous offers the GPT configurations; the list filters by the mode it started in', async () => {
  const put = await svc.request('POST', '/api/gpt-configs/picked-model', fake.gptConfig());
  assert.equal(put.status, 200, put.text);
  fake.push({ stallMs: 60_000 });
  const created = await svc.request('POST', '/api/flows', { name: 'ui pick a model', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', overallObjective: 'Sign in' });
  const id = created.body.id;
  try {
    await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
    await withUi(async (page) => {
      await page.goto(`${svc.url}/flows/${id}`);
      await waitText(badge(page), /Waiting for you/);
      await page.getByRole('group', { name: 'Mode' }).getByRole('radio', { name: 'Autonomous' }).click();
      const picker = page.getByRole('group', { name: 'Model for Autonomous' });
      await picker.waitFor();
      assert.equal(await page.getByRole('alert').count(), 0, 'no raw API message');
      assert.equal(await picker.getByRole('link', { name: /Settings/ }).getAttribute('href'), '/settings');
      assert.equal(await picker.getByRole('combobox', { name: 'GPT configuration' }).inputValue(), 'picked-model');
      await picker.getByRole('button', { name: 'Switch to Autonomous' }).click();
      await waitText(page.locator('.flow-head .badge-mode'), /^Instruct → Autonomous$/);
      const flow = (await svc.request('GET', `/api/flows/${id}`)).body;
      assert.equal(flow.runMode, 'AUTONOMOUS');
      assert.equal(flow.gptConfigName, 'picked-model');

      // Filtered by the mode it started in, shown with both.
      await page.goto(`${svc.url}/?mode=INSTRUCT&q=ui%20pick`);
      const row = page.getByRole('table', { name: 'Flows' }).locator('tbody tr').first();
      await waitText(row, /ui pick a model/);
      await waitText(row, /Instruct → Autonomous/);
    });
  } finally {
    await svc.request('POST', `/api/flows/${id}/cancel`);
  }
});

describe('the steps of a finished flow', () => {
  let noisyId: string;
  let manyId: string;
  before(async () => {
    const [noisy, many] = await Promise.all([
      runFlow(svc, deterministic(site.url, '/noisy.html', [
        { name: 'type', parameters: { selector: '#field', text: 'hello' } },
        { name: 'click', parameters: { selector: ['#does-not-exist', 'text=Make noise'] } },
        { name: 'assertText', parameters: { text: 'Noise made' } },
      ], { name: 'ui noisy' }), 60_000),
      runFlow(svc, deterministic(site.url, '/index.html', Array.from({ length: 40 }, () => ({ name: 'wait', parameters: { ms: 0 } })), { name: 'ui many steps' }), 90_000),
    ]);
    assert.equal(noisy.state, 'SUCCESS', JSON.stringify(noisy.result));
    noisyId = noisy.id;
    manyId = many.id;
  });

  test('a step shows the selector it used, with a fallback or healed badge, and the candidates tried on demand', async () => {
    await withUi(async (page) => {
      await page.goto(`${svc.url}/flows/${noisyId}`);
      const click = steps(page).nth(1);
      await waitText(click, /text=Make noise/);
      assert.doesNotMatch((await click.textContent()) ?? '', /#does-not-exist/);
      await waitText(click.locator('.chip-warn'), /^(fallback|healed)/);
      await click.click();
      const details = page.getByRole('region', { name: /^Step 2/ });
      await waitText(details, /Selectortext=Make noise/);
      await details.getByText('2 candidates tried').click();
      await waitText(details.locator('ol.selectors').first(), /#does-not-exist\s*matched 0 elements.*text=Make noise\s*used/s);
    });
  });

  test('each step before and after: the target marked on the picture before, enlarged and zoomed; the page\'s console and failed requests', async () => {
    await withUi(async (page) => {
      await page.goto(`${svc.url}/flows/${noisyId}?step=2`);
      const before = page.getByRole('img', { name: 'Before step 2' });
      const afterShot = page.getByRole('img', { name: 'Screenshot of step 2' });
      await before.waitFor();
      await afterShot.waitFor();
      // The before picture is the first step's after picture.
      const [beforeSrc, firstAfter] = await Promise.all([before.getAttribute('src'), page.evaluate(async (id) => (await (await fetch(`/api/flows/${id}/tool-calls`, { headers: { 'x-browserflow-client': 'ui' } })).json())[0].screenshotImageId, noisyId)]);
      assert.ok(beforeSrc?.endsWith(firstAfter), `${beforeSrc} is step 1's picture ${firstAfter}`);
      // The mark sits where the button was, in proportion to the picture.
      const mark = page.locator('.picture .box-mark').first();
      await mark.waitFor();
      const call = (await svc.request('GET', `/api/flows/${noisyId}/tool-calls`)).body[1];
      const [m, img] = await Promise.all([mark.boundingBox(), before.boundingBox()]);
      const scale = img!.width / call.outcome.box.viewportWidth;
      assert.ok(Math.abs(m!.x - img!.x - call.outcome.box.x * scale) < 3, JSON.stringify({ m, img, box: call.outcome.box }));
      assert.ok(Math.abs(m!.width - call.outcome.box.width * scale) < 3);
      // Click to enlarge, then zoom.
      await page.getByRole('button', { name: 'Enlarge Before step 2' }).click();
      const dialog = page.getByRole('dialog', { name: 'Before step 2' });
      await dialog.waitFor();
      const big = dialog.locator('.zoom-pane img');
      const w1 = (await big.boundingBox())!.width;
      await dialog.getByRole('button', { name: '200 %' }).click();
      await eventually(async () => (await big.boundingBox())!.width > w1 * 1.8, 5_000, 'zoomed to 200 %');
      await dialog.locator('.zoom-pane .box-mark').waitFor();
      await page.keyboard.press('Escape');

      // The step during which the page logged the error, and the one during which the request failed (the same or the next).
      const list = (await svc.request('GET', `/api/flows/${noisyId}/tool-calls`)).body;
      const logged = list.findIndex((c: any) => c.console.some((e: any) => /Save failed/.test(e.text))) + 1;
      const failed = list.findIndex((c: any) => c.network.some((n: any) => n.status === 500)) + 1;
      assert.ok(logged > 0 && failed > 0, JSON.stringify(list.map((c: any) => [c.console, c.network])));
      await page.goto(`${svc.url}/flows/${noisyId}?step=${logged}`);
      await waitText(page.getByRole('region', { name: new RegExp(`^Step ${logged}`) }), /Console.*error\s*Save failed for hello/s);
      await waitText(steps(page).nth(logged - 1), /\d+ console/);
      await page.goto(`${svc.url}/flows/${noisyId}?step=${failed}`);
      await waitText(page.getByRole('region', { name: new RegExp(`^Step ${failed}`) }), /Network.*500\s*GET http:\/\/127\.0\.0\.1:\d+\/status\?code=500&token=(tok)?\*{4}/s);
      await waitText(steps(page).nth(failed - 1), /\d+ network/);
    });
  });

  test('one Tab stop for the steps; arrow keys, Home and End move inside; the current step stays in view; a video that failed to load loads again', async () => {
    await withUi(async (page, ui) => {
      // The first load of the video fails (a lost connection): the player loads it again on its own.
      let refused = 0;
      await page.route(/\/api\/flows\/[^/]+\/video$/, (route) => (refused++ === 0
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","message":"gone for a moment"}' })
        : route.continue()));
      await page.goto(`${svc.url}/flows/${manyId}`);
      await waitText(page.locator('#steps-heading'), /Steps 40/);
      await page.getByRole('combobox', { name: 'Filter by outcome' }).focus();
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-step')), '1', 'the list is the next Tab stop');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.closest('ol.steps')), null, 'one Tab leaves the list');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('ArrowDown');
      await page.waitForURL(/step=1/);
      await page.keyboard.press('ArrowDown');
      await page.waitForURL(/step=2/);
      // Focus follows on the next frame.
      await eventually(async () => (await page.evaluate(() => document.activeElement?.getAttribute('data-step'))) === '2', 5_000, 'focus on step 2');
      await page.keyboard.press('End');
      await page.waitForURL(/step=40/);
      // In the list's own scrolling box, and in the window.
      const inView = () => page.evaluate(() => {
        const list = document.querySelector('ol.steps')!.getBoundingClientRect();
        const item = document.querySelector('[aria-current="step"]')!.getBoundingClientRect();
        return item.top >= list.top - 1 && item.bottom <= list.bottom + 1 && item.top >= 0 && item.bottom <= window.innerHeight;
      });
      await eventually(inView, 5_000, 'the last step scrolled into the list');
      assert.ok(await page.evaluate(() => document.querySelector('ol.steps')!.scrollTop > 0), 'the list scrolled');
      await page.keyboard.press('Home');
      await page.waitForURL(/step=1$/);
      await eventually(inView, 5_000, 'the first step scrolled into the list');
      // Playback moves the highlight: the step being played is kept in view too.
      await page.getByRole('tab', { name: 'Video' }).click();
      const video = page.locator('video');
      await eventually(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && Number.isFinite(v.duration)), 90_000, 'video metadata (finished in the background after the flow)')
        .catch(async (err) => { throw new Error(`${err.message}: ${await video.evaluate((v: HTMLVideoElement) => JSON.stringify({ rs: v.readyState, d: v.duration, ns: v.networkState, e: v.error?.message, src: v.currentSrc }))}`); });
      assert.ok(refused >= 2, `loaded again after the failed load (${refused} requests)`);
      assert.equal(await page.getByText('The video could not be loaded').count(), 0);
      // The one error the page logged is the refused load.
      assert.deepEqual(ui.errors.splice(0), ['console: Failed to load resource: the server responded with a status of 503 (Service Unavailable)']);
      await video.evaluate((v: HTMLVideoElement) => { v.currentTime = Math.max(0, v.duration - 0.1); });
      await eventually(() => page.evaluate(() => {
        const list = document.querySelector('ol.steps')!.getBoundingClientRect();
        const item = document.querySelector('.step.is-playing')?.getBoundingClientRect();
        return !!item && item.top >= list.top - 1 && item.bottom <= list.bottom + 1 && document.querySelector('ol.steps')!.scrollTop > 0;
      }), 10_000, 'the played step in view');
    }, { width: 1280, height: 640 });
  });
});

describe('point and act in the Instruct console', () => {
  for (const [driver, using] of [['Playwright', { type: 'device', headless: true }], ['WebDriver', { type: 'webdriver' }]] as const) {
    test(`${driver}: click the live frame to pick an element, test the selector, see the page's refs, send the call`, async () => {
      const created = await svc.request('POST', '/api/flows', { name: `ui point ${driver}`, targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', browser: { using } });
      const id = created.body.id;
      try {
        await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
        const input = (await svc.request('POST', `/api/flows/${id}/selector-test`, { selector: '#username' })).body.elements[0].box;
        await withUi(async (page) => {
          await page.goto(`${svc.url}/flows/${id}`);
          const frame = page.getByRole('img', { name: 'Latest frame' });
          await frame.waitFor();
          await eventually(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 30_000, 'a frame');
          // The next call types into what is picked.
          await page.getByRole('combobox', { name: 'Tool', exact: true }).selectOption('type');
          const shown = (await frame.boundingBox())!;
          await frame.click({ position: { x: ((input.x + input.width / 2) / input.viewportWidth) * shown.width, y: ((input.y + input.height / 2) / input.viewportHeight) * shown.height } });
          const found = page.locator('.console .found');
          await waitText(found, /Picked textbox "Username": \d+ selectors?, best first/);
          const selector = page.getByRole('textbox', { name: 'Selector' });
          assert.match(await selector.inputValue(), /^(#username|\[data-testid="username"\])/m);
          assert.ok((await selector.inputValue()).split('\n').includes('#username'));
          await selector.fill('#username\ninput');
          await page.getByRole('button', { name: 'Test selector' }).click();
          await waitText(found, /#username: 1 element \(textbox "Username"\).*input: 2 elements \(textbox "Username", textbox "Password"\)/s);
          await page.getByRole('button', { name: 'Page elements' }).click();
          await waitText(page.locator('.console .refs pre'), /\[\d+\] textbox "Username"/);
          await selector.fill('#username');
          await page.getByRole('textbox', { name: 'Text' }).fill('alice');
          await page.getByRole('button', { name: 'Send' }).click();
          await waitText(page.getByRole('log', { name: 'Answers' }), /type.*Succeeded/);
        });
      } finally {
        await svc.request('POST', `/api/flows/${id}/cancel`);
      }
    });
  }

  test('the failed step\'s whole message shows in the Instruct layout', async () => {
    const created = await svc.request('POST', '/api/flows', { name: 'ui instruct failure', targetWebsite: `${site.url}/iframe.html`, initialRunMode: 'INSTRUCT' });
    const id = created.body.id;
    try {
      await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
      await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'click', parameters: { selector: '#inner' } });
      await waitForFlow(svc, id, (f) => f.progress.toolCallsFailed === 1, 30_000);
      await withUi(async (page) => {
        await page.goto(`${svc.url}/flows/${id}`);
        const msg = steps(page).first().locator('.step-msg');
        await waitText(msg, /internal:control=enter-frame >> #inner"?$/);
        const clipped = await msg.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
        assert.equal(clipped, false, 'the message is not cut');
      });
    } finally {
      await svc.request('POST', `/api/flows/${id}/cancel`);
    }
  });
});

test('a finished flow whose site was down says why it has no screenshot', async () => {
  const flow = await runFlow(svc, { name: 'ui site down', targetWebsite: 'http://127.0.0.1:9/', initialRunMode: 'DETERMINISTIC', toolCallsOnStart: [] }, 60_000);
  assert.equal(flow.result.error.code, 'TARGET_UNREACHABLE');
  await withUi(async (page) => {
    await page.goto(`${svc.url}/flows/${flow.id}`);
    await waitText(page.locator('.media-empty'), /^No screenshot was taken: the flow ended before a page was shown\.$/);
  });
});
