/**
 * Flows on a real Playwright server (`playwright-core run-server`, the
 * protocol of browserless, Moon and cloud Playwright services) through
 * `remoteInstance` with `protocol: "playwright"` (also the default for a URL
 * without /devtools/): the login flow succeeds with video, its rerun too,
 * and a server that is gone fails the flow naming the endpoint. With
 * `maxConcurrentPerEndpoint: 1`, a second flow waits for the first one's
 * context to close, saying so in `waitingFor`.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startPlaywrightServer, type PlaywrightServer } from '../helpers/playwright-server';
import { deadPort } from '../helpers/ports';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, runFlow, waitForFlow } from './support/flows';

const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: 'alice' } },
  { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
  { name: 'click', parameters: { selector: 'role=button[name="Sign in"]' } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
];

/** How long a flow waits for the Playwright server's browser. */
const ACQUIRE_MS = 15_000;

describe('flows on a Playwright server', () => {
  let svc: RunningService;
  let site: TestSite;
  let server: PlaywrightServer;
  let using: { type: string; url: string; protocol?: string };
  let flow: any;
  const tmp = mkdtempSync(join(tmpdir(), 'bf-pw-server-'));

  before(async () => {
    site = await startTestSite();
    server = await startPlaywrightServer();
    // Room for the server's first browser to start on a loaded machine (it took over 5 s with 4 test files at once).
    svc = await startService({ settings: { flows: { video: true, browserAcquireTimeoutMs: ACQUIRE_MS, maxConcurrentPerEndpoint: 1 } } });
    using = { type: 'remoteInstance', url: server.wsUrl, protocol: 'playwright' };
    flow = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { name: 'login on a Playwright server', browser: { using } }), 60_000);
  });
  after(async () => {
    await svc?.stop();
    await server?.stop();
    await site?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('the login flow succeeds with recorded selectors', async () => {
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    assert.deepEqual(flow.browser, { using });
    const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
    for (const c of calls) assert.equal(c.outcome.success, true, c.outcome.message);
    assert.ok(calls[2].outcome.selectors.length >= 2, JSON.stringify(calls[2].outcome.selectors));
  });

  test('the flow has a WebM video that ffprobe reads', async () => {
    assert.equal(flow.hasVideo, true);
    const video = await svc.request('GET', `/api/flows/${flow.id}/video`);
    assert.equal(video.status, 200);
    const file = join(tmp, 'flow.webm');
    writeFileSync(file, video.body as Buffer);
    const probe = JSON.parse(execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]).toString());
    assert.equal(probe.streams[0].codec_type, 'video');
    assert.ok(probe.streams[0].width > 0);
  });

  test('without a protocol, a URL without /devtools/ is a Playwright server; the rerun succeeds', async () => {
    const body = (await svc.request('GET', `/api/flows/${flow.id}/rerun`)).body;
    body.browser = { using: { type: 'remoteInstance', url: server.wsUrl } };
    const again = await runFlow(svc, body, 60_000);
    assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
  });

  test('with maxConcurrentPerEndpoint 1, a second flow waits for the first one, saying so, then succeeds', async () => {
    const first = await svc.request('POST', '/api/flows', { name: 'holds the server', targetWebsite: `${site.url}/login.html`, initialRunMode: 'INSTRUCT', browser: { using } });
    assert.equal(first.status, 201, first.text);
    await waitForFlow(svc, first.body.id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION', 60_000);
    const second = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, { name: 'waits', browser: { using } }));
    const waiting = await waitForFlow(svc, second.body.id, (f) => Boolean(f.waitingFor), 30_000);
    const origin = new URL(server.wsUrl).origin.replace(/\./g, '\\.');
    assert.match(waiting.waitingFor, new RegExp(`^a browser from ${origin}: 1 of 1 sessions allowed there \\(maxConcurrentPerEndpoint\\) are in use$`));
    assert.equal(waiting.state, 'INITIALIZING');
    assert.equal((await svc.request('POST', `/api/flows/${first.body.id}/cancel`)).body.result.error.code, 'CANCELLED');
    const done = await waitForFlow(svc, second.body.id, isFinished, 60_000);
    assert.equal(done.state, 'SUCCESS', JSON.stringify(done.result));
    assert.equal(done.waitingFor, null);
  });

  test('a bad protocol is refused naming the field', async () => {
    const bad = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, {
      browser: { using: { type: 'remoteInstance', url: server.wsUrl, protocol: 'bidi' } },
    }));
    assert.equal(bad.status, 400, bad.text);
    assert.match(bad.body.message, /^browser\.using\.protocol: must be "cdp" or "playwright"/);
  });

  test('a Playwright server that is not there fails the flow BROWSER_UNAVAILABLE after browserAcquireTimeoutMs, naming the endpoint', async () => {
    const url = `ws://127.0.0.1:${await deadPort()}/`;
    const failed = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'remoteInstance', url } } }), 60_000);
    assert.equal(failed.state, 'FAILED');
    assert.equal(failed.result.error.code, 'BROWSER_UNAVAILABLE');
    assert.match(failed.result.error.message, new RegExp(`No browser from ws://127\\.0\\.0\\.1:${new URL(url).port} within ${ACQUIRE_MS} ms \\(browserAcquireTimeoutMs\\)`));
  });
});
