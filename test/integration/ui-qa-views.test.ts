/**
 * The Flows list, New flow, Compare and Settings views as a QA engineer
 * uses them daily, in a real Chromium against the real service: paging kept
 * in the address and the history, the search hint, the New flow form
 * checking what the API checks and reporting every problem at once, Compare
 * marking selector changes that the first candidates hide and selecting a
 * row anywhere on it, enlarging its screenshots, and the Settings wording.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { STORAGE, resolve } from '../../kernel/tokens';
import { makeFlow } from '../contract/storage.contract';
import { seedFlows } from './support/seed-flows';
import { deterministic, runFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';

let svc: RunningService;
let site: TestSite;
let browser: Browser;

before(async () => {
  [site, browser] = await Promise.all([startTestSite(), launchChromium()]);
  svc = await startService();
  const storage = resolve(svc.kernel.container, STORAGE);
  // 130 finished flows (three pages of 50), each using SHOP_USER; then two newer ones whose names hold commas.
  await seedFlows(storage, 130);
  // A millisecond apart at least: created in the same one, their order (newest first) would be a tie.
  const at = Date.now();
  for (const [i, name] of ['Checkout, guest', 'Checkout, member'].entries()) {
    await storage.flows.create(makeFlow({ name, state: 'SUCCESS', createdAt: at + i, startedAt: at + i, completedAt: at + i, result: { success: true, summary: 'ok', error: null } }));
  }
  assert.equal((await svc.request('POST', '/api/env/SHOP_USER', { value: 'shopper' })).status, 200);
});

after(async () => {
  await browser?.close();
  await svc?.stop();
  await site?.close();
});

async function waitText(locator: Locator, pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  await eventually(async () => pattern.test((await locator.textContent({ timeout: 1000 })) ?? ''), timeoutMs, `text ${pattern}`);
}

async function withUi(fn: (page: Page) => Promise<void>): Promise<void> {
  const ui = await openUi(browser, [svc.url, site.url]);
  try {
    await fn(ui.page);
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
}

describe('Flows list', () => {
  test('the page and its way back survive a reload and Back: Previous goes one page back', async () => {
    await withUi(async (page) => {
      const rows = page.getByRole('table', { name: 'Flows' }).locator('tbody tr');
      const pager = page.getByRole('navigation', { name: 'Pages' });
      const first = () => rows.first().locator('td').first().textContent();
      await page.goto(`${svc.url}/`);
      // Before anything is searched, the hint says what search does: any part of the name.
      await waitText(page.locator('#search-hint'), /^Names containing the text\.$/);
      await eventually(async () => (await rows.count()) === 50, 10_000, 'page 1');
      const page1 = await first();
      await page.getByRole('button', { name: 'Next page' }).click();
      await waitText(pager, /Page 2/);
      await eventually(async () => (await first()) !== page1, 10_000, 'page 2 rows');
      const page2 = await first();
      await page.getByRole('button', { name: 'Next page' }).click();
      await waitText(pager, /Page 3/);
      await eventually(async () => (await first()) !== page2, 10_000, 'page 3 rows');
      const page3 = await first();
      assert.match(page.url(), /cursor=.*page=3|page=3.*cursor=/);

      await page.reload();
      await waitText(pager, /Page 3/);
      await eventually(async () => (await first()) === page3, 10_000, 'page 3 after a reload');
      await page.getByRole('button', { name: 'Previous page' }).click();
      await waitText(pager, /Page 2/);
      await eventually(async () => (await first()) === page2, 10_000, 'Previous goes to page 2, not page 1');

      await page.getByRole('button', { name: 'Next page' }).click();
      await waitText(pager, /Page 3/);
      await page.goBack();
      await waitText(pager, /Page 2/);
      await eventually(async () => (await first()) === page2, 10_000, 'Back to page 2');
      await page.getByRole('button', { name: 'Previous page' }).click();
      await eventually(async () => (await first()) === page1, 10_000, 'Previous after Back goes to page 1');
      await waitText(page.getByRole('table', { name: 'Flows' }), /.+/);
      assert.equal(await page.getByRole('button', { name: 'Previous page' }).count(), 1);
      assert.equal(await page.getByRole('button', { name: 'Previous page' }).isDisabled(), true);
    });
  });
});

describe('New flow form', () => {
  test('checks what the API checks, reports every problem at once, and focuses the first; no request is sent until they are fixed', async () => {
    await withUi(async (page) => {
      const before = (await svc.request('GET', '/api/flows?limit=100')).body.flows.length;
      await page.goto(`${svc.url}/flows/new?mode=DETERMINISTIC`);
      const name = page.getByRole('textbox', { name: 'Name' });
      await name.fill('n'.repeat(201));
      // At once, not on submit.
      await waitText(page.locator('#f-name-error'), /must be at most 200 characters \(it has 201\)/);
      await page.getByRole('textbox', { name: 'Target website' }).fill(`${site.url}/login.html`);
      // A call built in the editor is checked against its tool's schema as it is added.
      await page.getByRole('combobox', { name: 'Tool', exact: true }).selectOption('wait');
      await page.getByRole('spinbutton', { name: 'Milliseconds' }).fill('99999');
      await page.getByRole('button', { name: 'Add call' }).click();
      await waitText(page.locator('#call-ms-error'), /must be at most 30000/);
      // Pasted calls are checked on submit, all of them.
      await page.getByText('Paste JSON', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Tool calls JSON' }).fill(JSON.stringify([
        { name: 'type', parameters: { selector: '#username', text: '${FIRST}-${SECOND}' } },
        { name: 'wait', parameters: { ms: 99999 } },
        { name: 'navigate', parameters: { url: 'not-a-url' } },
      ]));
      await page.getByRole('button', { name: 'Use this JSON' }).click();
      await page.getByRole('button', { name: 'Start flow' }).click();
      const calls = page.getByRole('list', { name: 'Tool calls' }).getByRole('listitem');
      await waitText(calls.nth(0), /\$\{FIRST\}, \$\{SECOND\} are used but not checked under Environment variables/);
      await waitText(calls.nth(1), /ms: must be at most 30000/);
      await waitText(calls.nth(2), /url: must be an http\(s\) URL, or a path on the site/);
      await waitText(page.locator('#f-name-error'), /at most 200/);
      // The focus moves in the frame after the errors render (requestAnimationFrame).
      await eventually(async () => (await page.evaluate(() => document.activeElement?.id)) === 'f-name', 5_000, 'focus on the first problem');
      assert.equal((await svc.request('GET', '/api/flows?limit=100')).body.flows.length, before, 'nothing was sent');

      // With the name fixed, focus lands on the first call with a problem (not on the page's body).
      await name.fill('form checks');
      await page.getByRole('button', { name: 'Start flow' }).click();
      await eventually(async () => (await page.evaluate(() => document.activeElement?.id)) === 'call-item-0', 5_000, 'focus on call 1');
      assert.equal((await svc.request('GET', '/api/flows?limit=100')).body.flows.length, before);
    });
  });
});

describe('Compare', () => {
  let a: string;
  let b: string;
  before(async () => {
    // The second run renames the button's test id first: the click's recorded selectors change, though #login-button stays among them.
    const renameTestId = { name: 'renameTestId', description: 'Gives the sign-in button another test id', inputSchema: { type: 'object', properties: {} }, javascript: "document.getElementById('login-button').dataset.testid = 'login-go'; return 'renamed';" };
    const click = { name: 'click', parameters: { selector: '#login-button' } };
    const first = await runFlow(svc, deterministic(site.url, '/login.html', [click], { name: 'ui compare selectors' }), 60_000);
    const second = await runFlow(svc, deterministic(site.url, '/login.html', [{ name: 'renameTestId', parameters: {} }, click], { name: 'ui compare selectors', customTools: [renameTestId] }), 60_000);
    assert.equal(first.state, 'SUCCESS', JSON.stringify(first.result));
    assert.equal(second.state, 'SUCCESS', JSON.stringify(second.result));
    a = first.id;
    b = second.id;
  });

  test('a row whose recorded selectors changed is not "same"; changes name the candidates that differ; any cell selects a row; screenshots enlarge', async () => {
    await withUi(async (page) => {
      await page.goto(`${svc.url}/compare?a=${a}&b=${b}`);
      const rows = page.getByRole('table', { name: 'Aligned steps' }).locator('tbody tr');
      await eventually(async () => (await rows.count()) === 2, 10_000, 'two rows');
      const clickRow = rows.filter({ hasText: 'click' });
      await waitText(clickRow.locator('td').last(), /^selectors$/);
      const changes = page.getByRole('region', { name: 'Selector changes' });
      await waitText(changes.locator('del').first(), /data-testid="login-submit"/);
      await waitText(changes.locator('ins').first(), /data-testid="login-go"/);
      assert.doesNotMatch((await changes.locator('div.break').first().textContent()) ?? '', /#login-button/, 'a candidate both runs recorded is no change');
      // A click anywhere on a row shows its screenshots.
      await rows.nth(0).locator('td').nth(2).click();
      await page.getByRole('img', { name: 'Second run, screenshot of step 1' }).waitFor();
      await clickRow.locator('td').nth(1).click();
      await page.getByRole('img', { name: 'First run, screenshot of step 1' }).waitFor();
      await page.getByRole('button', { name: 'Enlarge First run, screenshot of step 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'First run, screenshot of step 1' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: '300 %' }).click();
      await eventually(async () => ((await dialog.locator('.zoom-pane img').boundingBox())?.width ?? 0) > 1000, 5_000, 'zoomed');
    });
  });
});

describe('Settings wording', () => {
  test('"Used by" lists each flow apart and says how many more; a masked key stays on one line', async () => {
    await svc.request('POST', '/api/gpt-configs/main', { type: 'OPENAI', apiKey: 'sk-wording-0123456789abcdef', modelName: 'gpt-4o-mini' });
    await withUi(async (page) => {
      await page.goto(`${svc.url}/settings`);
      const row = page.getByRole('row').filter({ hasText: 'SHOP_USER' });
      await waitText(row, /132 flows/);
      const items = row.locator('ul.inline-list li');
      await eventually(async () => (await items.count()) === 4, 10_000, 'three flows and "+129 more"');
      assert.deepEqual((await items.allTextContents()).slice(0, 2), ['Checkout, member', 'Checkout, guest']);
      assert.equal(await items.nth(3).textContent(), '+129 more');
      const masked = page.getByRole('table', { name: 'GPT configurations' }).locator('.nowrap').first();
      await waitText(masked, /^sk-\*{4}cdef$/);
      assert.equal(await masked.evaluate((el) => getComputedStyle(el).whiteSpace), 'nowrap');
    });
  });
});
