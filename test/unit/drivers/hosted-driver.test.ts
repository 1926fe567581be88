/**
 * The `hostedBrowser` driver against the fake provider
 * (test/fixtures/fake-hosted-browser/): session creation, the browser it
 * hands out, release on close, errors and validation.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { container as rootContainer } from 'tsyringe';
import * as v from 'valibot';
import plugin from '../../../plugins/drivers/playwright/index';
import type { HostedDriver } from '../../../plugins/drivers/playwright/hosted-driver';
import { BROWSER_DRIVERS, LIFECYCLE, LOGGER, SETTINGS, provide, resolveAll } from '../../../kernel/tokens';
import { registerPlugin } from '../../../kernel/loader';
import { drivenBrowserMarker } from '../../../lib/service-guard/driven-browser-marker';
import { createLogger } from '../../../lib/logging/logger';
import { ApiError } from '../../../kernel/errors';
import { checkUsing } from '../../helpers/browser-using';
import type { KernelSettings } from '../../../kernel/config';
import type { BrowserSession, OpenSessionOptions } from '../../../kernel/contracts/browser-driver';
import { startFakeHostedBrowser, type FakeHostedBrowser } from '../../fixtures/fake-hosted-browser/server';
import { startTestSite, type TestSite } from '../../fixtures/site/serve';
import { startFakeService } from '../../fixtures/site/fake-service';
import { deadPort } from '../../helpers/ports';
import { HTTP_SERVER } from '../../../lib/http/route-contract';

const KEY = 'bb_test_key_5f2c9a';
const ENV = 'BROWSERFLOW_HOSTED_API_KEY';
const OPTIONS: OpenSessionOptions = { flowId: 'hosted-test', videoPath: null, actionTimeoutMs: 3_000, navigationTimeoutMs: 5_000 };

interface Booted {
  hosted: HostedDriver;
  logs: string[];
  stop(): Promise<void>;
}

/** Registers the real plugin with `config` as its slice, as the kernel does (with an HTTP_SERVER at `serviceUrl` when given). */
async function boot(config: Record<string, unknown>, serviceUrl?: string): Promise<Booted> {
  const container = rootContainer.createChildContainer();
  const logs: string[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'bf-hosted-test-'));
  const settings = { dataDir: tmp, configFile: join(tmp, 'config.json'), version: 'test' } as unknown as KernelSettings;
  provide(container, LOGGER, () => createLogger('debug', (line) => logs.push(line)));
  provide(container, SETTINGS, () => settings);
  if (serviceUrl) provide(container, HTTP_SERVER, () => ({ url: () => serviceUrl }));
  await registerPlugin(container, plugin, { config: v.parse(plugin.configSchema!, config), settings, pluginDir: join(process.cwd(), 'plugins/drivers/playwright') });
  const hosted = resolveAll(container, BROWSER_DRIVERS).find((d) => d.type === 'hostedBrowser') as HostedDriver;
  assert.ok(hosted, 'the plugin registers a hostedBrowser driver');
  return {
    hosted,
    logs,
    async stop() {
      for (const lifecycle of resolveAll(container, LIFECYCLE)) await lifecycle.stop?.();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}


/** Resolves true once `exited` settles, false after `ms`. */
function within(exited: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

let fake: FakeHostedBrowser;
let site: TestSite;
let savedEnv: string | undefined;

before(async () => {
  savedEnv = process.env[ENV];
  delete process.env[ENV];
  fake = await startFakeHostedBrowser({ apiKey: KEY });
  site = await startTestSite();
});

after(async () => {
  if (savedEnv === undefined) delete process.env[ENV];
  else process.env[ENV] = savedEnv;
  await fake?.close();
  await site?.close();
});

describe('hostedBrowser sessions', () => {
  let b: Booted;
  before(async () => { b = await boot({ hosted: { apiUrl: fake.url, apiKey: KEY, projectId: 'proj-default' } }); });
  after(async () => { await b?.stop(); });

  test('opens through the provider, runs the flow in its browser, and releases it on close', async () => {
    const before = fake.requests.length;
    const sessionArgs = { browserSettings: { viewport: { width: 1024, height: 640 }, blockAds: true, solveCaptchas: false }, timeout: 600, region: 'eu-central-1' };
    const s = await b.hosted.open(checkUsing(b.hosted, { type: 'hostedBrowser', sessionArgs }), OPTIONS);
    const create = fake.requests[before]!;
    assert.equal(create.method, 'POST');
    assert.equal(create.path, '/v1/sessions');
    assert.equal(create.apiKey, KEY);
    assert.deepEqual(create.body, { projectId: 'proj-default', ...sessionArgs });
    const [id] = [...fake.sessions.keys()].slice(-1);
    const hostedSession = fake.sessions.get(id!)!;

    await s.navigate(`${site.url}/login.html`);
    assert.equal(await s.title(), 'Login');
    await s.type('#username', 'alice');
    await s.type('#password', 's3cret-pass');
    const clicked = await s.click('button[type=submit]');
    assert.equal(clicked.matchedSelector, 'button[type=submit]');
    assert.equal(await s.waitForText('Welcome, alice!', 3_000), true);
    // The browser's own tab is used: no second tab next to it.
    assert.equal((await s.tabs()).length, 1);
    const png = await s.screenshot();
    assert.equal(png.readUInt32BE(16), 1024);
    assert.equal(png.readUInt32BE(20), 640);

    await s.close();
    const release = fake.requests.at(-1)!;
    assert.equal(release.path, `/v1/sessions/${id}`);
    assert.equal(release.apiKey, KEY);
    assert.deepEqual(release.body, { status: 'REQUEST_RELEASE', projectId: 'proj-default' });
    assert.equal(hostedSession.status, 'COMPLETED');
    assert.equal(await within(hostedSession.chromium.exited, 5_000), true, 'the hosted Chromium exited');
    assert.ok(!b.logs.some((l) => l.includes(KEY)), 'the key is never logged');
  });

  test('the browser\'s own context keeps away from the service: blocked, and every request marked (redirects, frames and fetches too)', async () => {
    const [service, witness] = await Promise.all([startFakeService(), startFakeService('WITNESS')]);
    const guarded = await boot({ hosted: { apiUrl: fake.url, apiKey: KEY } }, service.url);
    try {
      const s = await guarded.hosted.open({ type: 'hostedBrowser' }, OPTIONS);
      await assert.rejects(s.navigate(`${service.url}/api/env`), /is this browserflow service's own address/);
      const hostile = (kind: string, to: string) => `${site.url}/hostile/${kind}?to=${encodeURIComponent(to)}`;
      await s.navigate(hostile('redirect', `${service.url}/api/env`));
      assert.doesNotMatch((await s.extractText()).text, new RegExp(service.secret));
      await s.navigate(hostile('redirect', `${witness.url}/?via=redirect`));
      await s.navigate(hostile('iframe', `${witness.url}/?via=iframe`));
      await s.navigate(hostile('fetch', `${witness.url}/?via=fetch`));
      for (let i = 0; i < 50 && !witness.seen.some((r) => r.path.includes('fetch')); i++) await new Promise((r) => setTimeout(r, 100));
      assert.deepEqual(witness.seen.map((r) => r.path).filter((p) => p.includes('via')).sort(), ['/?via=fetch', '/?via=iframe', '/?via=redirect']);
      for (const r of [...witness.seen, ...service.seen]) assert.ok(r.userAgent.endsWith(` ${drivenBrowserMarker()}`), `unmarked: ${r.path} ${r.userAgent}`);
      await s.close();
    } finally {
      await guarded.stop();
      await Promise.all([service.close(), witness.close()]);
    }
  });

  test('sessionArgs.projectId wins over the configured one; shutdown releases open sessions', async () => {
    const before = fake.requests.length;
    const s: BrowserSession = await b.hosted.open({ type: 'hostedBrowser', sessionArgs: { projectId: 'proj-2' } }, OPTIONS);
    assert.deepEqual(fake.requests[before]!.body, { projectId: 'proj-2' });
    const [id] = [...fake.sessions.keys()].slice(-1);
    await s.navigate(`${site.url}/index.html`);
    await b.hosted.close();
    assert.deepEqual(fake.requests.at(-1)!.body, { status: 'REQUEST_RELEASE', projectId: 'proj-2' });
    assert.equal(await within(fake.sessions.get(id!)!.chromium.exited, 5_000), true);
    await assert.rejects(s.navigate(`${site.url}/index.html`), /closed/);
  });

  test('with maxConcurrentPerEndpoint, a second session waits for the first to close, saying why', async () => {
    const reasons: Array<string | null> = [];
    const acquire = (signal: AbortSignal) => ({ timeoutMs: 20_000, maxConcurrentPerEndpoint: 1, signal, onWaiting: (r: string | null) => reasons.push(r) });
    const first = await b.hosted.open({ type: 'hostedBrowser' }, { ...OPTIONS, acquire: acquire(new AbortController().signal) });
    const sessionsBefore = fake.sessions.size;
    let secondOpened = false;
    const second = b.hosted.open({ type: 'hostedBrowser' }, { ...OPTIONS, acquire: acquire(new AbortController().signal) }).then((s) => { secondOpened = true; return s; });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(secondOpened, false);
    assert.equal(fake.sessions.size, sessionsBefore, 'no provider session asked for while the slot is taken');
    assert.deepEqual(reasons, [`a browser from ${fake.url}: 1 of 1 sessions allowed there (maxConcurrentPerEndpoint) are in use`]);
    await first.close();
    const s = await second;
    assert.equal(reasons.at(-1), null, 'the reason is cleared once the session is had');
    await s.close();
  });

  test('a hosted browser that ends by itself resolves disconnected', async () => {
    const s = await b.hosted.open({ type: 'hostedBrowser' }, OPTIONS);
    const [id] = [...fake.sessions.keys()].slice(-1);
    await fake.sessions.get(id!)!.chromium.stop();
    const cause = await Promise.race([s.disconnected, new Promise<null>((r) => setTimeout(() => r(null), 3_000))]);
    assert.ok(cause instanceof Error);
    assert.match(cause.message, /disconnected unexpectedly/);
    await s.close();
  });

  test('API errors carry the status and the provider message, never the key', async () => {
    fake.failNext(429, `Concurrent session limit reached for key ${KEY}`);
    await assert.rejects(b.hosted.open({ type: 'hostedBrowser' }, OPTIONS), (err: Error) => {
      assert.match(err.message, /The hosted browser API answered 429 \(Too Many Requests\) to POST \/v1\/sessions: Concurrent session limit reached for key \*\*\*\*/);
      assert.ok(!err.message.includes(KEY));
      return true;
    });
    const wrongKey = await boot({ hosted: { apiUrl: fake.url, apiKey: 'not-the-key' } });
    try {
      await assert.rejects(wrongKey.hosted.open({ type: 'hostedBrowser' }, OPTIONS), /answered 401 \(Unauthorized\) to POST \/v1\/sessions: Invalid API key/);
    } finally {
      await wrongKey.stop();
    }
    const port = await deadPort();
    const unreachable = await boot({ hosted: { apiUrl: `http://127.0.0.1:${port}`, apiKey: KEY } });
    try {
      await assert.rejects(
        unreachable.hosted.open({ type: 'hostedBrowser' }, OPTIONS),
        new RegExp(`The hosted browser API at 127\\.0\\.0\\.1:${port} could not be reached \\(POST /v1/sessions\\): .*ECONNREFUSED`),
      );
    } finally {
      await unreachable.stop();
    }
  });

  test('sessionArgs are validated at creation, naming the field', () => {
    const bad: Array<[unknown, RegExp]> = [
      [{ timeout: 30 }, /browser\.using\.sessionArgs\.timeout: must be at least 60/],
      [{ timeout: 600.5 }, /browser\.using\.sessionArgs\.timeout: must be a whole number/],
      [{ timeout: 30_000 }, /browser\.using\.sessionArgs\.timeout: must be at most 21600/],
      [{ browserSettings: { viewport: { width: 100, height: 600 } } }, /browser\.using\.sessionArgs\.browserSettings\.viewport\.width/],
      [{ browserSettings: { viewport: { width: 1280, height: 720.5 } } }, /browser\.using\.sessionArgs\.browserSettings\.viewport\.height/],
      [{ browserSettings: { blockAds: 'yes' } }, /browser\.using\.sessionArgs\.browserSettings\.blockAds/],
      [{ region: 'us west' }, /browser\.using\.sessionArgs\.region: must be a region name/],
      [{ keepAlive: true }, /keepAlive/],
    ];
    for (const [sessionArgs, message] of bad) {
      assert.throws(() => checkUsing(b.hosted, { type: 'hostedBrowser', sessionArgs }), (err: unknown) => {
        assert.ok(err instanceof ApiError && err.code === 'INVALID_REQUEST', String(err));
        assert.match(err.message, message);
        return true;
      });
    }
  });
});

describe('hostedBrowser without an API key', () => {
  let b: Booted;
  before(async () => { b = await boot({ hosted: { apiUrl: fake.url } }); });
  after(async () => {
    delete process.env[ENV];
    await b?.stop();
  });

  test('validate rejects the type with INVALID_REQUEST and open fails clearly, without calling the provider', async () => {
    const before = fake.requests.length;
    assert.throws(() => checkUsing(b.hosted, { type: 'hostedBrowser' }), (err: unknown) => {
      assert.ok(err instanceof ApiError && err.code === 'INVALID_REQUEST');
      assert.match(err.message, /needs an API key .*hosted\.apiKey .*BROWSERFLOW_HOSTED_API_KEY/);
      return true;
    });
    await assert.rejects(b.hosted.open({ type: 'hostedBrowser' }, OPTIONS), /hostedBrowser needs an API key/);
    assert.equal(fake.requests.length, before);
  });

  test('the environment variable supplies the key', async () => {
    process.env[ENV] = KEY;
    checkUsing(b.hosted, { type: 'hostedBrowser' });
    const s = await b.hosted.open({ type: 'hostedBrowser' }, OPTIONS);
    const create = fake.requests.at(-1)!;
    assert.equal(create.apiKey, KEY);
    assert.deepEqual(create.body, {}, 'no project configured or given: none sent');
    await s.navigate(`${site.url}/index.html`);
    await s.close();
    assert.deepEqual(fake.requests.at(-1)!.body, { status: 'REQUEST_RELEASE' });
  });
});
