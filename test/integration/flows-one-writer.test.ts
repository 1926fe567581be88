/**
 * One writer of flow state: every change of a flow's state (and nextState,
 * runMode) is saved, then announced by exactly one `state` event, and after
 * each command the stored flow is what the last event said. Checked for
 * pause, resume and cancel on a live INSTRUCT flow, for the recovery of a
 * flow a SIGKILL left live (INTERRUPTED, by a real child process, as in
 * flows-restart.test.ts), and for a clean stop (SERVICE_STOPPED). Events are
 * read from the kernel's FlowEvents, the source of the SSE stream.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKernel } from '../../kernel/kernel';
import { FLOW_EVENTS, resolve } from '../../kernel/tokens';
import type { FlowEvent, FlowEvents } from '../../kernel/contracts/flow-events';
import { ROOT, startService, writeTestConfig, type RunningService } from '../helpers/service';
import { rawRequest } from '../helpers/http';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, waitForFlow, type Requester } from './support/flows';
import { HTTP_SERVER } from '../../lib/http/route-contract';

type StateEvent = Extract<FlowEvent, { type: 'state' }>;
const shape = (e: { state: string; nextState: string | null; runMode: string }) => `${e.state}/${e.nextState ?? '-'}/${e.runMode}`;

/** The flow's `state` events so far, and a check that each one is a change. */
function stateEvents(events: FlowEvents, flowId: string): StateEvent[] {
  const list = events.replay(flowId).filter((e): e is StateEvent => e.type === 'state');
  for (let i = 1; i < list.length; i++) {
    assert.notEqual(shape(list[i]!), shape(list[i - 1]!), `event ${i} announces no change: ${list.map(shape).join(', ')}`);
  }
  return list;
}

/** Waits until `done(flow)`, then checks the stored flow is what the last `state` event said; returns the events after `from`. */
async function settled(svc: Requester, events: FlowEvents, id: string, from: number, done: (f: any) => boolean): Promise<string[]> {
  const flow = await waitForFlow(svc, id, done, 60_000);
  const list = stateEvents(events, id);
  assert.equal(shape(list.at(-1)!), shape(flow), 'the stored flow is what the last event said');
  return list.slice(from).map(shape);
}

describe('one writer of flow state: one event per change', () => {
  let site: TestSite;
  let svc: RunningService;
  let events: FlowEvents;

  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, screenshots: false } } });
    events = resolve(svc.kernel.container, FLOW_EVENTS);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('pause, resume and cancel of a live INSTRUCT flow each save and emit exactly their changes', async () => {
    const created = await svc.request('POST', '/api/flows', { name: 'one writer', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.id;
    const waiting = (f: any) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION' && f.nextState === null;
    assert.deepEqual(await settled(svc, events, id, 0, waiting), [
      'INITIALIZING/-/INSTRUCT', 'WAITING_ON_USER_FOR_NEXT_ACTION/-/INSTRUCT',
    ]);

    let seen = stateEvents(events, id).length;
    assert.equal((await svc.request('POST', `/api/flows/${id}/pause`)).status, 200);
    assert.deepEqual(await settled(svc, events, id, seen, (f) => f.state === 'PAUSED'), [
      'WAITING_ON_USER_FOR_NEXT_ACTION/PAUSED/INSTRUCT', 'PAUSED/-/INSTRUCT',
    ]);
    // Idempotent while paused: no write, no event.
    assert.equal((await svc.request('POST', `/api/flows/${id}/pause`)).status, 200);
    assert.equal(stateEvents(events, id).length, seen + 2);

    seen = stateEvents(events, id).length;
    assert.equal((await svc.request('POST', `/api/flows/${id}/resume`)).status, 200);
    assert.deepEqual(await settled(svc, events, id, seen, waiting), [
      'RESUMING/-/INSTRUCT', 'WAITING_ON_USER_FOR_NEXT_ACTION/-/INSTRUCT',
    ]);
    // Not paused: refused, nothing changes.
    assert.equal((await svc.request('POST', `/api/flows/${id}/resume`)).status, 409);
    assert.equal(stateEvents(events, id).length, seen + 2);

    seen = stateEvents(events, id).length;
    const cancelled = await svc.request('POST', `/api/flows/${id}/cancel`);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.result.error.code, 'CANCELLED');
    assert.deepEqual(await settled(svc, events, id, seen, (f) => f.state === 'FAILED'), ['FAILED/-/INSTRUCT']);
    assert.equal(events.replay(id).filter((e) => e.type === 'done').length, 1);
    assert.equal(events.replay(id).at(-1)!.type, 'done');
  });
});

/** Starts `browserflow serve` as a child process and waits for its "listening on" line. */
async function serveChild(configFile: string): Promise<{ proc: ChildProcess; svc: Requester }> {
  const proc = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), 'serve', '--config', configFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d) => { err += d; });
  const url = await new Promise<string>((res, rej) => {
    let out = '';
    const timer = setTimeout(() => rej(new Error(`the service did not start: ${err}`)), 30_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); res(m[1]!); }
    });
    proc.once('exit', (code) => { clearTimeout(timer); rej(new Error(`the service exited with ${code}: ${err}`)); });
  });
  return { proc, svc: { request: (method, path, body, headers) => rawRequest(url, { method, path, body: body as never, headers }) } };
}

describe('one writer of flow state: recovery after kill -9 and a clean stop', () => {
  let site: TestSite;
  let dir: string;
  let child: ChildProcess | undefined;

  before(async () => {
    site = await startTestSite();
    dir = await mkdtemp(join(tmpdir(), 'browserflow-one-writer-'));
  });
  after(async () => {
    child?.kill('SIGKILL');
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the restarted service ends a flow left live with one FAILED INTERRUPTED event; a clean stop with one SERVICE_STOPPED', async () => {
    const { configFile } = await writeTestConfig(dir, { settings: { flows: { video: false, screenshots: false } } });
    const first = await serveChild(configFile);
    child = first.proc;
    const res = await first.svc.request('POST', '/api/flows', deterministic(site.url, '/index.html', [
      { name: 'wait', parameters: { ms: 200 } }, { name: 'wait', parameters: { ms: 30_000 } },
    ]));
    assert.equal(res.status, 201, res.text);
    const live = res.body.id;
    await waitForFlow(first.svc, live, (f) => f.progress.toolCallsCompleted >= 1, 60_000);
    // Killed only once the 30 s wait is recorded as started: that is the call the restart must close.
    const deadline = Date.now() + 30_000;
    while ((await first.svc.request('GET', `/api/flows/${live}/tool-calls`)).body.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));
    child = undefined;

    const kernel = await createKernel(configFile, { logWrite: () => {} });
    const events = resolve(kernel.container, FLOW_EVENTS);
    const seen: FlowEvent[] = [];
    events.subscribe(live, (e) => seen.push(e));
    await kernel.start();
    try {
      const url = resolve(kernel.container, HTTP_SERVER).url();
      const svc: Requester = { request: (method, path, body, headers) => rawRequest(url, { method, path, body: body as never, headers }) };
      const stored = (await svc.request('GET', `/api/flows/${live}`)).body;
      assert.equal(stored.state, 'FAILED');
      assert.equal(stored.result.error.code, 'INTERRUPTED');
      assert.deepEqual(seen.map((e) => e.type), ['toolCall', 'state', 'done'], 'the interrupted call, the one state change, done');
      assert.equal(shape(seen[1] as StateEvent), shape(stored));
      assert.equal((seen[0] as Extract<FlowEvent, { type: 'toolCall' }>).toolCall.outcome?.success, false);

      const created = await svc.request('POST', '/api/flows', { name: 'stopped', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
      assert.equal(created.status, 201, created.text);
      const id = created.body.id;
      await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
      const before = stateEvents(events, id).length;
      await kernel.stop();
      const after = stateEvents(events, id).slice(before);
      assert.deepEqual(after.map(shape), ['FAILED/-/INSTRUCT']);
      assert.equal(events.replay(id).at(-1)!.type, 'done');
      const done = events.replay(id).at(-1) as Extract<FlowEvent, { type: 'done' }>;
      assert.equal(done.flow.result?.error?.code, 'SERVICE_STOPPED');
    } finally {
      await kernel.stop();
    }
  });
});
