/**
 * A DETERMINISTIC flow over HTTP on the `webdriver` driver (the plugin's own
 * chromedriver and Chromium): the login flow succeeds with recorded
 * selectors, has screenshots and a video made of screenshots, and its rerun
 * replays the recorded selectors on the same driver.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow } from './support/flows';
import { readEvents } from './support/sse';

const SECRET = 's3cret-pass';
const WEBDRIVER = { using: { type: 'webdriver' } };

const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: '${USERNAME}' } },
  { name: 'type', parameters: { selector: '#password', text: '${PASSWORD}' } },
  { name: 'click', parameters: { selector: ['role=button[name="Sign in"]', '#does-not-exist', 'button[type=submit]'] } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
  { name: 'assertUrl', parameters: { pattern: '/welcome.html' } },
];

describe('DETERMINISTIC flows on the webdriver driver', () => {
  let svc: RunningService;
  let site: TestSite;
  let flow: any;

  before(async () => {
    site = await startTestSite();
    svc = await startService();
    assert.equal((await svc.request('POST', '/api/env/USERNAME', { value: 'alice' })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: SECRET })).status, 200);
    flow = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, {
      name: 'login on webdriver', envVars: ['USERNAME', 'PASSWORD'], browser: WEBDRIVER,
    }), 45_000);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('the login flow succeeds; the flow keeps its browser.using', () => {
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    // role= is skipped by this driver and #does-not-exist matches nothing: the click failed over, reported in `healed`.
    assert.deepEqual(flow.result, {
      success: true, summary: 'All 5 tool calls succeeded', error: null,
      healed: [{ step: 2, tool: 'click', kind: 'fallback', from: 'role=button[name="Sign in"]', to: 'button[type=submit]', recorded: 'role=button[name="Sign in"]', used: 'button[type=submit]', agreement: null }],
    });
    assert.deepEqual(flow.browser, WEBDRIVER);
    assert.equal(flow.progress.toolCallsCompleted, 5);
    assert.equal(flow.imageIds.length, 6, 'one screenshot after load and one per call');
    assert.equal(flow.hasVideo, true);
  });

  test('element calls record verified selectors; the Playwright-only candidate was skipped', async () => {
    const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
    for (const c of calls) assert.equal(c.outcome.success, true, c.outcome.message);
    // The verified selectors, then the element's fingerprint.
    const recorded = (i: number) => calls[i].outcome.selectors.slice(0, -1);
    assert.deepEqual(recorded(0), ['[data-testid="username"]', '#username', 'input[name="username"]']);
    assert.deepEqual(recorded(1), ['[data-testid="password"]', '#password', 'input[name="password"]']);
    assert.deepEqual(recorded(2), ['[data-testid="login-submit"]', '#login-button']);
    assert.match(calls[0].outcome.selectors.at(-1), /^fingerprint=\{.*"name":"Username".*\}$/);
    assert.match(calls[2].outcome.selectors.at(-1), /^fingerprint=\{.*"name":"Sign in".*\}$/);
    assert.match(calls[2].outcome.message, /button\[type=submit\]/);
    assert.equal(calls[3].outcome.selectors, null);
    assert.ok(!JSON.stringify(calls).includes(SECRET));
  });

  test('screenshots are PNG; the video is a VP9 WebM of the viewport that lasts as long as the flow ran', async () => {
    const img = await svc.request('GET', `/api/flows/${flow.id}/images/${flow.imageIds.at(-1)}`);
    assert.equal(img.status, 200);
    assert.deepEqual([...(img.body as Buffer).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    const video = await svc.request('GET', `/api/flows/${flow.id}/video`);
    assert.equal(video.status, 200);
    const dir = mkdtempSync(join(tmpdir(), 'bf-wd-video-'));
    try {
      writeFileSync(join(dir, 'flow.webm'), video.body as Buffer);
      const probe = JSON.parse(execFileSync('/usr/bin/ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', join(dir, 'flow.webm')]).toString());
      assert.equal(probe.streams[0].codec_name, 'vp9');
      // The 1280x720 viewport at the videos' MAX_VIDEO_WIDTH (960), aspect kept.
      assert.deepEqual([probe.streams[0].width, probe.streams[0].height], [960, 540]);
      assert.ok(Number(probe.format.duration) > 0.4, `duration ${probe.format.duration}`);
      // Each call's place in that video: on its frame grid, in order, inside it.
      const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
      const offsets = calls.map((c: any) => c.videoOffsetMs);
      assert.ok(offsets.every((o: unknown) => typeof o === 'number'), JSON.stringify(offsets));
      assert.deepEqual(offsets, [...offsets].sort((a: number, b: number) => a - b));
      assert.ok(offsets.at(-1) <= Number(probe.format.duration) * 1000, `${offsets.at(-1)} ms in a ${probe.format.duration} s video`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the rerun replays the recorded selectors on webdriver and succeeds', async () => {
    const body = (await svc.request('GET', `/api/flows/${flow.id}/rerun`)).body;
    assert.deepEqual(body.browser, WEBDRIVER);
    assert.deepEqual(body.toolCallsOnStart[2].parameters.selector.slice(0, -1), ['[data-testid="login-submit"]', '#login-button']);
    assert.match(body.toolCallsOnStart[2].parameters.selector.at(-1), /^fingerprint=/);
    const again = await runFlow(svc, body, 45_000);
    assert.equal(again.state, 'SUCCESS', JSON.stringify(again.result));
  });

  test('live frames: the video\'s PNG pictures of the active tab, at most two a second', async () => {
    const created = await svc.request('POST', '/api/flows', deterministic(site.url, '/index.html', [{ name: 'wait', parameters: { ms: 2500 } }], {
      name: 'live frames on webdriver', browser: WEBDRIVER,
    }));
    assert.equal(created.status, 201, created.text);
    const frames = (await readEvents(`${svc.url}/api/flows/${created.body.id}/events`, 45_000)).events.filter((e) => e.event === 'frame');
    assert.ok(frames.length >= 2, `only ${frames.length} frames in a 2.5 s wait`);
    for (const f of frames) {
      assert.equal(f.data.mimeType, 'image/png');
      assert.ok(Buffer.from(f.data.data, 'base64').subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])), 'a PNG');
      assert.equal(f.data.tabIndex, 0);
    }
    // A picture taken before the target page loaded shows the new window's blank page; every later one the target.
    const urls = frames.map((f) => f.data.url);
    const first = urls.findIndex((u: string) => /index\.html/.test(u));
    assert.ok(first >= 0 && urls.slice(first).every((u: string) => /index\.html/.test(u)) && urls.slice(0, first).every((u: string) => !/^https?:/.test(u)), urls.join(' '));
    // Spaced by the 500 ms throttle; `at` is stamped after it (a few ms of jitter under load).
    for (let i = 1; i < frames.length; i++) assert.ok(frames[i]!.data.at - frames[i - 1]!.data.at >= 480);
  });

  test('a browser.using the driver cannot serve is refused at creation, naming the field', async () => {
    const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', [], {
      browser: { using: { type: 'webdriver', capabilities: { browserName: 'firefox' } } },
    }));
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'INVALID_REQUEST');
    assert.match(res.body.message, /^browser\.using\.capabilities\.browserName: the local chromedriver runs Chrome\/Chromium only/);
  });
});
