/** baseUrl of a run: the recorded origin replaced where the replayed flow names it (plugins/qa/runs/base-url.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { normaliseBaseUrl, withBaseUrl } from '../../../plugins/qa/runs/base-url';
import type { CreateFlow } from '../../../lib/validation/create-flow-schema';

const body = (): CreateFlow => ({
  name: 'n', targetWebsite: 'http://127.0.0.1:4000/login?x=1', initialRunMode: 'DETERMINISTIC', envVars: [], customTools: [],
  toolCallsOnStart: [
    { name: 'navigate', parameters: { url: 'http://127.0.0.1:4000/shop' } },
    { name: 'click', parameters: { selector: ['a[href="http://127.0.0.1:4000/cart"]', 'text=Cart'] } },
    { name: 'navigate', parameters: { url: 'http://127.0.0.1:40001/other' } },
    { name: 'navigate', parameters: { url: 'https://elsewhere.example/' } },
  ],
});

test('the recorded origin is replaced in the target, URLs and selectors; other origins and longer ports stay', () => {
  const out = withBaseUrl(body(), 'https://staging.example.com/app');
  assert.equal(out.targetWebsite, 'https://staging.example.com/app/login?x=1');
  assert.deepEqual(out.toolCallsOnStart.map((c) => c.parameters), [
    { url: 'https://staging.example.com/app/shop' },
    { selector: ['a[href="https://staging.example.com/app/cart"]', 'text=Cart'] },
    { url: 'http://127.0.0.1:40001/other' },
    { url: 'https://elsewhere.example/' },
  ]);
  assert.equal(body().toolCallsOnStart[0]!.parameters.url, 'http://127.0.0.1:4000/shop', 'the input is not changed');
});

test('origins a flow\'s secrets are bound to follow the target', () => {
  const out = withBaseUrl({ ...body(), allowedOrigins: ['http://127.0.0.1:4000', 'https://sso.example'] } as CreateFlow, 'http://localhost:5000/');
  assert.deepEqual((out as { allowedOrigins?: string[] }).allowedOrigins, ['http://localhost:5000', 'https://sso.example']);
});

test('baseUrl is an absolute http(s) URL without query, fragment or credentials', () => {
  assert.equal(normaliseBaseUrl('http://localhost:5000/'), 'http://localhost:5000');
  assert.equal(normaliseBaseUrl('https://x.example/app//'), 'https://x.example/app');
  assert.throws(() => normaliseBaseUrl('localhost:5000'), /scheme "localhost:" is not allowed|absolute/);
  assert.throws(() => normaliseBaseUrl('/app'), /absolute/);
  assert.throws(() => normaliseBaseUrl('http://x.example/?a=1'), /query/);
  assert.throws(() => normaliseBaseUrl('http://u:p@x.example/'), /credentials/);
});
