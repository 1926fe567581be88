/**
 * A flow waiting for a browser, seen in the web UI (real Chromium, real
 * service): the flow view says what it waits for and the list's state badge
 * says it waits; both clear when the flow ends.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Browser } from 'playwright-core';
import { startService, type RunningService } from '../helpers/service';
import { deterministic, isFinished, waitForFlow } from './support/flows';
import { assertNoErrors, eventually, launchChromium, openUi } from './support/ui';

let svc: RunningService;
let browser: Browser;
let refusing: string;

/** A loopback port nobody listens on: connecting is refused, which a remote driver waits out. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

before(async () => {
  refusing = `ws://127.0.0.1:${await closedPort()}/`;
  [browser, svc] = await Promise.all([launchChromium(), startService({ settings: { flows: { browserAcquireTimeoutMs: 25_000 } } })]);
});

after(async () => {
  await browser?.close();
  await svc?.stop();
});

test('the flow view and the list show what a flow waits for, until it ends', async () => {
  const body = deterministic('http://127.0.0.1:9', '/', [], { name: 'waits for a browser', browser: { using: { type: 'remoteInstance', url: refusing, protocol: 'playwright' } } });
  const created = await svc.request('POST', '/api/flows', body);
  assert.equal(created.status, 201, created.text);
  const id = created.body.id as string;
  const ui = await openUi(browser, [svc.url]);
  try {
    const { page } = ui;
    await page.goto(`${svc.url}/flows/${id}`);
    const status = page.locator('.flow-head').getByRole('status');
    await eventually(async () => /^Waiting for a browser from ws:\/\/127\.0\.0\.1:\d+/.test((await status.textContent({ timeout: 1000 }).catch(() => '')) ?? ''), 20_000, 'waiting reason');
    await page.goto(`${svc.url}/flows`);
    const row = page.getByRole('table', { name: 'Flows' }).getByRole('row').filter({ hasText: 'waits for a browser' });
    const badge = row.locator('.badge').first();
    assert.match((await badge.textContent()) ?? '', /waiting/);
    assert.match((await badge.getAttribute('title')) ?? '', /^Waiting for a browser from ws:\/\/127\.0\.0\.1/);

    await svc.request('POST', `/api/flows/${id}/cancel`);
    const flow = await waitForFlow(svc, id, isFinished, 20_000);
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.waitingFor ?? null, null);
    await page.goto(`${svc.url}/flows/${id}`);
    await eventually(async () => (await page.locator('.flow-head .result').count()) > 0, 10_000, 'result shown');
    assert.equal(await page.locator('.flow-head').getByRole('status').count(), 0);
    assertNoErrors(ui);
  } finally {
    await ui.context.close();
  }
});
