/**
 * `GET /api/env-usage` (docs/ui-api-needs.md item 5) against the real
 * service and LevelDB: counts over every stored flow (not the newest 100),
 * the 3 newest users of each variable, no value anywhere; the OpenAPI
 * document lists it, so the Settings page of the UI (real Chromium) shows
 * the exact "Used by" column.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { STORAGE, resolve } from '../../kernel/tokens';
import type { Storage } from '../../kernel/contracts/storage';
import { makeFlow } from '../contract/storage.contract';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';

const SECRET = 'env-usage-secret-value';
const T0 = 1_760_000_000_000;
let svc: RunningService;
let browser: Browser;

before(async () => {
  [svc, browser] = await Promise.all([startService({ settings: { logLevel: 'warn' } }), launchChromium()]);
  for (const key of ['PASSWORD', 'USERNAME', 'UNUSED']) {
    assert.equal((await svc.request('POST', `/api/env/${key}`, { value: `${SECRET}-${key}` })).status, 200);
  }
  // 600 flows: every 2nd uses USERNAME, every 5th PASSWORD too; one flow names a variable that is not stored.
  const storage = resolve(svc.kernel.container, STORAGE) as Storage;
  for (let i = 0; i < 600; i += 100) {
    await Promise.all(Array.from({ length: 100 }, (_, j) => {
      const n = i + j;
      const envVars = [...(n % 2 === 0 ? ['USERNAME'] : []), ...(n % 10 === 0 ? ['PASSWORD'] : []), ...(n === 599 ? ['GONE'] : [])];
      return storage.flows.create(makeFlow({ name: `flow ${n}`, createdAt: T0 + n * 1000, envVars }));
    }));
  }
});

after(async () => {
  await browser?.close();
  await svc?.stop();
});

test('counts every stored flow per variable, with its 3 newest users and no value', async () => {
  const res = await svc.request('GET', '/api/env-usage');
  assert.equal(res.status, 200, res.text);
  assert.ok(!res.text.includes(SECRET));
  assert.deepEqual(Object.keys(res.body), ['PASSWORD', 'UNUSED', 'USERNAME']);
  assert.equal(res.body.USERNAME.flowCount, 300);
  assert.equal(res.body.PASSWORD.flowCount, 60);
  assert.deepEqual(res.body.PASSWORD.recentFlows.map((f: any) => f.name), ['flow 590', 'flow 580', 'flow 570']);
  assert.deepEqual(res.body.USERNAME.recentFlows.map((f: any) => f.name), ['flow 598', 'flow 596', 'flow 594']);
  assert.ok(res.body.USERNAME.recentFlows.every((f: any) => typeof f.id === 'string'));
  assert.deepEqual(res.body.UNUSED, { flowCount: 0, recentFlows: [] });
  const doc = (await svc.request('GET', '/api/openapi.json')).body;
  assert.ok(doc.paths['/api/env-usage']?.get, 'listed in the OpenAPI document');
});

test('a new flow that uses a variable is counted at once', async () => {
  const created = await svc.request('POST', '/api/flows', { name: 'fresh', targetWebsite: 'http://127.0.0.1:9/', initialRunMode: 'INSTRUCT', envVars: ['UNUSED'] });
  assert.equal(created.status, 201, created.text);
  const usage = (await svc.request('GET', '/api/env-usage')).body;
  assert.deepEqual(usage.UNUSED, { flowCount: 1, recentFlows: [{ id: created.body.id, name: 'fresh' }] });
  assert.equal((await svc.request('POST', `/api/flows/${created.body.id}/cancel`)).status, 200);
});

test('the Settings page shows the exact "Used by" column', async () => {
  const ui = await openUi(browser, [svc.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/settings`);
    const table = page.getByRole('table', { name: 'Environment variables' });
    await eventually(async () => /Used by$/.test((await table.locator('thead th').nth(2).textContent({ timeout: 1000 })) ?? ''), 20_000, 'the exact column');
    const row = (key: string) => table.locator('tbody tr', { has: page.locator('code', { hasText: new RegExp(`^${key}$`) }) });
    await eventually(async () => /300 flows:\s*flow 598\s*flow 596\s*flow 594\s*\+297 more/.test((await row('USERNAME').textContent({ timeout: 1000 })) ?? ''), 20_000, 'USERNAME usage');
    assert.match((await row('PASSWORD').textContent()) ?? '', /60 flows:/);
    assert.equal(await row('USERNAME').getByRole('link', { name: 'flow 598' }).count(), 1);
    assertNoErrors(ui);
  } finally {
    await ui.close();
  }
});
