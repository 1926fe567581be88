/**
 * The `driver-webdriver` plugin: validation, capabilities, endpoints, the
 * local chromedriver's life, remote endpoints, and what happens when a
 * session or its driver dies.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { ApiError } from '../../../kernel/errors';
import { checkUsing } from '../../helpers/browser-using';
import { buildCapabilities, mergeCapabilities } from '../../../plugins/drivers/webdriver/capabilities';
import { WebdriverConfigSchema } from '../../../plugins/drivers/webdriver/config-schema';
import { endpointOptions } from '../../../plugins/drivers/webdriver/webdriver-driver';
import { givenUserAgent, UserAgentMarker, userAgentSlot, withUserAgent } from '../../../plugins/drivers/webdriver/user-agent';
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';
import { createLogger } from '../../../lib/logging/logger';
import type { WebdriverSession } from '../../../plugins/drivers/webdriver/session';
import { isRunning, startOwnChromedriver, startWebdriverHarness, timed, type OwnChromedriver, type WebdriverHarness } from './webdriver-harness';

const config = v.parse(WebdriverConfigSchema, {});

function assertInvalid(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (err: unknown) => err instanceof ApiError && err.code === 'INVALID_REQUEST' && pattern.test(err.message));
}

describe('capabilities and endpoints', () => {
  test('defaults: headless Chromium with the container switches and, locally, the configured binary', () => {
    const caps = buildCapabilities({ type: 'webdriver' }, config, true);
    assert.equal(caps.browserName, 'chrome');
    assert.deepEqual(caps['goog:chromeOptions'], {
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      binary: '/usr/bin/chromium',
      perfLoggingPrefs: { enableNetwork: true, enablePage: false },
    });
    assert.deepEqual(caps['goog:loggingPrefs'], { browser: 'ALL', performance: 'ALL' }, 'console and network of each step come from these logs');
    assert.equal(caps.unhandledPromptBehavior, 'ignore');
    assert.equal(caps['wdio:enforceWebDriverClassic'], true);
    const remote = buildCapabilities({ type: 'webdriver', url: 'http://grid:4444/wd/hub' }, config, false);
    assert.equal((remote['goog:chromeOptions'] as { binary?: string }).binary, undefined, 'a grid picks its own binary');
  });

  test('flow capabilities merge over the defaults; args are appended; headless false drops the switch', () => {
    const caps = buildCapabilities({
      type: 'webdriver', headless: false,
      capabilities: { 'goog:chromeOptions': { args: ['--window-size=1280,720'] }, acceptInsecureCerts: true, unhandledPromptBehavior: 'accept' },
    }, config, true);
    const chrome = caps['goog:chromeOptions'] as { args: string[]; binary: string };
    assert.ok(!chrome.args.includes('--headless=new'));
    assert.ok(chrome.args.includes('--no-sandbox') && chrome.args.at(-1) === '--window-size=1280,720');
    assert.equal(chrome.binary, '/usr/bin/chromium');
    assert.equal(caps.acceptInsecureCerts, true);
    assert.equal(caps.unhandledPromptBehavior, 'ignore', 'the driver answers dialogs itself');
    const firefox = buildCapabilities({ type: 'webdriver', url: 'http://grid:4444', capabilities: { browserName: 'firefox' } }, config, false);
    assert.deepEqual(firefox['moz:firefoxOptions'], { args: ['-headless'] });
    assert.equal(firefox['goog:chromeOptions'], undefined);
    assert.deepEqual(mergeCapabilities({ a: { b: 1, c: [1] } }, { a: { c: [2], d: 3 } }), { a: { b: 1, c: [2], d: 3 } });
  });

  test('the marked User-Agent: a switch for Chromium and Edge, a preference for Firefox, probed once per set-up', async () => {
    const marker = drivenBrowserMarker();
    const probes: string[] = [];
    const logs: string[] = [];
    const ua = new UserAgentMarker(async (caps, endpoint) => {
      probes.push(`${endpoint} ${String(caps.browserName)}`);
      return `Mozilla/5.0 (probe) ${String(caps.browserName)}/1.0`;
    }, createLogger('debug', (line) => logs.push(line)));
    const chrome = await ua.mark(buildCapabilities({ type: 'webdriver' }, config, true), 'http://127.0.0.1:9515/');
    const args = (chrome['goog:chromeOptions'] as { args: string[] }).args;
    assert.equal(args.at(-1), `--user-agent=Mozilla/5.0 (probe) chrome/1.0 ${marker}`);
    assert.ok(args.includes('--no-sandbox'));
    await ua.mark(buildCapabilities({ type: 'webdriver' }, config, true), 'http://127.0.0.1:9515/');
    assert.deepEqual(probes, ['http://127.0.0.1:9515/ chrome'], 'probed once for the same endpoint and capabilities');
    const given = await ua.mark(buildCapabilities({ type: 'webdriver', capabilities: { 'goog:chromeOptions': { args: ['--user-agent=Custom/2.0'] } } }, config, true), 'x');
    assert.deepEqual((given['goog:chromeOptions'] as { args: string[] }).args.filter((a) => a.startsWith('--user-agent=')), [`--user-agent=Custom/2.0 ${marker}`]);
    assert.equal(probes.length, 1, 'a given User-Agent needs no probe');
    const firefox = await ua.mark(buildCapabilities({ type: 'webdriver', url: 'http://grid:4444', capabilities: { browserName: 'firefox' } }, config, false), 'http://grid:4444');
    assert.equal((firefox['moz:firefoxOptions'] as { prefs: Record<string, string> }).prefs['general.useragent.override'], `Mozilla/5.0 (probe) firefox/1.0 ${marker}`);
    const edge = withUserAgent({ browserName: 'MicrosoftEdge' }, userAgentSlot('MicrosoftEdge')!, 'E');
    assert.deepEqual(edge['ms:edgeOptions'], { args: ['--user-agent=E'] });
    assert.equal(givenUserAgent(edge, userAgentSlot('msedge')!), 'E');
    const safari = await ua.mark({ browserName: 'safari' }, 'http://grid:4444');
    assert.deepEqual(safari, { browserName: 'safari' });
    assert.ok(logs.some((l) => /cannot be given a marked User-Agent/.test(l)));
  });

  test('endpoint URLs: path, default ports, credentials', () => {
    assert.deepEqual(endpointOptions('http://grid:4444/wd/hub'), { protocol: 'http', hostname: 'grid', port: 4444, path: '/wd/hub' });
    assert.deepEqual(endpointOptions('https://u%40x:p%2Fw@cloud.example/wd/hub'), {
      protocol: 'https', hostname: 'cloud.example', port: 443, path: '/wd/hub', user: 'u@x', key: 'p/w',
    });
  });
});

describe('the driver', () => {
  let h: WebdriverHarness;
  before(async () => {
    h = await startWebdriverHarness({ heartbeatMs: 200 });
  });
  after(() => h.shutdown());

  test('validation names the field', () => {
    assert.equal(h.driver.type, 'webdriver');
    checkUsing(h.driver, { type: 'webdriver', url: 'http://grid:4444/wd/hub', capabilities: { browserName: 'firefox' }, headless: true });
    assertInvalid(() => checkUsing(h.driver, { type: 'webdriver', colour: 'red' }), /^browser\.using\.colour: unknown field/);
    assertInvalid(() => checkUsing(h.driver, { type: 'webdriver', url: 'ws://grid:4444' }), /^browser\.using\.url: must be an http:\/\/ or https:\/\/ URL/);
    assertInvalid(() => checkUsing(h.driver, { type: 'webdriver', url: 'grid' }), /^browser\.using\.url: must be a WebDriver URL/);
    assertInvalid(() => checkUsing(h.driver, { type: 'webdriver', capabilities: [] }), /^browser\.using\.capabilities: must be an object/);
    assertInvalid(() => checkUsing(h.driver, { type: 'webdriver', capabilities: { browserName: 'firefox' } }), /local chromedriver runs Chrome\/Chromium only; give a WebDriver url/);
  });

  test('one local chromedriver serves isolated sessions; a session deleted elsewhere resolves disconnected', async () => {
    const a = await h.open();
    const b = await h.open();
    const pid = h.driver.chromedriverPid;
    assert.ok(pid && isRunning(pid));
    await a.navigate(`${h.site.url}/index.html`);
    await a.evaluate('document.cookie = "who=alice; path=/"', null);
    await b.navigate(`${h.site.url}/index.html`);
    assert.equal(await b.evaluate('return document.cookie', null), '');
    const id = (a as WebdriverSession).sessionId;
    const deleted = await fetch(`${h.driver.chromedriverUrl}session/${id}`, { method: 'DELETE' });
    assert.equal(deleted.status, 200);
    const { ms, value: cause } = await timed(() => a.disconnected);
    assert.match(cause.message, /The browser session ended unexpectedly \(invalid session id/);
    assert.ok(ms < 2_000, `noticed after ${ms} ms`);
    await assert.rejects(a.title(), /ended unexpectedly|invalid session id/);
    await a.close();
    assert.equal(await b.title(), 'browserflow test site', 'the other session lives on');
    await b.close();
    await b.close();
  });

  test('the page gets the default 1280x720 viewport, or the one browser.using names', async () => {
    const size = 'return [window.innerWidth, window.innerHeight]';
    const plain = await h.open();
    await plain.navigate(`${h.site.url}/index.html`);
    assert.deepEqual(await plain.evaluate(size, null), [1280, 720]);
    await plain.close();
    const sized = await h.open({}, { type: 'webdriver', viewport: { width: 800, height: 600 } });
    await sized.navigate(`${h.site.url}/index.html`);
    assert.deepEqual(await sized.evaluate(size, null), [800, 600]);
    await sized.close();
    assertInvalid(() => checkUsing(h.driver, { type: 'webdriver', viewport: { width: 10, height: 600 } }), /^browser\.using\.viewport\.width: /);
  });

  test('a killed browser resolves disconnected within a second', async () => {
    const s = await h.open();
    await s.navigate(`${h.site.url}/login.html`);
    const pid = Number((s as WebdriverSession).capabilities['goog:processID']);
    assert.ok(pid > 0 && isRunning(pid));
    const { ms, value: cause } = await timed(async () => {
      process.kill(pid, 'SIGKILL');
      return s.disconnected;
    });
    assert.match(cause.message, /^The browser session ended unexpectedly \(/);
    assert.ok(ms < 1_000, `noticed after ${ms} ms`);
    await s.close();
  });

  test('a killed chromedriver resolves disconnected; the next open starts a new one; stop ends it', async () => {
    const s = await h.open();
    const pid = h.driver.chromedriverPid!;
    process.kill(-pid, 'SIGKILL');
    const cause = await s.disconnected;
    assert.match(cause.message, /chromedriver exited unexpectedly|ended unexpectedly/);
    const next = await h.open();
    const newPid = h.driver.chromedriverPid!;
    assert.notEqual(newPid, pid);
    await next.navigate(`${h.site.url}/login.html`);
    assert.equal(await next.title(), 'Login');
    await h.driver.close();
    assert.equal(h.driver.chromedriverPid, null);
    assert.equal(isRunning(newPid), false);
    await assert.rejects(next.title(), /closed/);
  });

  test('a missing chromedriver, an unreachable endpoint and a headed browser without display fail clearly', async () => {
    const other = await startWebdriverHarness({ chromedriverPath: '/nonexistent/chromedriver' });
    try {
      await assert.rejects(other.open(), /chromedriver was not found at \/nonexistent\/chromedriver; install it or set chromedriverPath/);
      const { ms } = await timed(() => assert.rejects(
        other.open({}, { type: 'webdriver', url: 'http://user:hunter22@127.0.0.1:9/wd/hub' }),
        /Could not start a WebDriver session on 127\.0\.0\.1:9: .*make sure you have a WebDriver compatible server running/,
      ));
      assert.ok(ms < 5_000, `took ${ms} ms`);
      assert.ok(!other.logs.join('\n').includes('hunter22'), 'the endpoint password is never logged');
      if (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
        await assert.rejects(other.open({}, { type: 'webdriver', headless: false }), /needs a display/);
      }
    } finally {
      await other.shutdown();
    }
  });
});

describe('a remote endpoint', () => {
  let h: WebdriverHarness;
  let grid: OwnChromedriver;
  before(async () => {
    [h, grid] = await Promise.all([startWebdriverHarness({ heartbeatMs: 200 }), startOwnChromedriver()]);
  });
  after(async () => {
    await h.shutdown();
    await grid.stop();
  });

  test('runs a flow on the endpoint without starting a local chromedriver; the endpoint dying resolves disconnected', async () => {
    const using = { type: 'webdriver', url: grid.url, capabilities: { 'goog:chromeOptions': { binary: '/usr/bin/chromium' } } };
    const s = await h.open({}, using);
    assert.equal(h.driver.chromedriverPid, null);
    await s.navigate(`${h.site.url}/login.html`);
    await s.type('#username', 'alice');
    assert.equal(await s.evaluate('return document.querySelector("#username").value', null), 'alice');
    await grid.stop();
    const cause = await s.disconnected;
    // Refused when the probe starts after the endpoint died, reset when one was in flight.
    assert.match(cause.message, /ended unexpectedly \(.*(ECONNREFUSED|ECONNRESET|socket hang up)/);
  });
});
