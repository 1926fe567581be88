/**
 * lib/origins/request-refusals.ts, the part every driver's request guard
 * shares: the decision (env values bound to origins, allowedOrigins for
 * navigations), the refusals kept for the tool call (bounded, top-level
 * told apart) and the DevTools Fetch answers. Real FlowSecretOrigins and
 * OriginPolicy; the DevTools commands are recorded as the guard sends them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KEPT_REFUSALS, RequestRefusals, type FetchCommand, type PausedRequest } from '../../../lib/origins/request-refusals';
import { FlowSecretOrigins } from '../../../lib/origins/secret-origins';
import { OriginPolicy } from '../../../lib/origins/origin-patterns';

/** The protected parts, reachable for the test as a driver's guard reaches them. */
class Guard extends RequestRefusals {
  answer(send: FetchCommand, event: PausedRequest, topFrame: string | null) {
    return this.answerPaused(send, event, topFrame);
  }
}

const secrets = new FlowSecretOrigins([{ name: 'TOKEN', value: 's3cret-token-value', policy: new OriginPolicy(['https://acme.test']), explicit: true }]);
const policy = new OriginPolicy(['https://acme.test']);

function recorder() {
  const sent: Array<[string, object]> = [];
  const send: FetchCommand = async (method, params) => { sent.push([method, params]); };
  return { sent, send };
}

const paused = (url: string, resourceType: string, frameId = 'TAB'): PausedRequest => ({ requestId: 'r1', request: { url }, resourceType, frameId });

test('nothing to enforce without secrets or a policy; every request goes', async () => {
  const guard = new Guard(undefined, null, () => assert.fail('nothing is refused'));
  assert.equal(guard.active, false);
  const { sent, send } = recorder();
  await guard.answer(send, paused('https://evil.test/?d=s3cret-token-value', 'Document'), 'TAB');
  assert.deepEqual(sent, [['Fetch.continueRequest', { requestId: 'r1' }]]);
  assert.deepEqual(guard.take(), []);
});

test('a navigation leaving allowedOrigins is answered 204 and kept as top-level; a frame\'s is not top-level', async () => {
  const heard: string[] = [];
  const guard = new Guard(undefined, policy, (e) => heard.push(e.message));
  assert.equal(guard.active, true);
  const { sent, send } = recorder();
  await guard.answer(send, paused('https://elsewhere.test/', 'Document'), 'TAB');
  await guard.answer(send, paused('https://elsewhere.test/frame', 'Document', 'CHILD'), 'TAB');
  await guard.answer(send, paused('https://elsewhere.test/in-frame-session', 'Document'), null);
  await guard.answer(send, paused('https://acme.test/ok', 'Document'), 'TAB');
  assert.deepEqual(sent.map(([m]) => m), ['Fetch.fulfillRequest', 'Fetch.fulfillRequest', 'Fetch.fulfillRequest', 'Fetch.continueRequest']);
  assert.deepEqual(sent[0]![1], { requestId: 'r1', responseCode: 204, body: '' });
  const taken = guard.take();
  assert.deepEqual(taken.map((r) => r.topLevel), [true, false, false]);
  assert.match(taken[0]!.error.message, /navigation to https:\/\/elsewhere\.test was blocked: the flow's allowedOrigins \(https:\/\/acme\.test\)/);
  assert.equal(heard.length, 3);
  assert.deepEqual(guard.take(), [], 'take empties the list');
});

test('a request carrying an env value to another origin fails BlockedByClient (SECRET_NOT_ALLOWED), not a navigation', async () => {
  const guard = new Guard(secrets, null, () => {});
  const { sent, send } = recorder();
  await guard.answer(send, paused('https://evil.test/collect?d=s3cret-token-value', 'XHR'), 'TAB');
  assert.deepEqual(sent, [['Fetch.failRequest', { requestId: 'r1', errorReason: 'BlockedByClient' }]]);
  const [refused] = guard.take();
  assert.equal(refused!.topLevel, false);
  assert.match(refused!.error.message, /SECRET_NOT_ALLOWED: \$\{TOKEN\}/);
  assert.equal(guard.refusal('https://acme.test/?d=s3cret-token-value', false), null, 'allowed on its own origin');
});

test('at most KEPT_REFUSALS are kept, the newest; a request gone meanwhile is no error', async () => {
  const guard = new Guard(undefined, policy, () => {});
  const gone: FetchCommand = async () => { throw new Error('Invalid InterceptionId'); };
  for (let i = 0; i < KEPT_REFUSALS + 5; i++) await guard.answer(gone, paused(`https://elsewhere.test/${i}`, 'Document'), 'TAB');
  const kept = guard.take();
  assert.equal(kept.length, KEPT_REFUSALS);
  assert.match(kept.at(-1)!.error.message, /elsewhere\.test/);
});
