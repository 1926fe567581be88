/** The connection test's answer: codes per failure kind, a timeout, and the key redacted from a provider's message in any spelling. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { LlmError, type LlmProvider, type LlmRequest } from '../../../lib/llm/provider-contract';
import { testConnection } from '../../../plugins/routes/config/connection-test';

const KEY = 'sk-test-0123456789abcdefghij';

function provider(complete: (request: LlmRequest) => Promise<never>): LlmProvider {
  return {
    type: 'OPENAI', description: 'a provider whose calls fail as told', configSchema: v.object({}), secretFields: ['apiKey'],
    supportsVision: () => false, complete: (_config, request) => complete(request),
  };
}

test('a provider message quoting the key, raw or URL-encoded, never shows it', async () => {
  const p = provider(async () => { throw new LlmError('AUTH_FAILED', `401 for key ${KEY} (sent as ${encodeURIComponent(`"${KEY}"`)})`, 401); });
  const result = await testConnection({ type: 'OPENAI', apiKey: KEY, modelName: 'm' }, p, new Map([['OPENAI', p]]));
  assert.equal(result.ok, false);
  assert.equal(result.error?.code, 'LLM_AUTH_FAILED');
  assert.ok(!result.error!.message.includes(KEY.slice(0, 12)), result.error!.message);
  assert.equal(result.modelName, 'm');
});

test('each failure kind answers the code a flow would fail with; the call is minimal and bounded', async () => {
  const seen: LlmRequest[] = [];
  for (const [kind, code] of [['RATE_LIMITED', 'LLM_RATE_LIMITED'], ['UNAVAILABLE', 'LLM_UNAVAILABLE'], ['BAD_REQUEST', 'LLM_BAD_REQUEST'], ['BAD_RESPONSE', 'LLM_BAD_RESPONSE']] as const) {
    const p = provider(async (request) => { seen.push(request); throw new LlmError(kind, 'no'); });
    const result = await testConnection({ type: 'OPENAI', apiKey: KEY, modelName: 'm' }, p, new Map([['OPENAI', p]]));
    assert.equal(result.error?.code, code);
  }
  for (const request of seen) {
    assert.deepEqual(request.tools, []);
    assert.ok(request.timeoutMs <= 10_000 && request.maxOutputTokens! <= 5 && request.signal);
  }
  const plain = provider(async () => { throw new Error('socket hang up'); });
  assert.equal((await testConnection({ type: 'OPENAI', apiKey: KEY, modelName: 'm' }, plain, new Map([['OPENAI', plain]]))).error?.code, 'LLM_UNAVAILABLE');
});
