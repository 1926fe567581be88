/**
 * plugins/drivers/playwright/shared-browsers.ts: one launch shared by
 * concurrent callers, a dead browser replaced, and at closeAll (service
 * shutdown) every browser closed, one still launching too, while a flow's
 * start-up begun before it launches no other browser after it. Fake browsers
 * (a launch is what is counted here; real ones are in the driver tests).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Browser } from 'playwright-core';
import { SharedBrowsers } from '../../../plugins/drivers/playwright/shared-browsers';
import { createLogger } from '../../../lib/logging/logger';

/** A stand-in browser: connected until closed. */
class FakeBrowser extends EventEmitter {
  connected = true;
  isConnected(): boolean { return this.connected; }
  async close(): Promise<void> {
    if (!this.connected) return;
    this.connected = false;
    this.emit('disconnected');
  }
}

function launcher(delayMs = 0): { launched: FakeBrowser[]; factory: () => Promise<Browser> } {
  const launched: FakeBrowser[] = [];
  return {
    launched,
    factory: async () => {
      await new Promise((r) => setTimeout(r, delayMs));
      const b = new FakeBrowser();
      launched.push(b);
      return b as unknown as Browser;
    },
  };
}

const shared = () => new SharedBrowsers('local Chromium', createLogger('silent'));

test('concurrent callers share one launch; a browser that died is replaced', async () => {
  const s = shared();
  const { launched, factory } = launcher(20);
  const [a, b] = await Promise.all([s.acquire('k', factory), s.acquire('k', factory)]);
  assert.equal(a, b);
  assert.equal(launched.length, 1);
  await launched[0]!.close();
  const c = await s.acquire('k', factory);
  assert.notEqual(c, a);
  assert.equal(launched.length, 2);
  await s.closeAll();
});

test('closeAll closes every browser, one still launching too', async () => {
  const s = shared();
  const { launched, factory } = launcher(100);
  const pending = s.acquire('k', factory);
  await s.closeAll();
  await pending.catch(() => undefined);
  assert.equal(launched.length, 1);
  assert.equal(launched[0]!.isConnected(), false);
});

test('a start-up begun before closeAll launches no other browser after it; a new one after it may', async () => {
  const s = shared();
  const { launched, factory } = launcher(50);
  // The flow's session opening on the browser fails once closeAll has closed it under it.
  const starting = s.use('k', factory, async (browser) => {
    await new Promise((r) => setTimeout(r, 100));
    if (!browser.isConnected()) throw new Error('Target page, context or browser has been closed');
    return 'session';
  });
  await new Promise((r) => setTimeout(r, 80));
  await s.closeAll();
  await assert.rejects(starting, /closed while the flow was starting/);
  assert.equal(launched.length, 1, 'no browser launched after closeAll');
  assert.ok(launched.every((b) => !b.isConnected()));
  // The driver itself stays usable (a service is stopped once; tests reuse drivers).
  assert.equal(await s.use('k', factory, async () => 'later'), 'later');
  assert.equal(launched.length, 2);
  await s.closeAll();
});
