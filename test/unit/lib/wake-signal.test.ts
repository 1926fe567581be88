import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WakeSignal } from '../../../lib/async/wake-signal';

test('wakes a waiter', async () => {
  const s = new WakeSignal();
  const p = s.wait(5000);
  s.wake();
  assert.equal(await p, true);
});

test('a wake with nobody waiting is kept for the next wait', async () => {
  const s = new WakeSignal();
  s.wake();
  assert.equal(await s.wait(5000), true);
  assert.equal(await s.wait(10), false, 'consumed once');
});

test('times out without a wake', async () => {
  assert.equal(await new WakeSignal().wait(10), false);
});
