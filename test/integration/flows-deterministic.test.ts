/**
 * DETERMINISTIC flows over HTTP against real Chromium and the test site:
 * records (tool calls, screenshots, video), env-var secrecy, rerun, code,
 * project export, delete.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';
import { startForwardProxy } from '../fixtures/site/forward-proxy';
import { assertServedRecords } from '../helpers/record-shape';

const SECRET = 's3cret-pass';
let svc: RunningService;
let site: TestSite;

function grepDir(dir: string, needle: string): string[] {
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (readFileSync(p).includes(needle)) hits.push(p);
    }
  };
  walk(dir);
  return hits;
}

const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: '${USERNAME}' } },
  { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } },
  { name: 'click', parameters: { selector: ['#does-not-exist', 'button[type=submit]'] } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
  { name: 'assertUrl', parameters: { pattern: '/welcome.html' } },
];

describe('DETERMINISTIC flows', () => {
  let flow: any;

  before(async () => {
    site = await startTestSite();
    svc = await startService();
    assert.equal((await svc.request('POST', '/api/env/USERNAME', { value: 'alice' })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: SECRET })).status, 200);
    flow = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { name: 'login', envVars: ['USERNAME', 'PASSWORD'] }), 60_000);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('the login flow succeeds with the metadata of the contract', () => {
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    // The click failed over from its stale first candidate: reported in `healed` (no fingerprint was given to agree with).
    assert.deepEqual(flow.result, {
      success: true, summary: 'All 5 tool calls succeeded', error: null,
      healed: [{ step: 2, tool: 'click', kind: 'fallback', from: '#does-not-exist', to: 'button[type=submit]', recorded: '#does-not-exist', used: 'button[type=submit]', agreement: null }],
    });
    assert.equal(flow.progress.toolCallsCompleted, 5);
    assert.equal(flow.progress.toolCallsFailed, 0);
    assert.equal(flow.runMode, 'DETERMINISTIC');
    assert.equal(flow.nextState, null);
    assert.ok(flow.startedAt >= flow.createdAt && flow.completedAt >= flow.startedAt);
    assert.equal(flow.imageIds.length, 6, 'one screenshot after load and one per call');
    assert.equal(flow.hasVideo, true);
  });

  test('tool calls keep placeholders, record timings, urls and verified selectors', async () => {
    const res = await svc.request('GET', `/api/flows/${flow.id}/tool-calls`);
    assert.equal(res.status, 200);
    const calls = res.body;
    assert.deepEqual(calls.map((c: any) => c.name), ['type', 'type', 'click', 'assertText', 'assertUrl']);
    assert.equal(calls[1].parameters.text, '${PASSWORD}');
    for (const c of calls) {
      assert.equal(c.source, 'ON_START');
      assert.equal(c.outcome.success, true, c.outcome.message);
      assert.ok(c.completedAt >= c.startedAt);
      assert.match(c.pageUrl, /^http:\/\/127\.0\.0\.1/);
      assert.ok(c.screenshotImageId && flow.imageIds.includes(c.screenshotImageId));
    }
    assert.ok(calls[0].outcome.selectors.length >= 2, JSON.stringify(calls[0].outcome.selectors));
    assert.ok(calls[2].outcome.selectors.some((s: string) => /login-submit|Sign in/.test(s)), JSON.stringify(calls[2].outcome.selectors));
    assert.equal(calls[3].outcome.selectors, null);
    const one = await svc.request('GET', `/api/flows/${flow.id}/tool-calls/${calls[2].id}`);
    assert.deepEqual(one.body, calls[2]);
    assert.equal((await svc.request('GET', `/api/flows/${flow.id}/tool-calls/nope`)).body.code, 'TOOL_CALL_NOT_FOUND');
    await assertServedRecords(svc, flow.id);
  });

  test('no secret value in the data dir, the logs, or any response', async () => {
    assert.deepEqual(grepDir(svc.dataDir, SECRET).filter((p) => !p.includes(`${join('db', '')}`)), []);
    const calls = await svc.request('GET', `/api/flows/${flow.id}/tool-calls`);
    assert.ok(!calls.text.includes(SECRET));
    const meta = await svc.request('GET', `/api/flows/${flow.id}`);
    assert.ok(!meta.text.includes(SECRET));
    assert.ok(!svc.logs.join('\n').includes(SECRET));
  });

  test('screenshots are PNG and the video is a valid WebM with Range support', async () => {
    const img = await svc.request('GET', `/api/flows/${flow.id}/images/${flow.imageIds[0]}`);
    assert.equal(img.status, 200);
    assert.equal(img.headers['content-type'], 'image/png');
    assert.deepEqual([...(img.body as Buffer).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal((await svc.request('GET', `/api/flows/${flow.id}/images/missing`)).body.code, 'IMAGE_NOT_FOUND');

    const video = await svc.request('GET', `/api/flows/${flow.id}/video`);
    assert.equal(video.status, 200);
    assert.equal(video.headers['content-type'], 'video/webm');
    const size = (video.body as Buffer).length;
    assert.ok(size > 1000);
    const part = await svc.request('GET', `/api/flows/${flow.id}/video`, undefined, { range: 'bytes=0-99' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-range'], `bytes 0-99/${size}`);
    assert.equal((part.body as Buffer).length, 100);
    const bad = await svc.request('GET', `/api/flows/${flow.id}/video`, undefined, { range: `bytes=${size + 10}-` });
    assert.equal(bad.status, 416);
    const path = join(svc.dataDir, 'flows', flow.id);
    const webm = readdirSync(path).find((f) => f.endsWith('.webm'))!;
    const probe = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', join(path, webm)]).toString());
    assert.equal(probe.streams[0].codec_name, 'vp9');
    assert.ok(Number(probe.format.duration) > 0);
  });

  test('rerun gives a DETERMINISTIC CreateFlow with recorded candidates that succeeds again', async () => {
    const res = await svc.request('GET', `/api/flows/${flow.id}/rerun`);
    assert.equal(res.status, 200, res.text);
    const body = res.body;
    assert.equal(body.initialRunMode, 'DETERMINISTIC');
    assert.deepEqual(body.envVars, ['USERNAME', 'PASSWORD']);
    assert.equal(body.toolCallsOnStart.length, 5);
    assert.ok(Array.isArray(body.toolCallsOnStart[2].parameters.selector));
    assert.equal(body.toolCallsOnStart[1].parameters.text, '${PASSWORD}');
    const single = (await svc.request('GET', `/api/flows/${flow.id}/rerun?disableSelectorFailover=true&areElementIdsVolatile=true`)).body;
    assert.equal(typeof single.toolCallsOnStart[0].parameters.selector, 'string');
    assert.notEqual(single.toolCallsOnStart[0].parameters.selector, '#username');
    const again = await runFlow(svc, body, 60_000);
    assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
  });

  test('code and project exports contain no secret and use process.env', async () => {
    const code = await svc.request('GET', `/api/flows/${flow.id}/code?runInHeadedMode=false&slowMotionDelay=0`);
    assert.equal(code.status, 200, code.text);
    assert.match(String(code.headers['content-type']), /text\/javascript/);
    assert.match(code.text, /@playwright\/test/);
    assert.match(code.text, /process\.env/);
    assert.ok(!code.text.includes(SECRET));
    const zip = await svc.request('POST', '/api/flows/project', { flowIds: [flow.id], options: { testScriptVariant: 'plain' } });
    assert.equal(zip.status, 200, zip.text);
    assert.equal(zip.headers['content-type'], 'application/zip');
    assert.equal((zip.body as Buffer).subarray(0, 2).toString(), 'PK');
    assert.ok(!(zip.body as Buffer).includes(SECRET));
    assert.equal((await svc.request('POST', '/api/flows/project', { flowIds: ['00000000-0000-4000-8000-000000000000'] })).status, 404);
  });

  test('a proxy password given as ${VAR} is filled in only when the browser starts', async () => {
    const password = 'px-pass-7f3';
    const proxy = await startForwardProxy({ username: 'pxuser', password });
    try {
      assert.equal((await svc.request('POST', '/api/env/PROXY_PASSWORD', { value: password })).status, 200);
      // Chromium never proxies loopback addresses unless told to with <-loopback>.
      const using = { type: 'device', proxy: { server: proxy.url, bypass: '<-loopback>', username: 'pxuser', password: '${PROXY_PASSWORD}' } };
      const calls = [{ name: 'assertText', parameters: { text: 'Sign in' } }];
      const unlisted = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', calls, { browser: { using } }));
      assert.equal(unlisted.status, 400, unlisted.text);
      assert.match(unlisted.body.message, /^browser\.using: \$\{PROXY_PASSWORD\} is used but "PROXY_PASSWORD" is not listed in envVars/);
      const done = await runFlow(svc, deterministic(site.url, '/login.html', calls, { envVars: ['PROXY_PASSWORD'], browser: { using } }), 60_000);
      assert.equal(done.state, 'SUCCESS', JSON.stringify(done.result));
      assert.ok(proxy.seen.includes(`${site.url}/login.html`), `the proxy let the browser through: ${proxy.seen.join(', ')}`);
      assert.equal(done.browser.using.proxy.password, '${PROXY_PASSWORD}', 'the stored flow keeps the placeholder');
    } finally {
      await proxy.close();
    }
  });

  test('rename, then delete removes the record, tool calls and files', async () => {
    const renamed = await svc.request('POST', `/api/flows/${flow.id}/rename`, { name: 'renamed login' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'renamed login');
    assert.equal((await svc.request('POST', `/api/flows/${flow.id}/rename`, { name: '' })).status, 400);
    const del = await svc.request('DELETE', `/api/flows/${flow.id}`);
    assert.equal(del.status, 204);
    assert.equal((await svc.request('GET', `/api/flows/${flow.id}`)).body.code, 'FLOW_NOT_FOUND');
    assert.equal((await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).status, 404);
    assert.equal(existsSync(join(svc.dataDir, 'flows', flow.id)), false);
    assert.equal((await svc.request('DELETE', `/api/flows/${flow.id}`)).status, 404);
  });
});
