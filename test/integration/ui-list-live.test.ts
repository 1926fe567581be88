/**
 * The Flows page keeps itself current from the service-wide stream of flow
 * changes (GET /api/events), in real Chromium against the real service: a
 * quiet service costs the page no request, a flow created elsewhere appears,
 * its state and steps follow it to SUCCESS, and a rename and a delete show.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, waitForFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';

let svc: RunningService;
let site: TestSite;
let browser: Browser;

before(async () => {
  [svc, site, browser] = await Promise.all([startService({ settings: { flows: { video: false } } }), startTestSite(), launchChromium()]);
});
after(async () => {
  await browser?.close();
  await svc?.stop();
  await site?.close();
});

test('a flow created elsewhere appears, follows its state to SUCCESS, is renamed and deleted, with no polling', async () => {
  const ui = await openUi(browser, [svc.url]);
  try {
    const { page } = ui;
    const listReads: number[] = [];
    page.on('request', (r) => { if (r.method() === 'GET' && new URL(r.url()).pathname === '/api/flows') listReads.push(Date.now()); });
    await page.goto(`${svc.url}/flows`);
    const table = page.getByRole('table', { name: 'Flows' });
    await eventually(async () => (await table.getAttribute('aria-busy')) === 'false', 10_000, 'the list read');
    // Quiet: no change, no request (the list used to be read every 4 s).
    const quietFrom = listReads.length;
    await page.waitForTimeout(5000);
    assert.equal(listReads.length, quietFrom, 'the page read the list with nothing changed');

    const created = await svc.request('POST', '/api/flows', deterministic(site.url, '/index.html', [
      { name: 'wait', parameters: { ms: 1500 } },
      { name: 'wait', parameters: { ms: 10 } },
    ], { name: 'made elsewhere' }));
    assert.equal(created.status, 201, created.text);
    const id = created.body.id as string;
    const row = table.getByRole('row').filter({ hasText: 'made elsewhere' });
    await eventually(async () => (await row.count()) === 1, 5000, 'the new row');
    await waitForFlow(svc, id, isFinished, 30_000);
    await eventually(async () => /Success/i.test((await row.textContent({ timeout: 1000 })) ?? ''), 5000, 'the row says SUCCESS');
    assert.match((await row.locator('td').nth(5).textContent()) ?? '', /^2\b/, 'both steps counted');

    assert.equal((await svc.request('POST', `/api/flows/${id}/rename`, { name: 'renamed elsewhere' })).status, 200);
    await eventually(async () => (await table.getByRole('row').filter({ hasText: 'renamed elsewhere' }).count()) === 1, 5000, 'the new name');
    assert.equal((await svc.request('DELETE', `/api/flows/${id}`)).status, 204);
    await eventually(async () => (await table.getByRole('row').filter({ hasText: 'renamed elsewhere' }).count()) === 0, 5000, 'the row gone');
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});
