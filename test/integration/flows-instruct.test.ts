/** INSTRUCT mode and run control (pause, resume, cancel, run-mode) over HTTP. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow, isFinished } from './support/flows';

let svc: RunningService;
let site: TestSite;

const instruct = (path: string, extra: Record<string, unknown> = {}) => ({
  name: `instruct ${path}`, targetWebsite: site.url + path, initialRunMode: 'INSTRUCT', ...extra,
});
const waiting = (f: any) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION';

async function start(body: unknown): Promise<string> {
  const res = await svc.request('POST', '/api/flows', body);
  assert.equal(res.status, 201, res.text);
  return res.body.id;
}

async function send(id: string, name: string, parameters: Record<string, unknown> = {}) {
  return svc.request('POST', `/api/flows/${id}/tool-calls`, { name, parameters });
}

describe('INSTRUCT mode and run control', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, actionTimeoutMs: 4000 } } });
    await svc.request('POST', '/api/env/PASSWORD', { value: 's3cret-pass' });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('a person drives a login step by step; a failing call does not end the flow', async () => {
    const id = await start(instruct('/login.html', { envVars: ['PASSWORD'] }));
    await waitForFlow(svc, id, waiting);
    const first = await send(id, 'type', { selector: '#username', text: 'alice' });
    assert.equal(first.status, 202, first.text);
    assert.match(first.body.toolCallId, /^[0-9a-f-]{36}$/);
    await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsCompleted === 1);
    const bad = await send(id, 'click', { selector: '#no-such-button' });
    assert.equal(bad.status, 202);
    await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsFailed === 1);
    await send(id, 'type', { selector: '#password', text: '${PASSWORD}' });
    await send(id, 'click', { selector: 'button[type=submit]' });
    await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsCompleted === 3);
    await send(id, 'assertText', { text: 'Welcome, alice!' });
    await send(id, 'markObjectiveComplete', { summary: 'logged in' });
    const flow = await waitForFlow(svc, id, isFinished);
    assert.equal(flow.state, 'SUCCESS');
    assert.equal(flow.result.summary, 'logged in');
    const calls = (await svc.request('GET', `/api/flows/${id}/tool-calls`)).body;
    assert.deepEqual(calls.map((c: any) => [c.name, c.source, c.outcome.success]), [
      ['type', 'USER', true], ['click', 'USER', false], ['type', 'USER', true], ['click', 'USER', true],
      ['assertText', 'USER', true], ['markObjectiveComplete', 'USER', true],
    ]);
    assert.equal(calls[0].id, first.body.toolCallId);
    assert.match(calls[1].outcome.message, /#no-such-button/);
    assert.equal(calls[2].parameters.text, '${PASSWORD}');
    assert.equal((await send(id, 'reload')).body.code, 'FLOW_NOT_ACTIVE');
  });

  test('invalid user calls answer 400 and the flow keeps waiting', async () => {
    const id = await start(instruct('/index.html'));
    await waitForFlow(svc, id, waiting);
    assert.match((await send(id, 'teleport')).body.message, /unknown tool "teleport"/);
    assert.match((await send(id, 'click', {})).body.message, /parameters\.selector/);
    assert.match((await send(id, 'type', { text: '${PASSWORD}' })).body.message, /^parameters: \$\{PASSWORD\} is used but "PASSWORD" is not listed in envVars/);
    const bad = await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'reload', extra: 1 });
    assert.equal(bad.status, 400);
    const flow = (await svc.request('GET', `/api/flows/${id}`)).body;
    assert.equal(flow.state, 'WAITING_ON_USER_FOR_NEXT_ACTION');
    assert.equal(flow.progress.toolCallsCompleted + flow.progress.toolCallsFailed, 0);
    await send(id, 'markObjectiveNotCompletable', { reason: 'just testing' });
    const done = await waitForFlow(svc, id, isFinished);
    assert.equal(done.state, 'FAILED');
    assert.equal(done.result.error.code, 'OBJECTIVE_NOT_COMPLETABLE');
    assert.equal(done.result.summary, 'just testing');
  });

  test('pause while waiting, resume, pause during an action, cancel while paused', async () => {
    const id = await start(instruct('/index.html'));
    await waitForFlow(svc, id, waiting);
    const paused = await svc.request('POST', `/api/flows/${id}/pause`);
    assert.equal(paused.status, 200);
    await waitForFlow(svc, id, (f) => f.state === 'PAUSED' && f.nextState === null);
    assert.equal((await svc.request('POST', `/api/flows/${id}/pause`)).status, 200, 'pausing a paused flow is idempotent');
    const resumed = await svc.request('POST', `/api/flows/${id}/resume`);
    assert.equal(resumed.status, 200);
    assert.equal(resumed.body.state, 'RESUMING');
    await waitForFlow(svc, id, waiting);
    assert.equal((await svc.request('POST', `/api/flows/${id}/resume`)).body.code, 'FLOW_NOT_ACTIVE');

    await send(id, 'wait', { ms: 1500 });
    await waitForFlow(svc, id, (f) => f.state === 'RUNNING_ACTION');
    const during = await svc.request('POST', `/api/flows/${id}/pause`);
    assert.equal(during.body.state, 'RUNNING_ACTION');
    assert.equal(during.body.nextState, 'PAUSED');
    const p = await waitForFlow(svc, id, (f) => f.state === 'PAUSED');
    assert.equal(p.progress.toolCallsCompleted, 1, 'the current action finished before pausing');
    const cancelled = await svc.request('POST', `/api/flows/${id}/cancel`);
    assert.equal(cancelled.body.state, 'FAILED');
    assert.equal(cancelled.body.result.error.code, 'CANCELLED');
    for (const action of ['pause', 'resume', 'cancel']) {
      const res = await svc.request('POST', `/api/flows/${id}/${action}`);
      assert.equal(res.status, 409, action);
      assert.equal(res.body.code, 'FLOW_NOT_ACTIVE');
    }
    assert.equal((await svc.request('POST', `/api/flows/${id}/run-mode`, { runMode: 'INSTRUCT' })).status, 409);
  });

  test('cancel mid-action closes the browser at once', async () => {
    const id = await start(instruct('/index.html'));
    await waitForFlow(svc, id, waiting);
    await send(id, 'waitForSelector', { selector: '#never-appears', timeoutMs: 20000 });
    await waitForFlow(svc, id, (f) => f.state === 'RUNNING_ACTION');
    const t = Date.now();
    const res = await svc.request('POST', `/api/flows/${id}/cancel`);
    assert.equal(res.body.state, 'FAILED');
    assert.ok(Date.now() - t < 5000, 'cancel does not wait for the action');
    const calls = (await svc.request('GET', `/api/flows/${id}/tool-calls`)).body;
    assert.equal(calls[0].outcome.success, false);
  });

  test('run-mode: DETERMINISTIC flows cannot switch; AUTONOMOUS needs an objective and a GPT config', async () => {
    const det = await start({ ...instruct('/index.html'), initialRunMode: 'DETERMINISTIC', toolCallsOnStart: [{ name: 'wait', parameters: { ms: 3000 } }] });
    await waitForFlow(svc, det, (f) => f.state === 'RUNNING_ACTION');
    assert.equal((await svc.request('POST', `/api/flows/${det}/run-mode`, { runMode: 'INSTRUCT' })).body.code, 'FLOW_NOT_ACTIVE');
    assert.equal((await svc.request('POST', `/api/flows/${det}/tool-calls`, { name: 'reload', parameters: {} })).body.code, 'FLOW_NOT_ACTIVE');
    await svc.request('POST', `/api/flows/${det}/cancel`);

    const id = await start(instruct('/index.html'));
    await waitForFlow(svc, id, waiting);
    assert.equal((await svc.request('POST', `/api/flows/${id}/run-mode`, { runMode: 'AUTONOMOUS' })).status, 400, 'no objective');
    assert.equal((await svc.request('POST', `/api/flows/${id}/run-mode`, { runMode: 'TURBO' })).status, 400);
    const same = await svc.request('POST', `/api/flows/${id}/run-mode`, { runMode: 'INSTRUCT' });
    assert.equal(same.status, 200);
    const withGoal = await start(instruct('/index.html', { overallObjective: 'look around' }));
    await waitForFlow(svc, withGoal, waiting);
    const noConfig = await svc.request('POST', `/api/flows/${withGoal}/run-mode`, { runMode: 'AUTONOMOUS' });
    assert.equal(noConfig.status, 400);
    assert.match(noConfig.body.message, /flow-runner/);
    for (const f of [id, withGoal]) await svc.request('POST', `/api/flows/${f}/cancel`);
  });

  test('concurrent control requests are serialised: no double run, no lost update', async () => {
    const id = await start(instruct('/index.html'));
    await waitForFlow(svc, id, waiting);
    const results = await Promise.all(Array.from({ length: 10 }, () => send(id, 'reload')));
    assert.ok(results.every((r) => r.status === 202));
    assert.equal(new Set(results.map((r) => r.body.toolCallId)).size, 10);
    const flow = await waitForFlow(svc, id, (f) => waiting(f) && f.progress.toolCallsCompleted === 10, 60_000);
    assert.equal(flow.progress.toolCallsFailed, 0);
    const ops = await Promise.all([
      svc.request('POST', `/api/flows/${id}/pause`), svc.request('POST', `/api/flows/${id}/pause`),
      svc.request('POST', `/api/flows/${id}/cancel`), svc.request('POST', `/api/flows/${id}/cancel`),
    ]);
    // Sent at once, they arrive in any order: exactly one cancel ends the flow; a pause is answered 200 before it, 409 after.
    const [pause1, pause2, cancel1, cancel2] = ops.map((r) => r.status);
    assert.deepEqual([cancel1, cancel2].sort(), [200, 409], JSON.stringify(ops.map((r) => r.body)));
    for (const status of [pause1, pause2]) assert.ok(status === 200 || status === 409, JSON.stringify(ops.map((r) => r.body)));
    const ended = await waitForFlow(svc, id, (f) => f.state === 'FAILED');
    assert.equal(ended.result.error.code, 'CANCELLED');
    assert.equal(ended.progress.toolCallsCompleted, 10, 'no call ran twice or went missing');
  });

  test('an abandoned INSTRUCT flow ends with IDLE_TIMEOUT', async () => {
    const idle = await startService({ settings: { flows: { video: false, screenshots: false, instructIdleTimeoutMs: 1000 } } });
    try {
      const res = await idle.request('POST', '/api/flows', instruct('/index.html'));
      const flow = await waitForFlow(idle, res.body.id, isFinished, 15_000);
      assert.equal(flow.result.error.code, 'IDLE_TIMEOUT');
    } finally {
      await idle.stop();
    }
  });
});
