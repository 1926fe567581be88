/**
 * lib/endpoint-slots with real timers: the per-endpoint limit hands slots
 * out first come, first served; an acquisition says why it waits, retries
 * a refusal that passes, gives up at its deadline naming the endpoint, and
 * at once on abort, closing a session that arrives too late.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EndpointSlots, SlotWaitAborted } from '../../../lib/endpoint-slots/endpoint-slots';
import { acquireBrowser, BrowserAcquireError } from '../../../lib/endpoint-slots/acquire-browser';
import { endpointLabel } from '../../../lib/endpoint-slots/endpoint-label';
import { isTransientRefusal } from '../../../lib/endpoint-slots/transient-refusal';

const far = () => Date.now() + 10_000;

test('slots: at most max per endpoint, waiters served in arrival order, endpoints independent', async () => {
  const slots = new EndpointSlots();
  const a1 = await slots.take('a', 2, { deadline: far() });
  await slots.take('a', 2, { deadline: far() });
  await slots.take('b', 2, { deadline: far() });
  const queued: number[] = [];
  const order: string[] = [];
  const second = slots.take('a', 2, { deadline: far(), onQueued: (n) => queued.push(n) }).then((r) => { order.push('second'); return r; });
  const third = slots.take('a', 2, { deadline: far(), onQueued: (n) => queued.push(n) }).then((r) => { order.push('third'); return r; });
  assert.deepEqual(queued, [2, 2]);
  assert.equal(slots.waiting('a'), 2);
  a1();
  a1(); // a second release gives nothing back
  (await second)();
  await third;
  assert.deepEqual(order, ['second', 'third']);
  assert.equal(slots.inUse('a'), 2);
  assert.equal(slots.inUse('b'), 1);
});

test('slots: a wait ends at its deadline or on abort, leaving the queue', async () => {
  const slots = new EndpointSlots();
  await slots.take('a', 1, { deadline: far() });
  await assert.rejects(slots.take('a', 1, { deadline: Date.now() + 50 }), (e: unknown) => e instanceof SlotWaitAborted && e.why === 'timeout');
  const ac = new AbortController();
  const waiting = slots.take('a', 1, { deadline: far(), signal: ac.signal });
  ac.abort();
  await assert.rejects(waiting, (e: unknown) => e instanceof SlotWaitAborted && e.why === 'aborted');
  assert.equal(slots.waiting('a'), 0);
});

test('acquire: a full endpoint shows why the flow waits, then hands the slot over when a session closes', async () => {
  const slots = new EndpointSlots();
  const reasons: Array<string | null> = [];
  const wait = (onWaiting?: (r: string | null) => void) => ({ timeoutMs: 10_000, maxConcurrentPerEndpoint: 1, onWaiting });
  const first = await acquireBrowser({ slots, endpoint: 'http://grid:4444', wait: wait(), open: async () => 'one', discard: async () => {} });
  const second = acquireBrowser({ slots, endpoint: 'http://grid:4444', wait: wait((r) => reasons.push(r)), open: async () => 'two', discard: async () => {} });
  await new Promise((r) => setTimeout(r, 20));
  assert.equal(reasons.length, 1);
  assert.match(reasons[0]!, /^a browser from http:\/\/grid:4444: 1 of 1 sessions allowed there \(maxConcurrentPerEndpoint\) are in use$/);
  first.release();
  assert.equal((await second).value, 'two');
  assert.deepEqual(reasons.slice(1), [null]);
});

test('acquire: a refusal that passes is retried with the reason shown; a lasting one fails at once', async () => {
  const reasons: Array<string | null> = [];
  let attempts = 0;
  const got = await acquireBrowser({
    slots: new EndpointSlots(), endpoint: 'http://grid:4444', retryDelayMs: 20,
    wait: { timeoutMs: 10_000, maxConcurrentPerEndpoint: null, onWaiting: (r) => reasons.push(r) },
    open: async () => { if (++attempts < 3) throw new Error('connect ECONNREFUSED 127.0.0.1:4444'); return 'session'; },
    discard: async () => {},
  });
  assert.equal(got.value, 'session');
  assert.equal(attempts, 3);
  assert.match(reasons[0]!, /^a browser from http:\/\/grid:4444: attempt 1 failed \(connect ECONNREFUSED/);
  assert.equal(reasons.at(-1), null);

  let tries = 0;
  await assert.rejects(acquireBrowser({
    slots: new EndpointSlots(), endpoint: 'http://grid:4444', retryDelayMs: 20,
    wait: { timeoutMs: 10_000, maxConcurrentPerEndpoint: null },
    open: async () => { tries++; throw new Error('invalid argument: unrecognized capability: foo'); },
    discard: async () => {},
  }), /unrecognized capability/);
  assert.equal(tries, 1);
});

test('acquire: past the deadline it fails naming the endpoint; a session that arrives later is closed', async () => {
  const started = Date.now();
  await assert.rejects(acquireBrowser({
    slots: new EndpointSlots(), endpoint: 'http://grid:4444', retryDelayMs: 20,
    wait: { timeoutMs: 300, maxConcurrentPerEndpoint: null },
    open: async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:4444'); },
    discard: async () => {},
  }), (e: unknown) => e instanceof BrowserAcquireError && /^No browser from http:\/\/grid:4444 within 300 ms \(browserAcquireTimeoutMs\) \(\d+ attempts\); the last one failed: connect ECONNREFUSED/.test(e.message));
  assert.ok(Date.now() - started < 2_000);

  const discarded: string[] = [];
  const slots = new EndpointSlots();
  await assert.rejects(acquireBrowser({
    slots, endpoint: 'http://grid:4444',
    wait: { timeoutMs: 100, maxConcurrentPerEndpoint: 1 },
    open: () => new Promise<string>((r) => setTimeout(() => r('late'), 300)),
    discard: async (s) => { discarded.push(s); },
  }), /still unanswered/);
  assert.equal(slots.inUse('http://grid:4444'), 0);
  await new Promise((r) => setTimeout(r, 400));
  assert.deepEqual(discarded, ['late']);
});

test('acquire: a last attempt still unanswered at the deadline names the refusal before it', async () => {
  let tries = 0;
  await assert.rejects(acquireBrowser({
    slots: new EndpointSlots(), endpoint: 'http://grid:4444', retryDelayMs: 20,
    wait: { timeoutMs: 300, maxConcurrentPerEndpoint: null },
    open: () => (++tries === 1 ? Promise.reject(new Error('HTTP 503: the Grid queue is full')) : new Promise<string>((r) => setTimeout(() => r('late'), 1000))),
    discard: async () => {},
  }), (e: unknown) => e instanceof BrowserAcquireError
    && /: the session request \(attempt 2\) was still unanswered; attempt 1 before it failed: HTTP 503: the Grid queue is full$/.test(e.message));
});

test('acquire: an abort ends the wait at once with its reason, in the queue or mid-open', async () => {
  const slots = new EndpointSlots();
  await slots.take('http://grid:4444', 1, { deadline: far() });
  const ac = new AbortController();
  const queued = acquireBrowser({ slots, endpoint: 'http://grid:4444', wait: { timeoutMs: 10_000, maxConcurrentPerEndpoint: 1, signal: ac.signal }, open: async () => 'x', discard: async () => {} });
  ac.abort(new Error('cancelled by the user'));
  await assert.rejects(queued, /cancelled by the user/);

  const discarded: string[] = [];
  const ac2 = new AbortController();
  const opening = acquireBrowser({
    slots: new EndpointSlots(), endpoint: 'http://grid:4444', wait: { timeoutMs: 10_000, maxConcurrentPerEndpoint: 1, signal: ac2.signal },
    open: () => new Promise<string>((r) => setTimeout(() => r('late'), 100)), discard: async (s) => { discarded.push(s); },
  });
  setTimeout(() => ac2.abort(new Error('cancelled by the user')), 10);
  await assert.rejects(opening, /cancelled by the user/);
  await new Promise((r) => setTimeout(r, 200));
  assert.deepEqual(discarded, ['late']);
});

test('endpoint labels keep the origin only; refusals that pass are told from lasting ones', () => {
  assert.equal(endpointLabel('http://alice:s3cret@grid.example:4444/wd/hub?token=abc'), 'http://grid.example:4444');
  assert.equal(endpointLabel('wss://cloud.example/playwright?token=abc'), 'wss://cloud.example');
  assert.equal(endpointLabel('not a url'), 'the browser endpoint');
  for (const m of ['connect ECONNREFUSED 127.0.0.1:4444', 'Could not start a new session. New session request timed out', 'Request failed with status 503', 'Unable to connect to "http://127.0.0.1:4444/wd/hub"']) {
    assert.equal(isTransientRefusal(new Error(m)), true, m);
  }
  for (const m of ['invalid argument: unrecognized capability: foo', 'session not created: Chrome failed to start: exited normally']) {
    assert.equal(isTransientRefusal(new Error(m)), false, m);
  }
});
