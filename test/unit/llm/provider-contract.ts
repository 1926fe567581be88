/**
 * The behaviour every LLM provider must show against its fake server,
 * through the real SDK: tool-call round trips, conversations, images,
 * malformed arguments, error classification, timeouts, and no secret leaks.
 * Each provider's test file runs this suite and adds its own cases.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { LlmError, type LlmMessage, type LlmProvider, type LlmRequest } from '../../../lib/llm/provider-contract';
import { createLogger } from '../../../lib/logging/logger';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import {
  createFakeLlmServer, seenByModel, type FakeLlmServer, type ProtocolName, type ScriptItem,
} from '../../fixtures/fake-llm/fake-llm-server';
import { deadPort } from '../../helpers/ports';

/** A 1x1 PNG. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Tools offered in every request of the suite. */
export const TOOLS: LlmRequest['tools'] = [
  {
    name: 'click',
    description: 'Clicks an element.',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#', type: 'object',
      properties: { selector: { type: 'string', description: 'CSS selector' } }, required: ['selector'], additionalProperties: false,
    },
  },
  {
    name: 'type',
    description: 'Types text into an element.',
    inputSchema: { type: 'object', properties: { selector: { type: 'string' }, text: { type: 'string' } }, required: ['selector', 'text'] },
  },
];

/** A request with the suite's tools. */
export function requestOf(messages: LlmMessage[], extra: Partial<LlmRequest> = {}): LlmRequest {
  return { messages, tools: TOOLS, toolChoice: 'required', timeoutMs: 5000, ...extra };
}

/** A silent logger. */
export const silentLogger = () => createLogger('silent');

/** What the suite needs to know about a provider. */
export interface ProviderUnderTest {
  protocol: ProtocolName;
  /** Builds the provider; `baseUrl` is the plugin-level default endpoint. */
  create(options: { baseUrl?: string }): LlmProvider;
  /** Overrides that make the fake's credential check fail. */
  wrongCredentials: Record<string, unknown>;
  /** The base URL to give for a fake (OpenAI wants `/v1` appended). */
  baseUrlOf(fake: FakeLlmServer): string;
  /**
   * Tool name expected for a malformed call when it cannot be known (the
   * Gemini API's SDK drops the finish message naming it); default the real one.
   */
  malformedName?: string;
}

/** Runs `fn` with a fresh fake answering `script`, closing it afterwards. */
export async function withFake<T>(protocol: ProtocolName, script: ScriptItem[], fn: (fake: FakeLlmServer) => Promise<T>): Promise<T> {
  const fake = await createFakeLlmServer(protocol, script);
  try { return await fn(fake); } finally { await fake.close(); }
}

/** Every secret value of a configuration (fields the provider masks). */
export function secretsOf(provider: LlmProvider, config: Record<string, unknown>): string[] {
  return provider.secretFields.map((f) => config[f]).filter((v): v is string => typeof v === 'string' && v.length > 0);
}

/** Calls the provider and returns the LlmError it rejects with (fails if it resolves or throws something else). */
export async function failureOf(provider: LlmProvider, config: GptConfigRecord, request: LlmRequest): Promise<LlmError> {
  try {
    await provider.complete(config, request);
  } catch (err) {
    assert.ok(err instanceof LlmError, `expected an LlmError, got ${String(err)}`);
    return err;
  }
  assert.fail('the call should have failed');
}

/** Asserts no secret value is in `text`. */
export function assertNoSecret(text: string, secrets: string[]): void {
  for (const s of secrets) assert.ok(!text.includes(s), `a secret leaked into: ${text}`);
}


const conversation: LlmMessage[] = [
  { role: 'system', content: 'You drive a browser.' },
  { role: 'user', content: 'Log in.' },
  {
    role: 'assistant',
    content: 'I will type the user name, then submit.',
    toolCalls: [
      { id: 'call_a', name: 'type', arguments: { selector: '#user', text: '${USER}' } },
      { id: 'call_b', name: 'click', arguments: { selector: '#go' } },
    ],
  },
  { role: 'tool', toolCallId: 'call_a', name: 'type', content: 'typed 7 characters' },
  { role: 'tool', toolCallId: 'call_b', name: 'click', content: 'element #go not found', isError: true },
  { role: 'user', content: 'Here is the page now.', images: [{ mimeType: 'image/png', base64: PNG_BASE64 }] },
];

/** The shared provider suite. */
export function providerContractSuite(p: ProviderUnderTest): void {
  const T = { timeout: 15_000 };

  describe(`${p.protocol} provider against its fake server`, () => {
    test('a tool call round trip returns the call, the rationale and the usage', T, () =>
      withFake(p.protocol, [{ toolCall: { name: 'click', arguments: { selector: '#login' } }, text: 'The login button opens the form.', usage: { inputTokens: 321, outputTokens: 45 } }], async (fake) => {
        const provider = p.create({});
        const config = fake.gptConfig();
        const answer = await provider.complete(config, requestOf([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Open the login form.' }]));
        assert.equal(answer.toolCalls.length, 1);
        assert.equal(answer.toolCalls[0]!.name, 'click');
        assert.deepEqual(answer.toolCalls[0]!.arguments, { selector: '#login' });
        assert.ok(answer.toolCalls[0]!.id.length > 0);
        assert.equal(answer.text, 'The login button opens the form.');
        assert.deepEqual(answer.usage, { inputTokens: 321, outputTokens: 45 });

        assert.equal(fake.requests.length, 1);
        const seen = seenByModel(p.protocol, fake.requests[0]!.body);
        assert.equal(seen.system, 'Be brief.');
        assert.deepEqual(seen.userTexts, ['Open the login form.']);
        assert.deepEqual(seen.toolNames, ['click', 'type']);
        assert.equal(seen.toolChoiceRequired, true);
        assert.equal(JSON.stringify(seen.toolSchemas).includes('$schema'), false, 'the $schema keyword is not sent');
        for (const req of fake.requests) assertNoSecret(req.rawBody, secretsOf(provider, config));
      }));

    test('a text-only answer has no tool calls; toolChoice auto and maxOutputTokens are passed', T, () =>
      withFake(p.protocol, [{ text: 'Nothing to do.' }], async (fake) => {
        const answer = await p.create({}).complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }], { toolChoice: 'auto', maxOutputTokens: 777 }));
        assert.deepEqual(answer.toolCalls, []);
        assert.equal(answer.text, 'Nothing to do.');
        const seen = seenByModel(p.protocol, fake.requests[0]!.body);
        assert.equal(seen.toolChoiceRequired, false);
        assert.equal(seen.maxOutputTokens, 777);
      }));

    test('a multi-turn conversation carries tool calls, tool results (with errors) and images', T, () =>
      withFake(p.protocol, [{ toolCall: { name: 'click', arguments: { selector: '#submit' } } }], async (fake) => {
        const answer = await p.create({}).complete(fake.gptConfig(), requestOf(conversation));
        assert.equal(answer.toolCalls[0]!.name, 'click');
        const seen = seenByModel(p.protocol, fake.requests[0]!.body);
        assert.equal(seen.system, 'You drive a browser.');
        assert.ok(seen.userTexts.includes('Log in.'));
        assert.ok(seen.userTexts.includes('Here is the page now.'));
        assert.ok(seen.assistantTexts.includes('I will type the user name, then submit.'));
        assert.deepEqual(seen.assistantToolCalls.map((c) => c.name), ['type', 'click']);
        const args = seen.assistantToolCalls.map((c) => (typeof c.args === 'string' ? JSON.parse(c.args) : c.args));
        assert.deepEqual(args, [{ selector: '#user', text: '${USER}' }, { selector: '#go' }]);
        assert.deepEqual(seen.toolResults.map((r) => [r.text.replace(/^ERROR: /, ''), r.isError]), [
          ['typed 7 characters', false], ['element #go not found', true],
        ]);
        assert.deepEqual(seen.toolResults.map((r) => r.callId), ['call_a', 'call_b']);
        assert.deepEqual(seen.images, [{ mimeType: 'image/png', base64: PNG_BASE64 }]);
      }));

    test('several images are attached to the user message', T, () =>
      withFake(p.protocol, [{ text: 'I see two screenshots.' }], async (fake) => {
        const provider = p.create({});
        const config = fake.gptConfig();
        assert.equal(provider.supportsVision(config), true);
        assert.equal(provider.supportsVision({ ...config, vision: false }), false);
        await provider.complete(config, requestOf([{
          role: 'user', content: 'Compare.', images: [{ mimeType: 'image/png', base64: PNG_BASE64 }, { mimeType: 'image/png', base64: PNG_BASE64 }],
        }]));
        const seen = seenByModel(p.protocol, fake.requests[0]!.body);
        assert.equal(seen.images.length, 2);
        assert.ok(seen.images.every((i) => i.mimeType === 'image/png' && i.base64 === PNG_BASE64));
      }));

    test('malformed tool arguments are reported, not thrown', T, () =>
      withFake(p.protocol, [{ malformedArguments: 'type' }], async (fake) => {
        const answer = await p.create({}).complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Type.' }]));
        assert.equal(answer.toolCalls.length, 1);
        const call = answer.toolCalls[0]!;
        assert.equal(call.name, p.malformedName ?? 'type');
        assert.equal(call.arguments, null);
        assert.equal(typeof call.parseError, 'string');
        assert.ok(call.parseError!.length > 0);
        assert.equal(typeof call.rawArguments, 'string');
      }));

    test('wrong credentials -> AUTH_FAILED without the key in the message', T, () =>
      withFake(p.protocol, [], async (fake) => {
        const provider = p.create({});
        const config = fake.gptConfig(p.wrongCredentials);
        const err = await failureOf(provider, config, requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(err.kind, 'AUTH_FAILED');
        assert.equal(err.retryable, false);
        assertNoSecret(err.message, [...secretsOf(provider, config), ...secretsOf(provider, fake.gptConfig())]);
      }));

    for (const [status, kind] of [[401, 'AUTH_FAILED'], [403, 'AUTH_FAILED'], [429, 'RATE_LIMITED'], [500, 'UNAVAILABLE'], [503, 'UNAVAILABLE'], [400, 'BAD_REQUEST']] as const) {
      test(`HTTP ${status} -> ${kind}, sent once (SDK retries are off)`, T, () =>
        withFake(p.protocol, [{ status }], async (fake) => {
          const provider = p.create({});
          const config = fake.gptConfig();
          const err = await failureOf(provider, config, requestOf([{ role: 'user', content: 'Hi' }]));
          assert.equal(err.kind, kind);
          assert.equal(err.status, status);
          assert.equal(fake.requests.length, 1);
          assertNoSecret(err.message, secretsOf(provider, config));
        }));
    }

    test('a server that echoes the key in its error: the message is scrubbed', T, () =>
      withFake(p.protocol, [], async (fake) => {
        const provider = p.create({});
        const config = fake.gptConfig();
        const secrets = secretsOf(provider, config);
        fake.push({ status: 400, message: `bad request for key ${secrets.join(' and ')}` });
        const err = await failureOf(provider, config, requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(err.kind, 'BAD_REQUEST');
        assert.match(err.message, /bad request for key/);
        assertNoSecret(err.message, secrets);
        assertNoSecret(String(err.stack), secrets);
      }));

    test('a stall beyond timeoutMs -> TIMEOUT, promptly', T, () =>
      withFake(p.protocol, [{ stallMs: 10_000 }], async (fake) => {
        const started = Date.now();
        const err = await failureOf(p.create({}), fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }], { timeoutMs: 300 }));
        assert.equal(err.kind, 'TIMEOUT');
        assert.equal(err.retryable, true);
        assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
      }));

    test('the caller\'s abort signal ends the call -> CANCELLED, not retryable', T, () =>
      withFake(p.protocol, [{ stallMs: 10_000 }], async (fake) => {
        const controller = new AbortController();
        setTimeout(() => controller.abort(), 200);
        const started = Date.now();
        const err = await failureOf(p.create({}), fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }], { timeoutMs: 8000, signal: controller.signal }));
        assert.equal(err.kind, 'CANCELLED');
        assert.equal(err.retryable, false);
        assert.match(err.message, /cancelled/);
        assert.ok(Date.now() - started < 5000);
      }));

    test('an unreachable endpoint -> UNAVAILABLE', T, async () => {
      await withFake(p.protocol, [], async (fake) => {
        // Taken while the fake listens: a port freed before it started could become the fake's own.
        const port = await deadPort();
        const provider = p.create({});
        const config = fake.gptConfig({ baseUrl: p.baseUrlOf(fake).replace(/:\d+/, `:${port}`) });
        const err = await failureOf(provider, config, requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(err.kind, 'UNAVAILABLE');
        assertNoSecret(err.message, secretsOf(provider, config));
      });
    });

    test('the plugin-level baseUrl is used when the configuration has none, and the configuration\'s wins', T, async () => {
      await withFake(p.protocol, [{ text: 'via plugin default' }, { text: 'via configuration' }], async (fake) => {
        const port = await deadPort();
        const { baseUrl: _drop, ...withoutBaseUrl } = fake.gptConfig();
        const viaPlugin = await p.create({ baseUrl: p.baseUrlOf(fake) }).complete(withoutBaseUrl as GptConfigRecord, requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(viaPlugin.text, 'via plugin default');
        const deadDefault = p.baseUrlOf(fake).replace(/:\d+/, `:${port}`);
        const viaConfig = await p.create({ baseUrl: deadDefault }).complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(viaConfig.text, 'via configuration');
      });
    });

    test('the SDK client is built once per configuration', T, () =>
      withFake(p.protocol, [{ text: 'one' }, { text: 'two' }, { text: 'three' }], async (fake) => {
        const provider = p.create({});
        const clients = (provider as unknown as { clients: { size: number } }).clients;
        await provider.complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi' }]));
        await provider.complete(fake.gptConfig(), requestOf([{ role: 'user', content: 'Hi again' }]));
        assert.equal(clients.size, 1);
        await provider.complete(fake.gptConfig({ modelName: 'other-model' }), requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(clients.size, 1, 'the model name is per call, not per client');
      }));

    test('an invalid configuration -> BAD_REQUEST naming the field, not its value', T, () =>
      withFake(p.protocol, [], async (fake) => {
        const provider = p.create({});
        const err = await failureOf(provider, fake.gptConfig({ modelName: 'x'.repeat(201) }), requestOf([{ role: 'user', content: 'Hi' }]));
        assert.equal(err.kind, 'BAD_REQUEST');
        assert.match(err.message, /modelName/);
        assert.ok(!err.message.includes('xxxx'));
        assert.equal(fake.requests.length, 0);
      }));
  });
}
