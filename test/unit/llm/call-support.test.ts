import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CallDeadline, ClientCache, kindForStatus, parseProviderConfig, parseToolArguments, scrub, secretValues,
} from '../../../lib/llm/call-support';
import { openAiConfigSchema } from '../../../plugins/llm/openai/config-schema';
import { LlmError } from '../../../lib/llm/provider-contract';

test('parseToolArguments: objects, JSON text, empty, and malformed input', () => {
  assert.deepEqual(parseToolArguments({ a: 1 }), { arguments: { a: 1 } });
  assert.deepEqual(parseToolArguments('{"a":1}'), { arguments: { a: 1 }, rawArguments: '{"a":1}' });
  assert.deepEqual(parseToolArguments(''), { arguments: {}, rawArguments: '' });
  assert.deepEqual(parseToolArguments(undefined), { arguments: {} });
  const broken = parseToolArguments('{"a": ');
  assert.equal(broken.arguments, null);
  assert.equal(broken.rawArguments, '{"a": ');
  assert.match(broken.parseError!, /not valid JSON/);
  const array = parseToolArguments('[1,2]');
  assert.equal(array.arguments, null);
  assert.match(array.parseError!, /JSON object/);
  assert.equal(parseToolArguments(42).arguments, null);
});

test('kindForStatus classifies HTTP statuses', () => {
  assert.equal(kindForStatus(401), 'AUTH_FAILED');
  assert.equal(kindForStatus(403), 'AUTH_FAILED');
  assert.equal(kindForStatus(429), 'RATE_LIMITED');
  assert.equal(kindForStatus(408), 'TIMEOUT');
  assert.equal(kindForStatus(500), 'UNAVAILABLE');
  assert.equal(kindForStatus(529), 'UNAVAILABLE');
  assert.equal(kindForStatus(400), 'BAD_REQUEST');
  assert.equal(kindForStatus(404), 'BAD_REQUEST');
  assert.equal(kindForStatus(undefined), undefined);
});

test('scrub masks secrets and bearer tokens, and caps the length', () => {
  assert.equal(scrub('key sk-abcdef12345 rejected', ['sk-abcdef12345']), 'key **** rejected');
  assert.equal(scrub('Authorization: Bearer abcdefghijklmnop', []), 'Authorization: Bearer ****');
  assert.ok(scrub('x'.repeat(2000), []).length <= 501);
  assert.deepEqual(secretValues({ type: 'T', modelName: 'm', apiKey: 'short', other: 'longer-secret' }, ['apiKey', 'other', 'none']), ['longer-secret', 'short']);
});

test('parseProviderConfig names the bad field, never its value', () => {
  assert.deepEqual(parseProviderConfig(openAiConfigSchema, { type: 'OPENAI', apiKey: 'k', modelName: 'm' }), { apiKey: 'k', modelName: 'm' });
  assert.throws(() => parseProviderConfig(openAiConfigSchema, { type: 'OPENAI', apiKey: 'sk-secret-value', modelName: 'm', baseUrl: 'nope sk-secret-value' }), (err) => {
    assert.ok(err instanceof LlmError);
    assert.equal(err.kind, 'BAD_REQUEST');
    assert.match(err.message, /baseUrl/);
    assert.ok(!err.message.includes('sk-secret-value'));
    return true;
  });
});

test('ClientCache builds once per key and drops the least recently used', () => {
  const cache = new ClientCache<object>(2);
  let built = 0;
  const build = () => ({ n: ++built });
  const a = cache.get({ k: 'a' }, build);
  assert.equal(cache.get({ k: 'a' }, build), a);
  cache.get({ k: 'b' }, build);
  cache.get({ k: 'a' }, build); // a is now most recent
  cache.get({ k: 'c' }, build); // drops b
  assert.equal(cache.size, 2);
  assert.equal(cache.get({ k: 'a' }, build), a);
  assert.equal(built, 3);
  cache.get({ k: 'b' }, build);
  assert.equal(built, 4);
});

test('CallDeadline tells a timeout from a caller abort', async () => {
  const timed = new CallDeadline(20);
  await new Promise((r) => setTimeout(r, 60));
  assert.equal(timed.signal.aborted, true);
  assert.equal(timed.abortError()?.kind, 'TIMEOUT');
  assert.match(timed.abortError()!.message, /within 20 ms/);
  timed.dispose();

  const controller = new AbortController();
  const cancelled = new CallDeadline(10_000, controller.signal);
  assert.equal(cancelled.abortError(), undefined);
  controller.abort();
  assert.equal(cancelled.signal.aborted, true);
  assert.equal(cancelled.cancelled, true);
  assert.equal(cancelled.abortError()?.kind, 'CANCELLED');
  assert.equal(cancelled.abortError()?.retryable, false);
  assert.match(cancelled.abortError()!.message, /cancelled/);
  cancelled.dispose();

  const already = new CallDeadline(10_000, AbortSignal.abort());
  assert.equal(already.signal.aborted, true);
  assert.equal(already.abortError()?.kind, 'CANCELLED');
  already.dispose();
});
