/**
 * Flows on a real Selenium Grid 4.20 with two slots, as a platform team runs
 * browserflow (one Grid for the file, restarted once on its port):
 * - four concurrent DETERMINISTIC flows all succeed, each with a video; with
 *   `maxConcurrentPerEndpoint: 2` two of them wait for a slot, the reason
 *   visible on GET and in the SSE state events;
 * - a flow cancelled while it waits for a browser ends CANCELLED at once;
 * - a Grid killed mid-flow fails that flow within seconds (no hang); a flow
 *   created while it is down waits (reason visible) and succeeds once the
 *   Grid is back on its port;
 * - a Grid that stays down fails the flow BROWSER_UNAVAILABLE after
 *   `browserAcquireTimeoutMs`, naming the endpoint; the service keeps serving.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startSeleniumGrid, type SeleniumGrid } from '../helpers/selenium-grid';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, runFlow, waitForFlow } from './support/flows';
import { openStream, type OpenStream } from './support/sse';

const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: 'alice' } },
  { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
  { name: 'click', parameters: { selector: 'button[type=submit]' } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
];

/** Collects the `waitingFor` of every SSE state event of a flow while its stream is open. */
function watchWaiting(stream: OpenStream, into: string[]): void {
  let buf = '';
  stream.res.setEncoding('utf8');
  stream.res.on('data', (chunk: string) => {
    buf += chunk;
    for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = block.split('\n').find((l) => l.startsWith('data: '));
      if (block.includes('event: state') && data) {
        const waitingFor = JSON.parse(data.slice(6)).waitingFor;
        if (waitingFor) into.push(waitingFor);
      }
    }
  });
}

describe('flows on a Selenium Grid with two slots', () => {
  let svc: RunningService;
  let site: TestSite;
  let grid: SeleniumGrid;
  const tmp = mkdtempSync(join(tmpdir(), 'bf-grid-flows-'));

  before(async () => {
    site = await startTestSite();
    grid = await startSeleniumGrid({ slots: 2 });
    svc = await startService({ settings: { flows: { video: true, maxConcurrent: 6, maxConcurrentPerEndpoint: 2, browserAcquireTimeoutMs: 180_000 } } });
  });
  after(async () => {
    await svc?.stop();
    await grid?.stop();
    await site?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  const on = () => ({ browser: { using: { type: 'webdriver', url: grid.url } } });
  const reasonRe = () => new RegExp(`^a browser from http://127\\.0\\.0\\.1:${grid.port}: 2 of 2 sessions allowed there \\(maxConcurrentPerEndpoint\\) are in use$`);

  test('four concurrent flows on two slots all succeed, each with a video; two wait for a slot, saying so', async () => {
    const ids: string[] = [];
    for (let n = 1; n <= 4; n++) {
      const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, { name: `grid ${n}`, ...on() }));
      assert.equal(res.status, 201, res.text);
      ids.push(res.body.id);
    }
    const streamed = new Map(ids.map((id) => [id, [] as string[]]));
    const streams = await Promise.all(ids.map((id) => openStream(`${svc.url}/api/flows/${id}/events`)));
    streams.forEach((s, i) => watchWaiting(s, streamed.get(ids[i])!));
    const seen = new Map<string, Set<string>>(ids.map((id) => [id, new Set()]));
    try {
      // GET while they run: who waits, and why.
      for (let finished = 0; finished < ids.length; await new Promise((r) => setTimeout(r, 50))) {
        const reads = await Promise.all(ids.map((id) => svc.request('GET', `/api/flows/${id}`)));
        reads.forEach((r, i) => { if (r.body.waitingFor) seen.get(ids[i])!.add(r.body.waitingFor); });
        finished = reads.filter((r) => isFinished(r.body)).length;
      }
    } finally {
      for (const s of streams) s.close();
    }
    const flows = await Promise.all(ids.map((id) => waitForFlow(svc, id, isFinished, 180_000)));
    for (const flow of flows) {
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
      assert.equal(flow.hasVideo, true);
      assert.equal(flow.waitingFor, null);
    }
    // Exactly two waited for a slot; a slow browser start may also show as "session requested ... not granted yet".
    const waitedForSlot = (reasons: Iterable<string>) => [...reasons].some((r) => reasonRe().test(r));
    const all = JSON.stringify([...seen].map(([id, r]) => [id, [...r]]));
    assert.equal([...seen.values()].filter(waitedForSlot).length, 2, `reasons seen on GET: ${all}`);
    assert.equal([...streamed.values()].filter(waitedForSlot).length, 2, `reasons streamed: ${JSON.stringify([...streamed])}`);
    for (const reason of [...seen.values()].flatMap((r) => [...r])) assert.match(reason, /^a browser from http:\/\/127\.0\.0\.1:\d+: (2 of 2 sessions|session requested \d+ s ago and not granted yet)/);

    const video = await svc.request('GET', `/api/flows/${flows[3].id}/video`);
    assert.equal(video.status, 200);
    writeFileSync(join(tmp, 'flow.webm'), video.body as Buffer);
    const probe = JSON.parse(execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', join(tmp, 'flow.webm')]).toString());
    assert.equal(probe.streams[0].codec_name, 'vp9');
  });

  test('a flow cancelled while it waits for a browser ends CANCELLED at once; the sessions never pass the limit', async () => {
    const holders: string[] = [];
    for (let n = 1; n <= 2; n++) {
      const res = await svc.request('POST', '/api/flows', { name: `holder ${n}`, targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', ...on() });
      assert.equal(res.status, 201, res.text);
      holders.push(res.body.id);
    }
    for (const id of holders) await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 120_000);
    const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, { name: 'waits', ...on() }));
    assert.equal(res.status, 201, res.text);
    const waiting = await waitForFlow(svc, res.body.id, (f) => Boolean(f.waitingFor), 30_000);
    assert.equal(waiting.state, 'INITIALIZING');
    assert.match(waiting.waitingFor, reasonRe());
    const listed = await svc.request('GET', '/api/flows?state=RUNNING');
    assert.match(listed.body.flows.find((f: any) => f.id === res.body.id).waitingFor, reasonRe());
    const status = await (await fetch(`http://127.0.0.1:${grid.port}/status`)).json() as any;
    const sessions = status.value.nodes.flatMap((n: any) => n.slots).filter((s: any) => s.session).length;
    assert.equal(sessions, 2);

    const cancelled = await svc.request('POST', `/api/flows/${res.body.id}/cancel`);
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.state, 'FAILED');
    assert.equal(cancelled.body.result.error.code, 'CANCELLED');
    assert.equal(cancelled.body.waitingFor, null);
    for (const id of holders) assert.equal((await svc.request('POST', `/api/flows/${id}/cancel`)).body.result.error.code, 'CANCELLED');
  });

  test('a flow cancelled while its target website never answers (INITIALIZING) ends CANCELLED at once', async () => {
    // Accepts connections and never answers: the navigation would wait navigationTimeoutMs (30 s).
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => { sockets.add(socket); socket.on('error', () => undefined); });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as { port: number }).port;
      const res = await svc.request('POST', '/api/flows', deterministic(`http://127.0.0.1:${port}`, '/never', loginCalls, { name: 'never answers', ...on() }));
      assert.equal(res.status, 201, res.text);
      await waitForFlow(svc, res.body.id, () => sockets.size > 0, 120_000);
      const cancelled = await svc.request('POST', `/api/flows/${res.body.id}/cancel`);
      assert.equal(cancelled.body.state, 'FAILED', cancelled.text);
      assert.equal(cancelled.body.result.error.code, 'CANCELLED');
      // Ended, not merely asked to end: nothing more is written afterwards.
      assert.equal((await svc.request('GET', `/api/flows/${res.body.id}`)).body.state, 'FAILED');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test('a Grid killed mid-flow fails that flow within seconds; a flow started while it is down succeeds once it is back', async () => {
    const live = await svc.request('POST', '/api/flows', { name: 'live', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', ...on() });
    await waitForFlow(svc, live.body.id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 120_000);
    const port = grid.port;
    await grid.stop();
    // The idle probe (heartbeatMs, 2 s) finds the session gone; a hang would last the INSTRUCT idle timeout (30 min).
    const failed = await waitForFlow(svc, live.body.id, isFinished, 30_000);
    assert.equal(failed.state, 'FAILED');
    assert.equal(failed.result.error.code, 'BROWSER_CRASHED', JSON.stringify(failed.result));

    const next = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, { name: 'after restart', ...on() }));
    const waiting = await waitForFlow(svc, next.body.id, (f) => Boolean(f.waitingFor), 30_000);
    assert.match(waiting.waitingFor, new RegExp(`^a browser from http://127\\.0\\.0\\.1:${port}: attempt \\d+ failed`));
    grid = await startSeleniumGrid({ slots: 2, port });
    const done = await waitForFlow(svc, next.body.id, isFinished, 180_000);
    assert.equal(done.state, 'SUCCESS', JSON.stringify(done.result));
  });

  test('a Grid that stays down fails the flow BROWSER_UNAVAILABLE after browserAcquireTimeoutMs, naming it; the service keeps serving', async () => {
    const quick = await startService({ settings: { flows: { video: false, browserAcquireTimeoutMs: 3_000 } } });
    try {
      const url = grid.url;
      await grid.stop();
      const flow = await runFlow(quick, deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'webdriver', url } } }), 60_000);
      assert.equal(flow.state, 'FAILED');
      assert.equal(flow.result.error.code, 'BROWSER_UNAVAILABLE');
      assert.match(flow.result.error.message, new RegExp(`No browser from http://127\\.0\\.0\\.1:${grid.port} within 3000 ms \\(browserAcquireTimeoutMs\\)`));
      assert.equal(flow.waitingFor, null);
      assert.equal((await quick.request('GET', '/api/ping')).status, 200);
    } finally {
      await quick.stop();
    }
  });
});
