import { test } from 'node:test';
import assert from 'node:assert/strict';
import { maskCredential, maskCredentials, redactLiterals } from '../../../lib/redaction/credential-masking';
import { flowForOutput, flowOutputView, toolCallForOutput } from '../../../plugins/routes/flows/flow-output';
import type { FlowMetadata, ToolCallRecord } from '../../../kernel/flows/flow-types';

test('short credentials are masked entirely; long ones keep 3 + 4 characters', () => {
  assert.equal(maskCredential('hunter2pass'), '****');
  assert.equal(maskCredential('tok-0123456789abcdefghij'), 'tok****ghij');
});

test('credential keys, headers, userinfo and credential query parameters are masked; placeholders and the rest are kept', () => {
  const using = {
    type: 'device',
    proxy: { server: 'http://proxy:3128', bypass: '.internal, localhost', username: 'me', password: 'pa55word!' },
    url: 'wss://user:s3cr3t-pw@cdp.example/devtools?apiKey=k-0123456789&session=abc&lang=en',
    hosted: 'https://TOKENVALUE123@hosted.example/connect',
    headers: { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz', 'X-Trace': 'plain' },
    capabilities: { 'bstack:options': { userName: 'u', accessKey: 'ak-123' }, 'goog:chromeOptions': { args: ['--proxy-server=http://u:argpass1@p:1'] } },
    pin: { code: 1234 },
    secretPin: 1234,
    placeholders: { password: '${PROXY_PASSWORD}', url: 'http://u:${WD_PASS}@grid:4444/wd/hub?token=${WD_TOKEN}' },
  };
  const { value, secrets, changed } = maskCredentials(using);
  assert.equal(changed, true);
  assert.deepEqual(value, {
    type: 'device',
    proxy: { server: 'http://proxy:3128', bypass: '.internal, localhost', username: 'me', password: '****' },
    url: 'wss://user:****@cdp.example/devtools?apiKey=****&session=****&lang=en',
    hosted: 'https://****@hosted.example/connect',
    headers: { Authorization: 'Bea****wxyz', 'X-Trace': '****' },
    capabilities: { 'bstack:options': { userName: 'u', accessKey: '****' }, 'goog:chromeOptions': { args: ['--proxy-server=http://u:****@p:1'] } },
    pin: { code: 1234 },
    secretPin: '****',
    placeholders: { password: '${PROXY_PASSWORD}', url: 'http://u:${WD_PASS}@grid:4444/wd/hub?token=${WD_TOKEN}' },
  });
  for (const s of ['pa55word!', 's3cr3t-pw', 'k-0123456789', 'TOKENVALUE123', 'argpass1']) assert.ok(secrets.includes(s), s);
  assert.equal(using.proxy.password, 'pa55word!', 'the input is not changed');
  assert.equal(maskCredentials({ type: 'device', headless: true }).changed, false);
});

test('redactLiterals replaces each secret (and its URL-encoded form) in any string', () => {
  const out = redactLiterals({ a: 'connect to p@ss word:1 failed', b: ['x p%40ss%20word%3A1 y'], n: 3 }, ['p@ss word:1']);
  assert.deepEqual(out, { a: 'connect to **** failed', b: ['x **** y'], n: 3 });
});

const flow = (using: Record<string, unknown>): FlowMetadata => ({
  id: 'f', name: 'n', targetWebsite: 'https://site', overallObjective: null, initialRunMode: 'DETERMINISTIC', runMode: 'DETERMINISTIC',
  state: 'FAILED', nextState: null, browser: { using: using as FlowMetadata['browser']['using'] }, envVars: [], customTools: [], toolCallsOnStart: [],
  maxToolCalls: 5, gptConfigName: null, hasGptConfigNameOverride: false, progress: { toolCallsCompleted: 0, toolCallsFailed: 0, maxToolCalls: 5 },
  tokenUsage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 }, createdAt: 1, startedAt: 1, completedAt: 2,
  result: { success: false, summary: null, error: { code: 'BROWSER_UNAVAILABLE', message: 'cannot reach http://u:wd-password-1@grid:4444' } },
  imageIds: [], hasVideo: false,
});

test('flowForOutput masks browser.using and the same literals elsewhere in the flow; a flow without credentials is answered as is', () => {
  const f = flow({ type: 'webdriver', url: 'http://u:wd-password-1@grid:4444/wd/hub' });
  const out = flowForOutput(f);
  assert.equal(out.browser.using.url, 'http://u:****@grid:4444/wd/hub');
  assert.equal(out.result!.error!.message, 'cannot reach http://u:****@grid:4444');
  assert.deepEqual(Object.keys(out), Object.keys(f), 'same field order');
  assert.equal(f.browser.using.url, 'http://u:wd-password-1@grid:4444/wd/hub', 'the record is not changed');
  const plain = flow({ type: 'device' });
  assert.equal(flowForOutput(plain), plain);
  const view = flowOutputView(f);
  const call = { id: 'c', name: 'navigate', parameters: {}, source: 'USER', rationale: null, outcome: { success: false, message: 'wd-password-1 leaked', data: null, selectors: null }, screenshotImageId: null, pageUrl: null, startedAt: 1, completedAt: 2 } as ToolCallRecord;
  assert.equal(toolCallForOutput(call, view).outcome!.message, '**** leaked');
  assert.equal(view.redact({ browser: { using: f.browser.using }, name: 'x' }).browser.using.url, 'http://u:****@grid:4444/wd/hub');
});
