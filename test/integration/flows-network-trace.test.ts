/**
 * Network rules, HAR and Playwright traces, over HTTP through the real
 * service and real Chromium on the session test site: a tracker script is
 * blocked and an API answer mocked in the flow and in its generated test;
 * the HAR and the trace open (the trace with playwright-core's own trace
 * loader and model, as `npx playwright show-trace`), name each tool call as
 * the generated test names its step, carry the model's rationale and token
 * use, and hold no env value, typed secret or cookie anywhere.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { LOGIN, startSessionSite, type SessionSite } from '../fixtures/session-site/serve';
import { createFakeLlmServer, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';
import { deterministic, runFlow } from './support/flows';
import { autonomous, useFakeModel } from './support/autonomous';
import { runGeneratedSpec } from './support/playwright-test';
import { loadTrace } from './support/trace';
import { readZip } from '../unit/codegen/fixtures/zip-reader';

const API_TOKEN = 'tok-5ecret-Qz81';
const rules = [
  { url: '**/tracker.js', action: 'block' },
  { url: '**/api/price', action: 'fulfill', status: 200, contentType: 'application/json', body: '{"price": 1}' },
];

let svc: RunningService;
let site: SessionSite;

describe('network rules, HAR and traces', () => {
  let flow: any;
  /** Every secret the HAR and the trace must not hold. */
  const secrets = () => [API_TOKEN, LOGIN.password, ...site.sessions];

  before(async () => {
    site = await startSessionSite();
    svc = await startService({ settings: { flows: { video: false } } });
    assert.equal((await svc.request('POST', '/api/env/API_TOKEN', { value: API_TOKEN })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/SHOP_PASSWORD', { value: LOGIN.password })).status, 200);
    const calls = [
      { name: 'assertText', parameters: { text: 'tracker did not run' } },
      { name: 'assertText', parameters: { text: 'price: 1' } },
      // An env value in a URL, a typed password, a session cookie set and sent.
      { name: 'navigate', parameters: { url: `${site.url}/api/price?token=\${API_TOKEN}` } },
      { name: 'navigate', parameters: { url: `${site.url}/login` } },
      { name: 'type', parameters: { selector: '#username', text: 'alice' } },
      { name: 'type', parameters: { selector: '#password', text: '${SHOP_PASSWORD}' } },
      { name: 'click', parameters: { selector: 'button[type=submit]' } },
      { name: 'navigate', parameters: { url: `${site.url}/account` } },
      { name: 'assertText', parameters: { text: 'Signed in as alice' } },
    ];
    flow = await runFlow(svc, deterministic(site.url, '/third-party', calls, {
      name: 'shop', envVars: ['API_TOKEN', 'SHOP_PASSWORD'], network: { rules, har: true }, trace: true,
    }), 90_000);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('the tracker is blocked and the API answer mocked for every request of the flow', () => {
    assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    assert.deepEqual(flow.network, { rules, har: true });
    assert.equal(flow.trace, true);
    assert.equal(flow.hasHar, true);
    assert.equal(flow.hasTrace, true);
    assert.equal(site.hits.get('/tracker.js'), undefined, 'the tracker never reached the site');
    assert.equal(site.hits.get('/api/price'), 1, 'only the navigation with a query string (not matched by the glob) reached the site');
  });

  test('the HAR is HAR 1.2 with every request, and holds no secret', async () => {
    const res = await svc.request('GET', `/api/flows/${flow.id}/har`);
    assert.equal(res.status, 200, res.text);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="flow-.*\.har"/);
    const har = JSON.parse(res.text);
    assert.equal(har.log.version, '1.2');
    const urls: string[] = har.log.entries.map((e: any) => e.request.url);
    assert.ok(urls.includes(`${site.url}/api/price?token=\${API_TOKEN}`), urls.join('\n'));
    assert.ok(urls.some((u) => u.endsWith('/login')) && urls.some((u) => u.endsWith('/account')), urls.join('\n'));
    const posted = har.log.entries.find((e: any) => e.request.method === 'POST');
    assert.match(posted.request.postData.text, /password=\$\{SHOP_PASSWORD\}/, 'a posted secret reads as its placeholder');
    const setCookie = posted.response.headers.find((h: any) => h.name.toLowerCase() === 'set-cookie');
    assert.equal(setCookie.value, '[redacted]');
    const account = har.log.entries.find((e: any) => e.request.url.endsWith('/account'));
    assert.equal(account.request.headers.find((h: any) => h.name.toLowerCase() === 'cookie').value, '[redacted]');
    for (const s of secrets()) assert.ok(!res.text.includes(s), `the HAR holds ${s.slice(0, 4)}…`);
  });

  test('the trace opens in Playwright\'s trace model, each call a group named as the generated test\'s step, and holds no secret', async () => {
    const res = await svc.request('GET', `/api/flows/${flow.id}/trace`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.headers['content-type'], 'application/zip');
    const zip = res.body as Buffer;
    for (const [name, bytes] of readZip(zip)) {
      for (const s of secrets()) assert.ok(!bytes.includes(s), `${name} holds ${s.slice(0, 4)}…`);
    }
    const { actions } = await loadTrace(zip);
    const groups = actions.filter((a) => a.method === 'tracingGroup');
    const code = (await svc.request('GET', `/api/flows/${flow.id}/code`)).text;
    const steps = [...code.matchAll(/await test\.step\('((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]!.replace(/\\'/g, "'"));
    assert.equal(steps.length, 9);
    assert.deepEqual(groups.map((g) => g.title), steps, 'the groups carry the step titles of the generated test');
    assert.ok(actions.some((a) => a.parentId === groups[5]!.callId && a.method === 'fill'), 'the typing call\'s fill is inside its group');
  });

  test('the generated test routes the same requests and passes', async () => {
    const code = (await svc.request('GET', `/api/flows/${flow.id}/code`)).text;
    assert.match(code, /await page\.route\('\*\*\/api\/price', \(route\) => route\.fulfill\(\{ status: 200, contentType: 'application\/json', body: '\{"price": 1\}' \}\)\);\n\s+await page\.route\('\*\*\/tracker\.js', \(route\) => route\.abort\('blockedbyclient'\)\);\n\s+await page\.goto\('\/third-party'\);/);
    const run = await runGeneratedSpec(code, { BASE_URL: site.url, API_TOKEN, SHOP_PASSWORD: LOGIN.password }, 'network');
    assert.equal(run.code, 0, run.output);
    assert.equal(site.hits.get('/tracker.js'), undefined, 'the generated test blocked the tracker too');
  });

  test('drivers that cannot do it answer 400 naming the field; no HAR or trace when none was asked', async () => {
    const using = { type: 'webdriver' };
    for (const [extra, field] of [[{ network: { rules } }, 'network.rules'], [{ network: { har: true } }, 'network.har'], [{ trace: true }, 'trace']] as const) {
      const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/third-party', [], { ...extra, browser: { using } }));
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, new RegExp(`^${field.replace('.', '\\.')}: the webdriver driver cannot .*; use device, remoteInstance`));
    }
    const bad = await svc.request('POST', '/api/flows', deterministic(site.url, '/third-party', [], { network: { rules: [{ url: '**', action: 'redirect' }] } }));
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^network\.rules\[0\]\.action: /);
    const plain = await runFlow(svc, deterministic(site.url, '/third-party', [{ name: 'assertText', parameters: { text: 'tracker ran' } }]), 60_000);
    assert.equal(plain.state, 'SUCCESS', JSON.stringify(plain.result));
    const none = await svc.request('GET', `/api/flows/${plain.id}/har`);
    assert.equal(none.status, 404);
    assert.equal(none.body.code, 'HAR_NOT_FOUND');
    assert.match(none.body.message, /it did not ask for one/);
    assert.equal((await svc.request('GET', `/api/flows/${plain.id}/trace`)).body.code, 'TRACE_NOT_FOUND');
  });

  describe('AUTONOMOUS', () => {
    let fake: FakeLlmServer;
    before(async () => {
      fake = await createFakeLlmServer('openai', [
        { text: 'The price is shown: check it.', usage: { inputTokens: 321, outputTokens: 12 }, toolCall: { name: 'assertText', arguments: { text: 'price: 1' } } },
        { text: 'Done.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'The mocked price is shown' } } },
      ]);
      await useFakeModel(svc, fake, 'fake-trace');
    });
    after(async () => fake?.close());

    test('each model step carries its rationale and token use in the trace', async () => {
      const auto = await runFlow(svc, autonomous(site.url, '/third-party', 'Check the price', { network: { rules }, trace: true }), 60_000);
      assert.equal(auto.state, 'SUCCESS', JSON.stringify(auto.result));
      const { actions } = await loadTrace((await svc.request('GET', `/api/flows/${auto.id}/trace`)).body as Buffer);
      const groups = actions.filter((a) => a.method === 'tracingGroup');
      assert.deepEqual(groups.map((g) => g.title), ['Expect text "price: 1"', 'markObjectiveComplete {"summary":"The mocked price is shown"}']);
      const notes = Object.fromEntries((groups[0]!.attachments ?? []).map((a) => [a.name, Buffer.from(a.base64 ?? '', 'base64').toString()]));
      assert.equal(notes.rationale, 'The price is shown: check it.');
      assert.deepEqual(JSON.parse(notes['token usage']!), { inputTokens: 321, outputTokens: 12, totalTokens: 333 });
    });
  });
});
