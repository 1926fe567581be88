import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { LlmError, type LlmResponse } from '../../../lib/llm/provider-contract';
import { apiKeyConfigEntries } from '../../../lib/llm/config-fields';
import { SdkLlmProvider, type FailedCall, type SdkCall } from '../../../lib/llm/sdk-provider';
import { requestOf, silentLogger } from './provider-contract';

const schema = v.strictObject(apiKeyConfigEntries);
type Config = v.InferOutput<typeof schema>;

/** A client is just the endpoint it was built for; `send` does what the test says. */
class ScriptedProvider extends SdkLlmProvider<Config, { endpoint: string | undefined }> {
  readonly type = 'SCRIPTED';
  readonly description = 'scripted';
  readonly configSchema = schema;
  readonly secretFields = ['apiKey'];
  built = 0;
  classified: FailedCall[] = [];
  constructor(private readonly behave: (call: SdkCall<Config, { endpoint: string | undefined }>) => Promise<LlmResponse>, baseUrl?: string, private readonly buildFails = false) {
    super({ baseUrl, logger: silentLogger() });
  }
  protected clientKey(config: Config, endpoint: string | undefined) { return { apiKey: config.apiKey, endpoint }; }
  protected createClient(_config: Config, endpoint: string | undefined) {
    this.built++;
    if (this.buildFails) throw new Error('bad credentials sk-secret-value');
    return { endpoint };
  }
  protected send(call: SdkCall<Config, { endpoint: string | undefined }>) { return this.behave(call); }
  protected classifyError(err: unknown, call: FailedCall): LlmError {
    this.classified.push(call);
    return new LlmError('BAD_RESPONSE', `classified: ${(err as Error).message.replace(call.secrets[0]!, '****')}`);
  }
}

const answer: LlmResponse = { text: 'ok', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 } };
const record = { type: 'SCRIPTED', apiKey: 'sk-secret-value', modelName: 'm' };

test('SdkLlmProvider: endpoint choice, one client per key, and the model name per call', async () => {
  const seen: Array<string | undefined> = [];
  const provider = new ScriptedProvider(async ({ client, endpoint, config }) => { seen.push(endpoint, client.endpoint, config.modelName); return answer; }, 'http://plugin.example');
  assert.deepEqual(await provider.complete(record, requestOf([{ role: 'user', content: 'Hi' }])), answer);
  await provider.complete({ ...record, modelName: 'other' }, requestOf([{ role: 'user', content: 'Hi' }]));
  await provider.complete({ ...record, baseUrl: 'http://config.example' }, requestOf([{ role: 'user', content: 'Hi' }]));
  assert.deepEqual(seen, [
    'http://plugin.example', 'http://plugin.example', 'm',
    'http://plugin.example', 'http://plugin.example', 'other',
    'http://config.example', 'http://config.example', 'm',
  ]);
  assert.equal(provider.built, 2);
});

test('SdkLlmProvider: a client that cannot be built is a classified failure, secrets scrubbed', async () => {
  const provider = new ScriptedProvider(async () => answer, undefined, true);
  await assert.rejects(provider.complete(record, requestOf([{ role: 'user', content: 'Hi' }])), (err: LlmError) => {
    assert.equal(err.kind, 'BAD_RESPONSE');
    assert.equal(err.message, 'classified: bad credentials ****');
    return true;
  });
  assert.deepEqual(provider.classified, [{ secrets: ['sk-secret-value'], timeoutMs: 5000 }]);
});

test('SdkLlmProvider: an LlmError passes through; an aborted call is CANCELLED or TIMEOUT, not classified', async () => {
  const thrown = new LlmError('BAD_RESPONSE', 'no choice');
  const passing = new ScriptedProvider(async () => { throw thrown; });
  await assert.rejects(passing.complete(record, requestOf([{ role: 'user', content: 'Hi' }])), (err) => err === thrown);

  const waitForAbort = ({ signal }: { signal: AbortSignal }) => new Promise<LlmResponse>((_, reject) => {
    signal.addEventListener('abort', () => reject(new Error('aborted by signal')), { once: true });
  });
  const controller = new AbortController();
  const cancelled = new ScriptedProvider(waitForAbort);
  const pending = cancelled.complete(record, requestOf([{ role: 'user', content: 'Hi' }], { signal: controller.signal }));
  controller.abort();
  await assert.rejects(pending, (err: LlmError) => err.kind === 'CANCELLED');

  const slow = new ScriptedProvider(waitForAbort);
  await assert.rejects(slow.complete(record, requestOf([{ role: 'user', content: 'Hi' }], { timeoutMs: 20 })), (err: LlmError) => err.kind === 'TIMEOUT');
  assert.equal(cancelled.classified.length + slow.classified.length, 0);
});

test('SdkLlmProvider: an invalid configuration is BAD_REQUEST before any client is built', async () => {
  const provider = new ScriptedProvider(async () => answer);
  await assert.rejects(provider.complete({ ...record, vision: 'yes' }, requestOf([{ role: 'user', content: 'Hi' }])), (err: LlmError) => err.kind === 'BAD_REQUEST' && /vision/.test(err.message));
  assert.equal(provider.built, 0);
});
