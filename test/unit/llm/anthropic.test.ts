import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnthropicProvider } from '../../../plugins/llm/anthropic/provider';
import { toAnthropicMessages } from '../../../plugins/llm/anthropic/anthropic-mapping';
import { providerContractSuite, requestOf, silentLogger, withFake } from './provider-contract';

providerContractSuite({
  protocol: 'anthropic',
  create: ({ baseUrl }) => new AnthropicProvider({ baseUrl, logger: silentLogger() }),
  wrongCredentials: { apiKey: 'sk-ant-wrong-key-0123456789' },
  baseUrlOf: (fake) => fake.url,
});

test('anthropic: tool results open the merged user turn; roles alternate; empty texts are dropped', () => {
  const { system, messages } = toAnthropicMessages([
    { role: 'system', content: 'A' },
    { role: 'system', content: 'B' },
    { role: 'user', content: 'Go' },
    { role: 'assistant', content: '', toolCalls: [{ id: 't1', name: 'click', arguments: null, rawArguments: '{', parseError: 'bad' }] },
    { role: 'tool', toolCallId: 't1', name: 'click', content: 'bad arguments', isError: true },
    { role: 'user', content: 'Now?' },
  ]);
  assert.equal(system, 'A\n\nB');
  assert.deepEqual(messages.map((m) => m.role), ['user', 'assistant', 'user']);
  const last = messages[2]!.content as Array<{ type: string }>;
  assert.deepEqual(last.map((b) => b.type), ['tool_result', 'text']);
  const assistant = messages[1]!.content as Array<{ type: string; input?: unknown }>;
  assert.deepEqual(assistant, [{ type: 'tool_use', id: 't1', name: 'click', input: {} }]);
});

test('anthropic: max_tokens defaults to 4096 (the API requires one)', { timeout: 15_000 }, () =>
  withFake('anthropic', [{ text: 'ok' }], async (fake) => {
    await new AnthropicProvider({ logger: silentLogger() }).complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }]));
    assert.equal(fake.requests[0]!.body.max_tokens, 4096);
  }));
