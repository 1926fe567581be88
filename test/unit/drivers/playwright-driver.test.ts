/**
 * The `driver-playwright` plugin: its two drivers, validation, shared
 * browsers and isolated contexts, devices, proxies, remote instances, and
 * what happens when the browser process dies.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';
import { ApiError } from '../../../kernel/errors';
import { checkUsing } from '../../helpers/browser-using';
import type { BrowserSession } from '../../../kernel/contracts/browser-driver';
import { startHarness, startRemoteChromium, isRunning, timed, type Harness } from './driver-harness';
import { startForwardProxy } from '../../fixtures/site/forward-proxy';

let h: Harness;

before(async () => {
  h = await startHarness();
});
after(() => h.shutdown());

function assertInvalid(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => err instanceof ApiError && err.code === 'INVALID_REQUEST' && pattern.test(err.message));
}

describe('plugin and validation', () => {
  test('the plugin provides both drivers with their schemas', () => {
    assert.equal(h.device.type, 'device');
    assert.equal(h.remote.type, 'remoteInstance');
    assert.ok(h.device.description.length > 10 && h.remote.description.length > 10);
  });

  test('an unknown deviceName is an INVALID_REQUEST listing valid devices', async () => {
    assertInvalid(() => checkUsing(h.device, { type: 'device', deviceName: 'iPhone 99' }), /unknown device "iPhone 99"; did you mean "iPhone [^"]+".*"Pixel 7"/);
    assertInvalid(() => checkUsing(h.device, { type: 'device', deviceName: 'iphone 13' }), /did you mean "iPhone 13"\?/);
    await assert.rejects(h.open({}, { type: 'device', deviceName: 'Nokia 3310' }), (err: unknown) => err instanceof ApiError && err.code === 'INVALID_REQUEST');
    checkUsing(h.device, { type: 'device', deviceName: 'Pixel 7', headless: true });
  });

  test('bad shapes name the field', () => {
    assertInvalid(() => checkUsing(h.device, { type: 'device', colour: 'red' }), /^browser\.using\.colour: unknown field/);
    assertInvalid(() => checkUsing(h.device, { type: 'device', proxy: { server: 'not a url' } }), /^browser\.using\.proxy\.server: must be a proxy URL/);
    assertInvalid(() => checkUsing(h.device, { type: 'device', proxy: { server: 'ftp://x:21' } }), /http, https, socks4 or socks5/);
    assertInvalid(() => checkUsing(h.remote, { type: 'remoteInstance', url: 'http://127.0.0.1:9222' }), /^browser\.using\.url: must be a ws:\/\/ or wss:\/\/ URL/);
    assertInvalid(() => checkUsing(h.remote, { type: 'remoteInstance' }), /^browser\.using\.url: is required/);
    checkUsing(h.remote, { type: 'remoteInstance', url: 'wss://browsers.example/devtools/browser/abc?token=x' });
  });
});

describe('device sessions', () => {
  test('sessions share one browser but not cookies', async () => {
    const a = await h.open();
    const b = await h.open();
    assert.equal((await h.device.browserProcessIds()).length, 1);
    await a.navigate(`${h.site.url}/index.html`);
    await a.evaluate('document.cookie = "who=alice; path=/"', null);
    await b.navigate(`${h.site.url}/index.html`);
    assert.equal(await a.evaluate('return document.cookie', null), 'who=alice');
    assert.equal(await b.evaluate('return document.cookie', null), '');
    assert.equal(a.recordsVideo, false);
    await a.close();
    await a.close();
    await assert.rejects(a.title(), /session is closed/);
    assert.equal(await b.title(), 'browserflow test site');
    await b.close();
  });

  test('deviceName emulates the device (iPhone 13: 390 px wide, touch, iPhone UA)', async () => {
    const s = await h.open({}, { type: 'device', deviceName: 'iPhone 13', headless: true });
    await s.navigate(`${h.site.url}/index.html`);
    // index.html sets a device-width viewport, so the layout is as wide as the screen.
    const info = await s.evaluate('return { w: innerWidth, touch: navigator.maxTouchPoints > 0, ua: navigator.userAgent, dpr: devicePixelRatio }', null) as Record<string, unknown>;
    assert.equal(info.w, 390);
    assert.equal(info.touch, true);
    assert.equal(info.dpr, 3);
    assert.match(String(info.ua), /iPhone/);
    assert.ok(String(info.ua).endsWith(` ${drivenBrowserMarker()}`), 'the device User-Agent carries the marker');
    await s.close();
  });

  test('a proxy gets its own browser and sees the traffic', async () => {
    const proxy = await startForwardProxy({ username: 'pxuser', password: 'px-secret-1' });
    try {
      const before = (await h.device.browserProcessIds()).length;
      const s = await h.open({}, {
        type: 'device',
        // Chromium never proxies loopback addresses unless told to with <-loopback>.
        proxy: { server: proxy.url, bypass: '<-loopback>', username: 'pxuser', password: 'px-secret-1' },
      });
      assert.equal((await h.device.browserProcessIds()).length, before + 1);
      await s.navigate(`${h.site.url}/login.html`);
      assert.equal(await s.title(), 'Login');
      assert.ok(proxy.seen.includes(`${h.site.url}/login.html`), `proxy saw ${proxy.seen.join(', ')}`);
      await s.close();
    } finally {
      await proxy.close();
    }
  });

  test('a killed browser resolves disconnected within a second; the next open starts a new one', async () => {
    const s = await h.open();
    await s.navigate(`${h.site.url}/index.html`);
    const pids = await h.device.browserProcessIds();
    assert.ok(pids.length >= 1);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const { ms, value: cause } = await timed(() => Promise.race([
      s.disconnected,
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000)),
    ]));
    assert.ok(cause instanceof Error, 'disconnected resolved');
    assert.match(cause.message, /disconnected unexpectedly/);
    assert.ok(ms < 1_000, `disconnected after ${ms} ms`);
    await s.close();
    const next = await h.open();
    await next.navigate(`${h.site.url}/login.html`);
    assert.equal(await next.title(), 'Login');
    const newPids = await h.device.browserProcessIds();
    assert.ok(newPids.every((pid) => !pids.includes(pid)));
    await next.close();
  });

  test('without ffmpeg: recordsVideo false and a warning; the LIFECYCLE stop hook closes every browser', async () => {
    const other = await startHarness({ ffmpegPath: '/nonexistent/ffmpeg' });
    let pids: number[] = [];
    try {
      const s = await other.open({ videoPath: `${other.tmp}/video.webm` });
      assert.equal(s.recordsVideo, false);
      await s.navigate(`${other.site.url}/index.html`);
      assert.ok(other.logs.some((l) => /WARN .*ffmpeg/.test(l)));
      pids = await other.device.browserProcessIds();
      assert.equal(pids.length, 1);
    } finally {
      await other.shutdown();
    }
    assert.deepEqual(await other.device.browserProcessIds(), []);
    const deadline = Date.now() + 2_000;
    while (pids.some(isRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(pids.some(isRunning), false);
  });
});

describe('remoteInstance', () => {
  test('connects over CDP, isolates flows, and leaves the remote browser running', async () => {
    const remote = await startRemoteChromium();
    const sessions: BrowserSession[] = [];
    try {
      const options = { flowId: 'remote', videoPath: null, actionTimeoutMs: 2_000, navigationTimeoutMs: 5_000 };
      const using = { type: 'remoteInstance', url: remote.wsUrl } as const;
      sessions.push(await h.remote.open(using, options), await h.remote.open(using, options));
      const [a, b] = sessions as [BrowserSession, BrowserSession];
      await a.navigate(`${h.site.url}/login.html`);
      await a.type('#username', 'alice');
      await a.type('#password', 's3cret-pass');
      await a.click('#login-button');
      assert.equal(await a.waitForText('Welcome, alice!', 3_000), true);
      await a.evaluate('document.cookie = "remote=1; path=/"', null);
      await b.navigate(`${h.site.url}/index.html`);
      assert.equal(await b.evaluate('return document.cookie', null), '');
      await a.close();
      await b.close();
      await h.remote.close();
      assert.equal(isRunning(remote.pid), true);
    } finally {
      await Promise.all(sessions.map((s) => s.close()));
      await remote.stop();
    }
  });

  test('an unreachable URL fails with a readable message', async () => {
    const options = { flowId: 'remote', videoPath: null, actionTimeoutMs: 2_000, navigationTimeoutMs: 2_000 };
    await assert.rejects(h.remote.open({ type: 'remoteInstance', url: 'ws://127.0.0.1:9/devtools/browser/x' }, options),
      /Could not connect to the remote browser at 127\.0\.0\.1:9/);
  });
});
