import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OpenAiProvider } from '../../../plugins/llm/openai/provider';
import { seenByModel } from '../../fixtures/fake-llm/fake-llm-server';
import { providerContractSuite, requestOf, silentLogger, withFake } from './provider-contract';

providerContractSuite({
  protocol: 'openai',
  create: ({ baseUrl }) => new OpenAiProvider({ baseUrl, logger: silentLogger() }),
  wrongCredentials: { apiKey: 'sk-wrong-key-0123456789' },
  baseUrlOf: (fake) => `${fake.url}/v1`,
});

test('openai: a server without /v1 is reached at /chat/completions', { timeout: 15_000 }, () =>
  withFake('openai', [{ text: 'hello' }], async (fake) => {
    const answer = await new OpenAiProvider({ logger: silentLogger() }).complete(fake.gptConfig({ baseUrl: fake.url }), requestOf([{ role: 'user', content: 'Hi' }]));
    assert.equal(answer.text, 'hello');
    assert.equal(fake.requests[0]!.path, '/chat/completions');
  }));

test('openai: custom endpoints get max_tokens, tool results with errors are marked in the text', { timeout: 15_000 }, () =>
  withFake('openai', [{ text: 'ok' }], async (fake) => {
    await new OpenAiProvider({ logger: silentLogger() }).complete(fake.gptConfig(), requestOf([
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: null, toolCalls: [{ id: 'c1', name: 'click', arguments: null, rawArguments: '{"selector": ', parseError: 'bad' }] },
      { role: 'tool', toolCallId: 'c1', name: 'click', content: 'arguments were not valid JSON', isError: true },
    ], { maxOutputTokens: 55 }));
    const body = fake.requests[0]!.body;
    assert.equal(body.max_tokens, 55);
    assert.equal(body.max_completion_tokens, undefined);
    // The malformed call is replayed as the model sent it.
    assert.equal(body.messages[1].tool_calls[0].function.arguments, '{"selector": ');
    assert.equal(seenByModel('openai', body).toolResults[0]!.text, 'ERROR: arguments were not valid JSON');
  }));
