/**
 * GET /api/events, the service-wide stream of flow changes, against the
 * real service: every change of every flow arrives (created, state,
 * progress, renamed, deleted) in order, with nothing secret or personal in
 * it; it holds subscriber slots like the per-flow streams, a client that
 * goes gives its slot back, and one that stops reading is let go.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { collectEvents, openStream, type OpenStream } from './support/sse';
import { waitForFlow } from './support/flows';
import { FLOW_EVENTS, resolve } from '../../kernel/tokens';
import type { FlowEvents } from '../../kernel/contracts/flow-events';

const SECRET = 'changes-stream-secret-41';
let svc: RunningService;
let site: TestSite;
const streams: OpenStream[] = [];

before(async () => {
  site = await startTestSite();
  svc = await startService({ settings: { flows: { video: false, maxEventSubscribersPerFlow: 2 } } });
  assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: SECRET })).status, 200);
});
after(async () => {
  for (const s of streams) s.close();
  await svc?.stop();
  await site?.close();
});

async function open(): Promise<OpenStream> {
  const stream = await openStream(`${svc.url}/api/events`);
  streams.push(stream);
  return stream;
}

/** A closed stream's slot comes back once the service sees the socket close: opens as soon as one is free (10 s at most). */
async function openWhenFree(): Promise<OpenStream> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const stream = await open();
    if (stream.status === 200 || Date.now() > deadline) return stream;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function eventually(check: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not seen within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('every change of a flow arrives, in order, with its id and no name, URL or secret', async () => {
  const stream = await open();
  assert.equal(stream.status, 200);
  assert.equal(stream.res.headers['content-type'], 'text/event-stream; charset=utf-8');
  const { events, text } = collectEvents(stream);
  const name = 'Quarterly invoices for Ada';
  const target = `${site.url}/login.html?token=${SECRET}`;
  const created = await svc.request('POST', '/api/flows', { name, targetWebsite: target, initialRunMode: 'INSTRUCT', envVars: ['PASSWORD'] });
  assert.equal(created.status, 201, created.text);
  const id = created.body.id;
  await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
  assert.equal((await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } })).status, 202);
  await waitForFlow(svc, id, (f) => f.progress.toolCallsCompleted === 1 && f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
  assert.equal((await svc.request('POST', `/api/flows/${id}/cancel`)).status, 200);
  await waitForFlow(svc, id, (f) => f.state === 'FAILED');
  assert.equal((await svc.request('POST', `/api/flows/${id}/rename`, { name: 'Ledger for Grace' })).status, 200);
  assert.equal((await svc.request('DELETE', `/api/flows/${id}`)).status, 204);
  await eventually(() => events.some((e) => e.event === 'deleted'), 'deleted');

  const mine = events.filter((e) => e.data.flowId === id);
  const types = mine.map((e) => e.event);
  assert.equal(types[0], 'created', types.join(','));
  assert.deepEqual(types.slice(-2), ['renamed', 'deleted'], types.join(','));
  assert.ok(types.includes('progress'), types.join(','));
  const states = mine.filter((e) => e.event === 'state').map((e) => e.data.state);
  assert.ok(states.includes('INITIALIZING') && states.includes('WAITING_ON_USER_FOR_NEXT_ACTION'), states.join(','));
  assert.equal(states.at(-1), 'FAILED', states.join(','));
  for (const e of mine) {
    assert.equal(typeof e.data.at, 'number');
    if (e.event === 'state') assert.deepEqual(Object.keys(e.data).sort(), ['at', 'flowId', 'nextState', 'runMode', 'state']);
    else assert.deepEqual(Object.keys(e.data).sort(), ['at', 'flowId']);
  }
  // Ids count up without gaps: a client can tell it missed nothing on this connection.
  assert.deepEqual(events.map((e) => Number(e.id)), events.map((_, i) => i));
  for (const leak of [SECRET, name, 'Ada', site.url, 'Ledger', 'Grace']) assert.ok(!text().includes(leak), `the stream holds ${leak}`);
});

test('each stream holds a subscriber slot: past the limit 429 TOO_MANY_SUBSCRIBERS, and a client that goes frees its slot', async () => {
  for (const s of streams.splice(0)) s.close();
  const first = await openWhenFree();
  assert.equal(first.status, 200);
  assert.equal((await openWhenFree()).status, 200);
  const refused = await open();
  assert.equal(refused.status, 429, JSON.stringify(refused.body));
  assert.equal(refused.body.code, 'TOO_MANY_SUBSCRIBERS');
  assert.match(refused.body.message, /service-wide event stream already has 2 subscribers \(settings\.flows\.maxEventSubscribersPerFlow = 2\)/);
  // The per-flow streams are not taken by it: a flow's own stream still opens.
  const flow = await svc.request('POST', '/api/flows', { name: 'other', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
  const own = await openStream(`${svc.url}/api/flows/${flow.body.id}/events`);
  streams.push(own);
  assert.equal(own.status, 200);
  await svc.request('POST', `/api/flows/${flow.body.id}/cancel`);
  first.close();
  assert.equal((await openWhenFree()).status, 200, 'a slot came back once a client went');
});

test('a client that stops reading is let go once 1 MiB waits for it, and its slot comes back; the others keep everything', async () => {
  for (const s of streams.splice(0)) s.close();
  const stalled = await openWhenFree();
  stalled.res.pause();
  const reading = await openWhenFree();
  const { events } = collectEvents(reading);
  const events$ = resolve(svc.kernel.container, FLOW_EVENTS) as FlowEvents;
  // Changes of a made-up flow, far more than a stalled client is allowed to owe (some 100 bytes each).
  const flowId = '00000000-0000-4000-8000-000000000000';
  for (let i = 0; i < 60_000; i++) {
    events$.emit({ type: 'state', flowId, state: 'RUNNING_ACTION', nextState: null, runMode: 'INSTRUCT', waitingFor: null, at: i });
    // In bursts a reading client keeps up with (the client runs in this process too).
    if (i % 500 === 0) await new Promise((r) => setTimeout(r, 5));
  }
  await eventually(() => events.length === 60_000, `every change on the reading stream (${events.length} so far)`, 30_000);
  assert.equal((await openWhenFree()).status, 200, 'the stalled client\'s slot came back');
});
