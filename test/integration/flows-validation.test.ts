/** POST /api/flows validation and GET /api/flows listing, over HTTP. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, runFlow, waitForFlow, isFinished } from './support/flows';

let svc: RunningService;
let site: TestSite;

async function rejected(body: unknown, status: number, code: string, message: RegExp): Promise<void> {
  const before = (await svc.request('GET', '/api/flows')).body.flows.length;
  const res = await svc.request('POST', '/api/flows', body);
  assert.equal(res.status, status, res.text);
  assert.equal(res.body.code, code);
  assert.match(res.body.message, message);
  assert.equal((await svc.request('GET', '/api/flows')).body.flows.length, before, 'nothing was created');
}

describe('creating flows: bad input changes nothing', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, navigationTimeoutMs: 3000, actionTimeoutMs: 2000 } } });
    await svc.request('POST', '/api/env/KNOWN', { value: 'v' });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  const base = () => deterministic(site.url, '/index.html', []);

  test('required fields, types and unknown fields', async () => {
    await rejected({}, 400, 'INVALID_REQUEST', /name: is required/);
    await rejected({ ...base(), name: 5 }, 400, 'INVALID_REQUEST', /name: expected a string/);
    await rejected({ ...base(), initialRunMode: 'FAST' }, 400, 'INVALID_REQUEST', /initialRunMode: expected one of AUTONOMOUS, INSTRUCT, DETERMINISTIC/);
    await rejected({ ...base(), colour: 'red' }, 400, 'INVALID_REQUEST', /colour/);
    await rejected({ ...base(), name: 'x'.repeat(201) }, 400, 'INVALID_REQUEST', /name: must be at most 200 characters/);
    await rejected({ ...base(), toolCallsOnStart: [{ name: 'click', parameters: {} }, { name: 7 }] }, 400, 'INVALID_REQUEST', /toolCallsOnStart\[1\]\.name/);
    await rejected({ ...base(), maxToolCalls: 1001 }, 400, 'INVALID_REQUEST', /maxToolCalls: must be at most 1000/);
  });

  test('target website scheme', async () => {
    await rejected({ ...base(), targetWebsite: 'file:///etc/passwd' }, 400, 'INVALID_REQUEST', /targetWebsite: scheme "file:" is not allowed/);
    await rejected({ ...base(), targetWebsite: 'not a url' }, 400, 'INVALID_REQUEST', /targetWebsite/);
  });

  test('tools and their parameters are checked before the flow starts', async () => {
    await rejected({ ...base(), toolCallsOnStart: [{ name: 'teleport', parameters: {} }] }, 400, 'INVALID_REQUEST', /toolCallsOnStart\[0\]\.name: unknown tool "teleport"/);
    await rejected({ ...base(), toolCallsOnStart: [{ name: 'click', parameters: {} }] }, 400, 'INVALID_REQUEST', /toolCallsOnStart\[0\]\.parameters\.selector/);
    await rejected({ ...base(), toolCallsOnStart: [{ name: 'wait', parameters: { ms: 999999 } }] }, 400, 'INVALID_REQUEST', /ms: must be at most/);
    await rejected({ ...base(), customTools: [{ name: 'click', description: '', inputSchema: {}, javascript: '' }] }, 400, 'INVALID_REQUEST', /customTools\[0\]\.name: "click" is a built-in tool/);
  });

  test('navigate takes an http(s) URL or a path on the site; anything else is refused naming the field', async () => {
    const nav = (url: string) => ({ ...base(), toolCallsOnStart: [{ name: 'reload' }, { name: 'navigate', parameters: { url } }] });
    for (const url of ['not-a-url', 'example.com/login', 'javascript:alert(1)', 'file:///etc/passwd', 'ftp://host/x']) {
      await rejected(nav(url), 400, 'INVALID_REQUEST', /^toolCallsOnStart\[1\]\.parameters\.url: must be an http\(s\) URL or a path on the site/);
    }
    for (const url of ['/login.html', './login.html', '../index.html', '?q=1', '#top', `${site.url}/login.html`, '${KNOWN}/x']) {
      const res = await svc.request('POST', '/api/flows', { ...nav(url), envVars: url.startsWith('$') ? ['KNOWN'] : [] });
      assert.equal(res.status, 201, `${url}: ${res.text}`);
      await waitForFlow(svc, res.body.id, isFinished);
    }
    // The tool's JSON Schema carries the rule, so clients (the web UI's form) can check it before sending.
    const navigate = (await svc.request('GET', '/api/tools')).body.find((t: { name: string }) => t.name === 'navigate');
    assert.ok(new RegExp(navigate.inputSchema.properties.url.pattern).test('/x'));
    assert.ok(!new RegExp(navigate.inputSchema.properties.url.pattern).test('not-a-url'));
  });

  test('every tool-call problem, and every unlisted ${NAME}, in one answer', async () => {
    const res = await svc.request('POST', '/api/flows', {
      ...base(),
      toolCallsOnStart: [
        { name: 'type', parameters: { selector: '#a', text: '${ONE}-${TWO}' } },
        { name: 'wait', parameters: { ms: 99_999 } },
        { name: 'navigate', parameters: { url: 'not-a-url' } },
      ],
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.message, 'toolCallsOnStart[0].parameters: ${ONE}, ${TWO} are used but not listed in envVars');
    assert.deepEqual(res.body.details.issues, [
      'toolCallsOnStart[0].parameters: ${ONE}, ${TWO} are used but not listed in envVars',
      'toolCallsOnStart[1].parameters.ms: must be at most 30000',
      'toolCallsOnStart[2].parameters.url: must be an http(s) URL or a path on the site (/path, ./page, ../page, ?query, #part)',
    ]);
  });

  test('env vars: placeholders must be listed and listed names must exist', async () => {
    await rejected({ ...base(), toolCallsOnStart: [{ name: 'type', parameters: { text: '${KNOWN}' } }] }, 400, 'INVALID_REQUEST', /\$\{KNOWN\} is used but "KNOWN" is not listed in envVars/);
    await rejected({ ...base(), envVars: ['MISSING'] }, 400, 'INVALID_REQUEST', /envVars\[0\]: environment variable "MISSING" does not exist/);
    await rejected({ ...base(), envVars: ['bad-key'] }, 400, 'INVALID_REQUEST', /envVars\[0\]/);
  });

  test('devices and GPT configurations', async () => {
    await rejected({ ...base(), browser: { using: { type: 'device', deviceName: 'Nokia 3310' } } }, 400, 'INVALID_REQUEST', /Nokia 3310/);
    await rejected({ ...base(), browser: { using: { type: 'spaceship' } } }, 400, 'INVALID_REQUEST', /browser\.using/);
    await rejected({ ...base(), initialRunMode: 'AUTONOMOUS', overallObjective: 'x' }, 400, 'INVALID_REQUEST', /flow-runner/);
    await rejected({ ...base(), initialRunMode: 'AUTONOMOUS' }, 400, 'INVALID_REQUEST', /overallObjective/);
    await rejected({ ...base(), gptConfigNameOverride: 'ghost' }, 404, 'GPT_CONFIG_NOT_FOUND', /ghost/);
  });

  test('a DETERMINISTIC flow longer than maxToolCalls is rejected', async () => {
    await rejected({ ...base(), maxToolCalls: 1, toolCallsOnStart: [{ name: 'reload' }, { name: 'reload' }] }, 400, 'INVALID_REQUEST', /exceed maxToolCalls/);
  });

  test('a created flow answers 201 with a location and its initial metadata', async () => {
    const res = await svc.request('POST', '/api/flows', base());
    assert.equal(res.status, 201);
    assert.equal(res.headers.location, `/api/flows/${res.body.id}`);
    assert.match(res.body.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(res.body.state, 'UNSTARTED');
    assert.equal(res.body.maxToolCalls, 50);
    assert.equal(res.body.result, null);
    assert.deepEqual(res.body.browser, { using: { type: 'device', headless: true } });
    const done = await waitForFlow(svc, res.body.id, isFinished);
    assert.equal(done.state, 'SUCCESS');
  });

  test('malformed and unknown flow ids answer 404 FLOW_NOT_FOUND', async () => {
    for (const id of ['nope', '00000000-0000-4000-8000-000000000000', 'ABCDEF00-0000-4000-8000-000000000000']) {
      const res = await svc.request('GET', `/api/flows/${id}`);
      assert.equal(res.status, 404);
      assert.equal(res.body.code, 'FLOW_NOT_FOUND');
    }
  });
});

describe('flow faults end FAILED with a clear error', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false, navigationTimeoutMs: 3000, actionTimeoutMs: 1500 } } });
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
  });

  test('the first failed call stops a DETERMINISTIC flow', async () => {
    const flow = await runFlow(svc, deterministic(site.url, '/index.html', [
      { name: 'click', parameters: { selector: '#not-there' } },
      { name: 'reload' },
    ]));
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'TOOL_CALL_FAILED');
    assert.match(flow.result.error.message, /#not-there/);
    assert.equal(flow.progress.toolCallsFailed, 1);
    assert.equal(flow.progress.toolCallsCompleted, 0);
    const calls = (await svc.request('GET', `/api/flows/${flow.id}/tool-calls`)).body;
    assert.equal(calls.length, 1);
  });

  test('an unreachable website fails fast', async () => {
    const flow = await runFlow(svc, { ...deterministic('http://127.0.0.1:9', '/', []) });
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'TARGET_UNREACHABLE');
  });

  test('a target that never sends a page is bounded by the navigation timeout', async () => {
    const started = Date.now();
    const flow = await runFlow(svc, deterministic(site.url, '/hang', []));
    assert.equal(flow.state, 'FAILED');
    assert.equal(flow.result.error.code, 'TARGET_UNREACHABLE');
    assert.match(flow.result.error.message, /received no page within 3000 ms/);
    assert.ok(Date.now() - started < 20_000);
  });

  test('a running flow cannot be deleted or renamed; cancel ends it', async () => {
    const res = await svc.request('POST', '/api/flows', deterministic(site.url, '/index.html', [{ name: 'wait', parameters: { ms: 20000 } }]));
    const id = res.body.id;
    await waitForFlow(svc, id, (f) => f.state === 'RUNNING_ACTION');
    assert.equal((await svc.request('DELETE', `/api/flows/${id}`)).body.code, 'FLOW_STILL_RUNNING');
    const rename = await svc.request('POST', `/api/flows/${id}/rename`, { name: 'x' });
    assert.equal(rename.status, 409);
    assert.equal((await svc.request('GET', `/api/flows/${id}/rerun`)).status, 409);
    assert.equal((await svc.request('GET', `/api/flows/${id}/code`)).status, 409);
    const cancelled = await svc.request('POST', `/api/flows/${id}/cancel`);
    assert.equal(cancelled.status, 200);
    assert.equal(cancelled.body.state, 'FAILED');
    assert.equal(cancelled.body.result.error.code, 'CANCELLED');
    assert.equal((await svc.request('POST', `/api/flows/${id}/cancel`)).body.code, 'FLOW_NOT_ACTIVE');
    assert.equal((await svc.request('DELETE', `/api/flows/${id}`)).status, 204);
  });

  test('custom tools run inside the page with validated parameters', async () => {
    const customTools = [{
      name: 'readTitle', description: 'Read the title with a suffix',
      inputSchema: { type: 'object', properties: { suffix: { type: 'string' } }, required: ['suffix'], additionalProperties: false },
      javascript: 'return document.title + params.suffix + (typeof process === "undefined" ? " (in page)" : " (in node)");',
    }, {
      name: 'explode', description: 'Throws', inputSchema: { type: 'object' }, javascript: 'throw new Error("kaboom " + location.pathname);',
    }];
    const ok = await runFlow(svc, deterministic(site.url, '/login.html', [{ name: 'readTitle', parameters: { suffix: '!' } }], { customTools }));
    assert.equal(ok.state, 'SUCCESS', JSON.stringify(ok.result));
    const calls = (await svc.request('GET', `/api/flows/${ok.id}/tool-calls`)).body;
    assert.equal(calls[0].outcome.data, 'Login! (in page)');
    const bad = await svc.request('POST', '/api/flows', deterministic(site.url, '/login.html', [{ name: 'readTitle', parameters: {} }], { customTools }));
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /suffix: is required/);
    const boom = await runFlow(svc, deterministic(site.url, '/login.html', [{ name: 'explode', parameters: {} }], { customTools }));
    assert.equal(boom.state, 'FAILED');
    assert.match(boom.result.error.message, /kaboom \/login\.html/);
  });

  test('maxToolCalls reached ends the flow FAILED', async () => {
    const res = await svc.request('POST', '/api/flows', { ...deterministic(site.url, '/index.html', []), initialRunMode: 'INSTRUCT', maxToolCalls: 1 });
    const id = res.body.id;
    await waitForFlow(svc, id, (f) => f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
    assert.equal((await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'reload', parameters: {} })).status, 202);
    await waitForFlow(svc, id, (f) => f.progress.toolCallsCompleted === 1 && f.state === 'WAITING_ON_USER_FOR_NEXT_ACTION');
    assert.equal((await svc.request('POST', `/api/flows/${id}/tool-calls`, { name: 'reload', parameters: {} })).status, 202);
    const flow = await waitForFlow(svc, id, isFinished);
    assert.equal(flow.result.error.code, 'MAX_TOOL_CALLS_REACHED');
  });
});
