import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import type { LlmProvider } from '../../../lib/llm/provider-contract';
import { ApiError } from '../../../kernel/errors';
import { parseOrThrow } from '../../../lib/validation/validation';
import { keepMaskedSecrets, maskConfig, secretValuesOf } from '../../../plugins/routes/config/secret-fields';
import { gptConfigBodySchema } from '../../../plugins/routes/config/gpt-config-body';

const provider = (type: string, configSchema: v.GenericSchema, secretFields: string[], endpointFields?: string[]): LlmProvider => ({
  type, configSchema, secretFields, description: type, ...(endpointFields && { endpointFields }),
  supportsVision: () => false,
  complete: () => Promise.reject(new Error('not used')),
});
const plain = provider('PLAIN', v.strictObject({ apiKey: v.string(), modelName: v.string(), baseUrl: v.optional(v.string()) }), ['apiKey'], ['baseUrl']);
const paired = provider('PAIRED', v.pipe(
  v.strictObject({ modelName: v.string(), id: v.optional(v.string()), secret: v.optional(v.string()) }),
  v.forward(v.check((c) => (c.id === undefined) === (c.secret === undefined), 'id and secret go together'), ['secret']),
), ['secret']);
const custom = provider('CUSTOM', v.union([v.strictObject({ modelName: v.string(), token: v.string() })]), ['token']);
const providers = new Map([plain, paired, custom].map((p) => [p.type, p]));

const fails = (input: unknown, message: RegExp) => assert.throws(
  () => parseOrThrow(gptConfigBodySchema([plain, paired, custom]), input),
  (err: unknown) => err instanceof ApiError && err.code === 'INVALID_REQUEST' && message.test(err.message),
  JSON.stringify(input),
);

test('the body schema picks the provider by type and applies its strict schema and checks', () => {
  const schema = gptConfigBodySchema([plain, paired, custom]);
  assert.deepEqual(v.parse(schema, { type: 'PLAIN', apiKey: 'k', modelName: 'm' }), { type: 'PLAIN', apiKey: 'k', modelName: 'm' });
  assert.deepEqual(v.parse(schema, { type: 'CUSTOM', modelName: 'm', token: 't' }), { type: 'CUSTOM', modelName: 'm', token: 't' });
  fails({ type: 'OTHER' }, /^type: unknown GPT configuration type "OTHER"; known types: PLAIN, PAIRED, CUSTOM$/);
  fails({ apiKey: 'k' }, /^type: is required$/);
  fails({ type: 'PLAIN', apiKey: 'k', modelName: 'm', extra: 1 }, /^extra: unknown field$/);
  fails({ type: 'PAIRED', modelName: 'm', id: 'i' }, /^secret: id and secret go together$/);
  fails({ type: 'CUSTOM', modelName: 'm' }, /token/);
  fails('text', /^expected an object/);
});

test('with no provider loaded every type is unknown, and the message says why', () => {
  assert.throws(() => parseOrThrow(gptConfigBodySchema([]), { type: 'OPENAI' }), /no LLM provider plugin is loaded/);
});

test('masking uses the provider\'s secret fields, or credential-like names when the type is not loaded', () => {
  assert.deepEqual(maskConfig({ type: 'PLAIN', apiKey: 'sk-0123456789', modelName: 'm' }, providers), { type: 'PLAIN', apiKey: 'sk-****6789', modelName: 'm' });
  assert.deepEqual(
    maskConfig({ type: 'GONE', modelName: 'm', apiKey: 'abcdefghijkl', clientSecret: 'short', region: 'eu' }, providers),
    { type: 'GONE', modelName: 'm', apiKey: 'abc****ijkl', clientSecret: '****', region: 'eu' },
  );
  assert.deepEqual(secretValuesOf({ type: 'PAIRED', modelName: 'm', id: 'i', secret: 's3cr3t' }, providers), ['s3cr3t']);
});

test('a masked secret written back keeps the stored value; anything else replaces it', () => {
  const stored = { type: 'PLAIN', apiKey: 'sk-real-key-123456', modelName: 'old' };
  const masked = maskConfig(stored, providers);
  assert.equal(keepMaskedSecrets({ ...masked, modelName: 'new' }, stored, providers).apiKey, 'sk-real-key-123456');
  assert.equal(keepMaskedSecrets({ ...masked, apiKey: 'sk-new-key-999999' }, stored, providers).apiKey, 'sk-new-key-999999');
  assert.equal(keepMaskedSecrets(masked, undefined, providers).apiKey, masked.apiKey);
});

const refusedForEndpoint = (fn: () => unknown, field: string, changed: RegExp) => assert.throws(fn, (err: unknown) =>
  err instanceof ApiError && err.code === 'INVALID_REQUEST' && err.message.startsWith(`${field}: `)
  && /send the key again to change the endpoint/.test(err.message) && changed.test(err.message), String(fn));

test('a masked secret is kept only while every endpoint field is unchanged; otherwise 400 naming the secret field', () => {
  const stored = { type: 'PLAIN', apiKey: 'sk-real-key-123456', modelName: 'old', baseUrl: 'https://api.example/v1' };
  const masked = maskConfig(stored, providers);
  assert.equal(keepMaskedSecrets({ ...masked, modelName: 'new' }, stored, providers).apiKey, stored.apiKey);
  refusedForEndpoint(() => keepMaskedSecrets({ ...masked, baseUrl: 'https://attacker.example/v1' }, stored, providers), 'apiKey', /baseUrl/);
  refusedForEndpoint(() => keepMaskedSecrets({ type: 'PLAIN', apiKey: masked.apiKey, modelName: 'old' }, stored, providers), 'apiKey', /baseUrl/);
  refusedForEndpoint(() => keepMaskedSecrets({ ...masked, type: 'CUSTOM', token: 'tok-0123456789' }, stored, providers), 'apiKey', /type/);
  // A new key sent along with the new endpoint is fine.
  assert.equal(keepMaskedSecrets({ ...masked, apiKey: 'sk-new-key-999999', baseUrl: 'https://other.example' }, stored, providers).apiKey, 'sk-new-key-999999');
  // Nothing was stored to keep: the value is taken as sent.
  assert.equal(keepMaskedSecrets({ ...masked, baseUrl: 'https://other.example' }, undefined, providers).apiKey, masked.apiKey);
});

test('a provider that declares no endpoint fields: every field but secrets, modelName and vision counts as one', () => {
  const loose = provider('LOOSE', v.looseObject({}), ['token']);
  const map = new Map([[loose.type, loose]]);
  const stored = { type: 'LOOSE', modelName: 'm', token: 'tok-0123456789', host: 'a.example', vision: true };
  const masked = maskConfig(stored, map);
  assert.equal(keepMaskedSecrets({ ...masked, modelName: 'other', vision: false }, stored, map).token, stored.token);
  refusedForEndpoint(() => keepMaskedSecrets({ ...masked, host: 'b.example' }, stored, map), 'token', /host/);
  refusedForEndpoint(() => keepMaskedSecrets({ ...masked, extra: 'x' }, stored, map), 'token', /extra/);
});
