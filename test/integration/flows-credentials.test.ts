/**
 * Credentials in `browser.using` (a literal proxy password, a WebDriver URL
 * with `user:pass@` and `?token=`, a vendor capability's accessKey) never
 * come back in clear: not in the 201, GET, the list, run-control answers,
 * tool calls, `/rerun`, nor the SSE stream (live and replayed); `${NAME}`
 * placeholders stay as they are. Real Chromium through a real forward proxy.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { startForwardProxy, type ForwardProxy } from '../fixtures/site/forward-proxy';
import { deadPort } from '../helpers/ports';
import { deterministic, isFinished, waitForFlow } from './support/flows';
import { readEvents } from './support/sse';

const PROXY_PASSWORD = 'px-literal-pass-9k2';
const WD_PASSWORD = 'wd-literal-pass-77x';
const WD_TOKEN = 'wd-token-abcdef123456';
const ACCESS_KEY = 'bs-access-key-0123456789abcd';
const LITERALS = [PROXY_PASSWORD, WD_PASSWORD, WD_TOKEN, ACCESS_KEY];

let svc: RunningService;
let site: TestSite;
let proxy: ForwardProxy;

/** Every read path of a finished flow, as raw texts. */
async function everyRead(id: string): Promise<Record<string, string>> {
  const reads: Record<string, string> = {};
  for (const path of [`/api/flows/${id}`, '/api/flows?limit=100', `/api/flows/${id}/rerun`, `/api/flows/${id}/tool-calls`]) {
    const res = await svc.request('GET', path);
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    reads[path] = res.text;
  }
  const calls = JSON.parse(reads[`/api/flows/${id}/tool-calls`]!) as Array<{ id: string }>;
  if (calls[0]) reads['tool-call'] = (await svc.request('GET', `/api/flows/${id}/tool-calls/${calls[0].id}`)).text;
  reads.rename = (await svc.request('POST', `/api/flows/${id}/rename`, { name: 'renamed' })).text;
  reads['events (stored)'] = (await readEvents(`${svc.url}/api/flows/${id}/events`)).text;
  return reads;
}

function assertNoLiteral(texts: Record<string, string>): void {
  for (const [where, text] of Object.entries(texts)) {
    for (const literal of LITERALS) {
      assert.ok(!text.includes(literal), `${where} shows ${literal}: ${text.slice(0, 400)}`);
      assert.ok(!text.includes(encodeURIComponent(literal)), `${where} shows ${literal} URL-encoded`);
    }
  }
}

describe('credentials in browser settings are masked on every read', () => {
  before(async () => {
    site = await startTestSite();
    proxy = await startForwardProxy({ username: 'pxuser', password: PROXY_PASSWORD });
    svc = await startService({ settings: { flows: { video: false, browserAcquireTimeoutMs: 3_000 } } });
  });
  after(async () => {
    await svc?.stop();
    await proxy?.close();
    await site?.close();
  });

  test('a literal proxy password: the flow runs with it, every read shows ****', async () => {
    const using = { type: 'device', proxy: { server: proxy.url, bypass: '<-loopback>', username: 'pxuser', password: PROXY_PASSWORD } };
    const body = deterministic(site.url, '/login.html', [{ name: 'assertText', parameters: { text: 'Sign in' } }], { browser: { using } });
    const created = await svc.request('POST', '/api/flows', body);
    assert.equal(created.status, 201, created.text);
    // Subscribed at once: the live stream, `done` included.
    const live = readEvents(`${svc.url}/api/flows/${created.body.id}/events`, 60_000);
    const done = await waitForFlow(svc, created.body.id, isFinished, 60_000);
    assert.equal(done.state, 'SUCCESS', JSON.stringify(done.result));
    assert.ok(proxy.seen.includes(`${site.url}/login.html`), 'the browser went through the proxy with the real password');
    assert.deepEqual(done.browser.using.proxy, { server: proxy.url, bypass: '<-loopback>', username: 'pxuser', password: '****' });
    const { events, text } = await live;
    const doneEvent = events.find((e) => e.event === 'done');
    assert.equal(doneEvent?.data.flow.browser.using.proxy.password, '****');
    const reads: Record<string, string> = { created: created.text, 'events (live)': text, ...(await everyRead(created.body.id)) };
    assertNoLiteral(reads);
    const rerun = JSON.parse(reads[`/api/flows/${created.body.id}/rerun`]!);
    assert.equal(rerun.browser.using.proxy.password, '****');
  });

  test('a ${NAME} proxy password is shown as the placeholder', async () => {
    assert.equal((await svc.request('POST', '/api/env/PROXY_PW', { value: PROXY_PASSWORD })).status, 200);
    const using = { type: 'device', proxy: { server: proxy.url, bypass: '<-loopback>', username: 'pxuser', password: '${PROXY_PW}' } };
    const created = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', [], { envVars: ['PROXY_PW'], browser: { using } }));
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.browser.using.proxy.password, '${PROXY_PW}');
    const done = await waitForFlow(svc, created.body.id, isFinished, 60_000);
    assert.equal(done.state, 'SUCCESS', JSON.stringify(done.result));
    assert.equal(done.browser.using.proxy.password, '${PROXY_PW}');
    assert.equal((await svc.request('GET', `/api/flows/${created.body.id}/rerun`)).body.browser.using.proxy.password, '${PROXY_PW}');
  });

  test('a WebDriver URL with user:pass@ and ?token=, and a capability accessKey: masked everywhere, the error message included', async () => {
    const port = await deadPort();
    const url = `http://wduser:${WD_PASSWORD}@127.0.0.1:${port}/wd/hub?token=${WD_TOKEN}&region=eu`;
    const using = { type: 'webdriver', url, capabilities: { browserName: 'chrome', 'bstack:options': { userName: 'bsuser', accessKey: ACCESS_KEY } } };
    const created = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', [], { browser: { using } }));
    assert.equal(created.status, 201, created.text);
    const done = await waitForFlow(svc, created.body.id, isFinished, 60_000);
    assert.equal(done.state, 'FAILED');
    assert.equal(done.browser.using.url, `http://wduser:****@127.0.0.1:${port}/wd/hub?token=wd-****3456&region=eu`);
    assert.deepEqual(done.browser.using.capabilities, { browserName: 'chrome', 'bstack:options': { userName: 'bsuser', accessKey: 'bs-****abcd' } });
    assertNoLiteral({ created: created.text, ...(await everyRead(created.body.id)) });
  });

  test('no log line holds one of them', () => {
    for (const literal of LITERALS) assert.equal(svc.logs.filter((line) => line.includes(literal)).length, 0, literal);
  });
});
