/**
 * The web UI's runs, suites and heals in real Chromium against the real
 * service: the Runs page (suites with their schedule, every run, "Start a
 * run"), a run's matrix of flows by attempt with verdicts and report links,
 * the open heals with both screenshots and Accept, "Run again" followed
 * live to PASSED, tag chips and the tag filter on the Flows page, tags
 * edited in a flow's view; axe finds no serious or critical violation in
 * either theme, and no view scrolls sideways at 390 px.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startQaSite, type QaSite } from '../fixtures/qa-site/serve';
import { assertNoErrors, eventually, launchChromium, openUi, seriousViolations, type UiPage } from './support/ui';
import { qaFlows, record, runToEnd } from './support/runs';

let svc: RunningService;
let site: QaSite;
let browser: Browser;
let ui: UiPage;
let page: Page;
const flows: Record<string, any> = {};
let failedRun: any;

async function axeBothThemes(what: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.getByRole('combobox', { name: 'Theme' }).selectOption(theme);
    const found = await seriousViolations(page);
    assert.deepEqual(found, [], `${what}, ${theme}: ${JSON.stringify(found, null, 2)}`);
  }
}

describe('web UI: runs, suites, heals, tags', () => {
  before(async () => {
    site = await startQaSite();
    svc = await startService({ settings: { flows: { video: false } } });
    const bodies = qaFlows(site.url);
    flows.login = await record(svc, bodies.login);
    flows.buy = await record(svc, bodies.buy);
    assert.equal((await svc.request('POST', '/api/suites/smoke', { tags: ['smoke'], repeat: 1, schedule: '0 4 * * 1-5', timezone: 'UTC' })).status, 201);
    site.set('login', 'renamed');
    site.set('buy', 'removed');
    failedRun = await runToEnd(svc, { suite: 'smoke' });
    assert.equal(failedRun.state, 'FAILED');
    browser = await launchChromium();
    ui = await openUi(browser, [svc.url]);
    page = ui.page;
  });
  after(async () => {
    await ui?.close();
    await browser?.close();
    await svc?.stop();
    await site?.close();
  });

  test('Runs: the suite with its schedule and last run, the run with its verdicts and report links', async () => {
    await page.goto(`${svc.url}/runs`);
    const suites = page.getByRole('table', { name: 'Suites' });
    const row = suites.getByRole('row').filter({ hasText: 'smoke' });
    await row.waitFor();
    assert.match(await row.innerText(), /smoke[\s\S]*0 4 \* \* 1-5[\s\S]*UTC[\s\S]*Failed/);
    const runs = page.getByRole('table', { name: 'Runs' });
    const runRow = runs.getByRole('row').nth(1);
    assert.match(await runRow.innerText(), /smoke\s+api\s+Failed\s+1 healed · 1 failed/);
    assert.equal(await runRow.getByRole('link', { name: 'JUnit' }).getAttribute('href'), `/api/runs/${failedRun.id}/junit.xml`);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Runs' }).getAttribute('aria-current'), 'page');
    assert.match(await page.getByRole('link', { name: /Open heals/ }).innerText(), /Open heals \(1\)/);
    await axeBothThemes('Runs');
    assertNoErrors(ui);
  });

  test('Heals: the open proposal with both screenshots; axe passes', async () => {
    await page.getByRole('link', { name: /Open heals/ }).click();
    const card = page.getByRole('article', { name: 'Heal of sign in, step 2 (click)' });
    await card.waitFor();
    assert.match(await card.innerText(), /Recorded \S+[\s\S]*button "Sign in"[\s\S]*Matched now fingerprint \(no selector matched\) button "Sign-in"/);
    for (const alt of ['Recorded: sign in, step 2 (click)', 'Matched now: sign in, step 2 (click)']) {
      const img = card.getByRole('img', { name: alt });
      await eventually(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0), 10_000, `${alt} loaded`);
    }
    await axeBothThemes('Heals');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
  });

  test('a run: the matrix of flows by attempt; Accept on its heal records the healed locator', async () => {
    await page.goto(`${svc.url}/runs/${failedRun.id}`);
    const matrix = page.getByRole('table', { name: 'Verdicts by flow and attempt' });
    await matrix.waitFor();
    assert.match(await matrix.getByRole('row', { name: /buy/ }).innerText(), /buy\s+failed\s+Failed[\s\S]*TOOL_CALL_FAILED/);
    assert.match(await matrix.getByRole('row', { name: /sign in/ }).innerText(), /sign in\s+healed\s+Success[\s\S]*healed/);
    assert.equal(await page.getByRole('link', { name: 'HTML report' }).getAttribute('href'), `/api/runs/${failedRun.id}/report.html`);
    await axeBothThemes('Run');
    await page.getByRole('combobox', { name: 'Theme' }).selectOption('light');
    const card = page.getByRole('article', { name: /Heal of sign in/ });
    await card.getByRole('button', { name: 'Accept' }).click();
    await card.getByText('accepted').waitFor();
    assert.equal(await card.getByRole('button', { name: 'Accept' }).count(), 0);
    const flow = (await svc.request('GET', `/api/flows/${flows.login.id}`)).body;
    assert.equal(flow.revision, 2);
    assertNoErrors(ui);
  });

  test('"Run again" starts the same run and follows it live to PASSED', async () => {
    site.set('buy', 'original');
    await page.getByRole('button', { name: 'Run again' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/runs/') && !url.pathname.endsWith(failedRun.id));
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'Run of suite smoke' }).waitFor();
    // No reload: the page follows GET /api/events.
    await page.locator('.title-row .badge', { hasText: 'Passed' }).waitFor({ timeout: 120_000 });
    const run = (await svc.request('GET', `/api/runs/${id}`)).body;
    assert.equal(run.state, 'PASSED');
    const healed = await Promise.all(run.results.map(async (r: any) => (await svc.request('GET', `/api/flows/${r.attempts[0].flowId}`)).body.result));
    const src = (await svc.request('GET', `/api/flows/${flows.login.id}/tool-calls`)).body.map((c: any) => c.outcome.selectors);
    assert.deepEqual(run.results.map((r: any) => r.verdict), ['passed', 'passed'], JSON.stringify({ healed, src }));
    assertNoErrors(ui);
  });

  test('"Start a run" of a suite opens the new run', async () => {
    await page.goto(`${svc.url}/runs`);
    const form = page.getByRole('form', { name: 'Start a run' });
    await form.getByRole('combobox', { name: 'Suite' }).selectOption('smoke');
    await form.getByRole('button', { name: 'Start run' }).click();
    await page.getByRole('heading', { name: 'Run of suite smoke' }).waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.locator('.title-row .badge', { hasText: 'Cancelled' }).waitFor();
    assertNoErrors(ui);
  });

  test('Flows: tag chips on the rows, the tag filter in the URL; a flow\'s tags edited in its view', async () => {
    await page.goto(`${svc.url}/?tag=shop`);
    const table = page.getByRole('table', { name: 'Flows' });
    await eventually(async () => (await table.getByRole('row').count()) === 2, 10_000, 'one flow tagged shop');
    const row = table.getByRole('row').nth(1);
    assert.match(await row.innerText(), /buy\s+smoke\s+shop/);
    await row.getByRole('link', { name: 'smoke' }).click();
    await page.waitForURL((url) => url.search === '?tag=smoke');
    await eventually(async () => (await table.getByRole('row').count()) === 3, 10_000, 'two flows tagged smoke');
    assert.equal(await page.getByRole('textbox', { name: 'Tag' }).inputValue(), 'smoke');
    await page.goto(`${svc.url}/flows/${flows.buy.id}`);
    await page.getByRole('button', { name: 'Edit tags' }).click();
    await page.getByRole('textbox', { name: 'Tags' }).fill('smoke, checkout');
    await page.getByRole('button', { name: 'Save tags' }).click();
    await page.getByRole('link', { name: 'checkout' }).waitFor();
    assert.deepEqual((await svc.request('GET', `/api/flows/${flows.buy.id}`)).body.tags, ['smoke', 'checkout']);
    assertNoErrors(ui);
  });

  test('no runs view scrolls sideways at 390 px wide', async () => {
    const narrow = await openUi(browser, [svc.url], { width: 390, height: 844 });
    try {
      for (const path of ['/runs', `/runs/${failedRun.id}`, '/heals?state=accepted']) {
        await narrow.page.goto(svc.url + path);
        await narrow.page.getByRole('heading', { level: 1 }).waitFor();
        // The tables and cards are in once their first row or card is (the event stream keeps the network busy).
        await narrow.page.locator('tbody tr, article, .empty').first().waitFor();
        const width = await narrow.page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `${path}: the page is ${width} px wide`);
      }
      assertNoErrors(narrow);
    } finally {
      await narrow.close();
    }
  });
});
