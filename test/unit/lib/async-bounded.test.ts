import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { bounded } from '../../../lib/async/bounded';

const never = () => new Promise<never>(() => undefined);

test('answers the work when it settles first', async () => {
  assert.equal(await bounded(Promise.resolve(7), { timeoutMs: 1000, signal: new AbortController().signal }), 7);
  await assert.rejects(bounded(Promise.reject(new Error('tool broke')), { timeoutMs: 1000 }), /tool broke/);
});

test('rejects with the timeout error when the work hangs', async () => {
  await assert.rejects(bounded(never(), { timeoutMs: 20, onTimeout: () => new Error('click did not finish within 20 ms') }), /click did not finish within 20 ms/);
  await assert.rejects(bounded(never(), { timeoutMs: 20 }), /did not finish within 20 ms/);
});

test('rejects with the signal reason on abort, also when already aborted', async () => {
  const c = new AbortController();
  const p = bounded(never(), { signal: c.signal });
  const reason = new Error('Cancelled by the user');
  c.abort(reason);
  await assert.rejects(p, (err) => err === reason);
  await assert.rejects(bounded(never(), { signal: c.signal }), (err) => err === reason);
});

test('leaves no listener on a long-lived signal after many calls', async () => {
  const c = new AbortController();
  for (let i = 0; i < 50; i++) await bounded(Promise.resolve(i), { signal: c.signal, timeoutMs: 1000 });
  assert.equal(getEventListeners(c.signal, 'abort').length, 0);
});
