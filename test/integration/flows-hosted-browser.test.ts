/**
 * DETERMINISTIC flows on `browser.using.type = 'hostedBrowser'` over HTTP,
 * with the driver's `hosted` config pointing at the fake provider
 * (test/fixtures/fake-hosted-browser/): the flow runs in the provider's
 * browser, which is released at the end; a provider at its session limit
 * keeps the flow waiting (visible in `waitingFor`) until it grants a session
 * or browserAcquireTimeoutMs passes (BROWSER_UNAVAILABLE naming it); other
 * provider errors fail the flow at once; a service without an API key
 * rejects the type at creation.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type ConfigFileContent, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { startFakeHostedBrowser, type FakeHostedBrowser } from '../fixtures/fake-hosted-browser/server';
import { deterministic, isFinished, runFlow, waitForFlow } from './support/flows';

const KEY = 'bb_integration_key_81d4';
/** How long a flow waits for a provider that stays full (its service only: the others keep the 60 s default, room for a slow browser start). */
const ACQUIRE_MS = 3_000;
const ENV = 'BROWSERFLOW_HOSTED_API_KEY';

/** Sets the `hosted` slice of the driver-playwright plugin entry. */
function withHosted(hosted: Record<string, unknown>) {
  return (config: ConfigFileContent): ConfigFileContent => ({
    ...config,
    plugins: config.plugins.map((p) => (/plugins\/drivers\/playwright\/?$/.test(p.use)
      ? { ...p, config: { ...(p.config as object | undefined), hosted } }
      : p)),
  });
}

const loginCalls = [
  { name: 'type', parameters: { selector: '#username', text: 'alice' } },
  { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
  { name: 'click', parameters: { selector: 'button[type=submit]' } },
  { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
];

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
  if (savedEnv !== undefined) process.env[ENV] = savedEnv;
  await fake?.close();
  await site?.close();
});

describe('hostedBrowser flows', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService({
      settings: { flows: { video: false } },
      configOverrides: withHosted({ apiUrl: fake.url, apiKey: KEY, projectId: 'proj-int' }),
    });
  });
  after(async () => { await svc?.stop(); });

  test('a DETERMINISTIC flow runs to SUCCESS in the hosted browser, which is released at the end', async () => {
    const using = { type: 'hostedBrowser', sessionArgs: { timeout: 300, region: 'us-east-1', browserSettings: { viewport: { width: 1024, height: 700 }, blockAds: true } } };
    const before = fake.requests.length;
    const flow = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { name: 'hosted login', browser: { using } }), 60_000);
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    assert.equal(flow.progress.toolCallsCompleted, loginCalls.length);
    assert.deepEqual(flow.browser, { using });

    const seen = fake.requests.slice(before);
    assert.deepEqual(seen.map((r) => r.path.replace(/[0-9a-f-]{36}$/, '{id}')), ['/v1/sessions', '/v1/sessions/{id}']);
    assert.ok(seen.every((r) => r.apiKey === KEY));
    assert.deepEqual(seen[0]!.body, { projectId: 'proj-int', ...using.sessionArgs });
    assert.deepEqual(seen[1]!.body, { status: 'REQUEST_RELEASE', projectId: 'proj-int' });
    const session = fake.sessions.get(seen[1]!.path.split('/').at(-1)!)!;
    assert.equal(session.status, 'COMPLETED');
    const exited = await Promise.race([session.chromium.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
    assert.equal(exited, true, 'the hosted Chromium exited');

    const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
    assert.match(calls.at(-1).pageUrl, /\/welcome\.html\?user=alice$/);
    assert.ok(calls[0].outcome.selectors.length >= 1);
    assert.ok(!svc.logs.some((l) => l.includes(KEY)), 'the key is never logged');
  });

  test('a provider error that will not pass fails the flow at once with BROWSER_UNAVAILABLE, its status and message', async () => {
    fake.failNext(403, 'Project proj-int is suspended');
    const before = fake.requests.length;
    const flow = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'hostedBrowser' } } }), 30_000);
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'BROWSER_UNAVAILABLE');
    assert.match(flow.result.error.message, /Could not start the browser: The hosted browser API answered 403 \(Forbidden\) to POST \/v1\/sessions: Project proj-int is suspended/);
    assert.equal(fake.requests.length - before, 1, 'asked once');
  });

  test('a provider at its session limit (429) keeps the flow waiting, saying so, until it grants a session', async () => {
    fake.failNext(429, 'Concurrent session limit reached', 2);
    const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'hostedBrowser' } } }));
    assert.equal(res.status, 201, res.text);
    const waiting = await waitForFlow(svc, res.body.id, (f) => Boolean(f.waitingFor) || isFinished(f), 30_000);
    assert.equal(waiting.state, 'INITIALIZING', JSON.stringify(waiting.result));
    assert.match(waiting.waitingFor, new RegExp(`^a browser from ${fake.url.replace(/\./g, '\\.')}: attempt \\d+ failed \\(The hosted browser API answered 429 \\(Too Many Requests\\) to POST /v1/sessions: Concurrent session limit reached\\), trying again$`));
    const flow = await waitForFlow(svc, res.body.id, isFinished, 60_000);
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    assert.equal(flow.waitingFor, null);
  });

  test('a provider that stays full fails the flow BROWSER_UNAVAILABLE naming it, after browserAcquireTimeoutMs', async () => {
    const impatient = await startService({
      settings: { flows: { video: false, browserAcquireTimeoutMs: ACQUIRE_MS } },
      configOverrides: withHosted({ apiUrl: fake.url, apiKey: KEY, projectId: 'proj-int' }),
    });
    fake.failNext(503, 'Service temporarily unavailable in us-east-1', 1_000);
    try {
      const started = Date.now();
      const flow = await runFlow(impatient, deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'hostedBrowser' } } }), 60_000);
      assert.equal(flow.state, 'FAILED');
      assert.equal(flow.result.error.code, 'BROWSER_UNAVAILABLE');
      assert.match(flow.result.error.message, new RegExp(`^Could not start the browser: No browser from ${fake.url.replace(/\./g, '\\.')} within ${ACQUIRE_MS} ms \\(browserAcquireTimeoutMs\\)(?: \\(\\d+ attempts\\); the last one failed: The hosted browser API answered 503 \\(Service Unavailable\\) to POST /v1/sessions: Service temporarily unavailable in us-east-1|: the session request \\(attempt \\d+\\) was still unanswered(?:; attempt \\d+ before it failed: The hosted browser API answered 503 .*)?)$`));
      // The last attempt is made at the deadline itself: on a loaded machine it may still be unanswered then (the other ending).
      // It gives up once under 50 ms are left (its last try is 20 ms before the deadline): "the whole time" within 100 ms.
      assert.ok(Date.now() - started >= ACQUIRE_MS - 100, `it waited the whole time (${Date.now() - started} ms)`);
    } finally {
      fake.stopFailing();
      await impatient.stop();
    }
    const next = await runFlow(svc, deterministic(site.url, '/login.html', loginCalls, { browser: { using: { type: 'hostedBrowser' } } }), 60_000);
    assert.equal(next.state, 'SUCCESS', JSON.stringify(next.result));
  });

  test('sessionArgs are validated at creation', async () => {
    const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', [], {
      browser: { using: { type: 'hostedBrowser', sessionArgs: { timeout: 10 } } },
    }));
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.code, 'INVALID_REQUEST');
    assert.match(res.body.message, /browser\.using\.sessionArgs\.timeout: must be at least 60/);
  });
});

describe('hostedBrowser without an API key', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService({ settings: { flows: { video: false } }, configOverrides: withHosted({ apiUrl: fake.url }) });
  });
  after(async () => { await svc?.stop(); });

  test('creating such a flow is a 400 INVALID_REQUEST that says where the key goes', async () => {
    const before = fake.requests.length;
    const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', loginCalls, {
      browser: { using: { type: 'hostedBrowser' } },
    }));
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.code, 'INVALID_REQUEST');
    assert.match(res.body.message, /needs an API key .*hosted\.apiKey .*BROWSERFLOW_HOSTED_API_KEY/);
    assert.equal(fake.requests.length, before, 'the provider was not called');
  });
});
