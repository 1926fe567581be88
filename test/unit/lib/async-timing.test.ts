import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { sleep, withTimeout } from '../../../lib/async/timing';

const never = () => new Promise<never>(() => undefined);

test('sleep resolves after the pause; a negative pause counts as none', async () => {
  const t0 = Date.now();
  await sleep(30);
  assert.ok(Date.now() - t0 >= 25);
  await sleep(-5);
});

test('sleep rejects with the signal reason on abort, also when already aborted, and removes its listener', async () => {
  const c = new AbortController();
  const p = sleep(60_000, c.signal);
  assert.equal(getEventListeners(c.signal, 'abort').length, 1);
  c.abort(new Error('cancelled by the user'));
  await assert.rejects(p, /cancelled by the user/);
  await assert.rejects(sleep(10, c.signal), /cancelled by the user/);
  const kept = new AbortController();
  await sleep(1, kept.signal);
  assert.equal(getEventListeners(kept.signal, 'abort').length, 0, 'a finished pause leaves no listener on a long-lived signal');
});

test('withTimeout settles as the promise does when it is in time', async () => {
  assert.equal(await withTimeout(Promise.resolve('shot'), 1000), 'shot');
  await assert.rejects(withTimeout(Promise.reject(new Error('page closed')), 1000), /page closed/);
});

test('withTimeout rejects with the default message, a given message or a given error when late', async () => {
  await assert.rejects(withTimeout(never(), 10), /timed out after 10 ms/);
  await assert.rejects(withTimeout(never(), 10, 'chromedriver did not answer within 10 ms'), /chromedriver did not answer within 10 ms/);
  class CaptureTimeout extends Error {}
  await assert.rejects(withTimeout(never(), 10, () => new CaptureTimeout('late')), (e) => e instanceof CaptureTimeout);
});
