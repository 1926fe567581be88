/** GET /api/flows/{id}/events: SSE with history replay, live events and `done`. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { waitForFlow, isFinished } from './support/flows';

let svc: RunningService;
let site: TestSite;

interface Sse { event: string; data: any; id: string }

/** Reads the whole stream until the server ends it (or `timeoutMs`). */
function readEvents(url: string, timeoutMs = 30_000): Promise<Sse[]> {
  return new Promise((resolve, reject) => {
    const events: Sse[] = [];
    const req = request(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      assert.equal(res.headers['content-type'], 'text/event-stream; charset=utf-8');
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const fields = Object.fromEntries(block.split('\n').filter((l) => l && !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
          if (fields.event) events.push({ event: fields.event, data: JSON.parse(fields.data), id: fields.id });
        }
      });
      res.on('end', () => { clearTimeout(timer); resolve(events); });
    });
    const timer = setTimeout(() => { req.destroy(); reject(new Error(`stream did not end within ${timeoutMs} ms; got ${events.map((e) => e.event).join(',')}`)); }, timeoutMs);
    req.on('error', reject);
    req.end();
  });
}

describe('flow events (SSE)', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false } } });
    await svc.request('POST', '/api/env/PASSWORD', { value: 's3cret-pass' });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('a subscriber joining mid-flow receives the full history, then live events, then done', async () => {
    const res = await svc.request('POST', '/api/flows', {
      name: 'sse', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', envVars: ['PASSWORD'],
    });
    const id = res.body.id;
    await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
    await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } });
    await waitForFlow(svc, id, (f) => f.progress.toolCallsCompleted === 1 && f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');

    const stream = readEvents(`${svc.url}/api/flows/${id}/events`);
    await new Promise((r) => setTimeout(r, 300));
    await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'markObjectiveComplete', parameters: { summary: 'done' } });
    const events = await stream;

    const names = events.map((e) => e.event);
    assert.equal(names[names.length - 1], 'done');
    assert.equal(names.filter((n) => n === 'done').length, 1);
    const states = events.filter((e) => e.event === 'state').map((e) => e.data.state);
    assert.deepEqual(states.slice(0, 2), ['INITIALIZING', 'WAITING_ON_USER_FOR_NEXT_ACTION']);
    assert.equal(states[states.length - 1], 'SUCCESS');
    const calls = events.filter((e) => e.event === 'toolCall');
    assert.deepEqual(calls.map((e) => `${e.data.toolCall.name}:${e.data.phase}`), ['type:started', 'type:finished', 'markObjectiveComplete:started', 'markObjectiveComplete:finished']);
    assert.ok(events.filter((e) => e.event === 'screenshot').length >= 2);
    assert.deepEqual(events.map((e) => Number(e.id)), events.map((_, i) => i), 'ids are a sequence without gaps');
    assert.ok(!JSON.stringify(events).includes('s3cret-pass'), 'no secret in events');
    assert.equal(events[events.length - 1].data.flow.state, 'SUCCESS');
  });

  test('a finished flow replays its history and ends at once', async () => {
    const res = await svc.request('POST', '/api/flows', { name: 'done', targetWebsite: `${site.url}/index.html`, initialRunMode: 'DETERMINISTIC', toolCallsOnStart: [{ name: 'reload', parameters: {} }] });
    await waitForFlow(svc, res.body.id, isFinished);
    const events = await readEvents(`${svc.url}/api/flows/${res.body.id}/events`, 5000);
    assert.equal(events[events.length - 1].event, 'done');
    assert.ok(events.some((e) => e.event === 'toolCall' && e.data.toolCall.name === 'reload'));
  });

  test('an unknown flow answers 404 and a client that disconnects costs nothing', async () => {
    assert.equal((await svc.request('GET', '/api/flows/00000000-0000-4000-8000-000000000000/events')).status, 404);
    const res = await svc.request('POST', '/api/flows', { name: 'dc', targetWebsite: `${site.url}/index.html`, initialRunMode: 'INSTRUCT' });
    await waitForFlow(svc, res.body.id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
    await new Promise<void>((resolve) => {
      const req = request(`${svc.url}/api/flows/${res.body.id}/events`, (r) => { r.once('data', () => { req.destroy(); resolve(); }); });
      req.end();
    });
    await svc.request('POST', `/api/flows/${res.body.id}/cancel`);
    const flow = await waitForFlow(svc, res.body.id, isFinished);
    assert.equal(flow.result.error.code, 'CANCELLED');
  });
});
