import { test } from 'node:test';
import assert from 'node:assert/strict';
import { container as rootContainer } from 'tsyringe';
import * as v from 'valibot';
import { PLUGIN_API_VERSION, type PluginManifest } from '../../../kernel/plugin';
import { LOGGER, provide, resolveAll } from '../../../kernel/tokens';
import { registerPlugin } from '../../../kernel/loader';
import type { KernelSettings } from '../../../kernel/config';
import openai from '../../../plugins/llm/openai/index';
import anthropic from '../../../plugins/llm/anthropic/index';
import bedrock from '../../../plugins/llm/bedrock/index';
import google from '../../../plugins/llm/google/index';
import { silentLogger } from './provider-contract';
import { LLM_PROVIDERS } from '../../../lib/llm/provider-contract';

/** Provider type -> its plugin (llm-google serves two types), secret fields, endpoint fields. */
const PLUGINS: Array<[PluginManifest<any, any, any>, string, string[], string[]]> = [
  [openai, 'OPENAI', ['apiKey'], ['baseUrl']],
  [anthropic, 'ANTHROPIC', ['apiKey'], ['baseUrl']],
  [bedrock, 'ANTHROPIC_AWS_BEDROCK', ['secretAccessKey', 'sessionToken', 'apiKey'], ['region', 'baseUrl']],
  [google, 'GOOGLE_GEMINI', ['apiKey'], ['baseUrl']],
  [google, 'GOOGLE_VERTEX', ['serviceAccountKey', 'accessToken', 'apiKey'], ['project', 'location', 'baseUrl']],
];
/** Each plugin once. */
const MANIFESTS = [...new Set(PLUGINS.map(([m]) => m))];

test('each LLM plugin registers one provider for its type, with its secret and endpoint fields', async () => {
  const container = rootContainer.createChildContainer();
  provide(container, LOGGER, () => silentLogger());
  for (const manifest of MANIFESTS) {
    assert.equal(manifest.apiVersion, PLUGIN_API_VERSION);
    assert.deepEqual(manifest.provides, [LLM_PROVIDERS]);
    assert.deepEqual(manifest.deps, { logger: LOGGER });
    const config = v.parse(manifest.configSchema!, undefined);
    await registerPlugin(container, manifest, { config, settings: {} as KernelSettings });
  }
  const providers = resolveAll(container, LLM_PROVIDERS);
  assert.deepEqual(providers.map((p) => p.type).sort(), PLUGINS.map(([, type]) => type).sort());
  for (const [, type, secrets, endpoints] of PLUGINS) {
    const provider = providers.find((p) => p.type === type)!;
    assert.deepEqual([...provider.secretFields], secrets);
    assert.deepEqual([...provider.endpointFields!], endpoints);
    assert.ok(provider.description.length > 0);
  }
  assert.equal(new Set(MANIFESTS.map((m) => m.id)).size, MANIFESTS.length);
});

test('the plugin config slice accepts an http(s) baseUrl and nothing else', () => {
  const url = 'http://127.0.0.1:8080/v1';
  for (const manifest of [openai, anthropic, bedrock]) {
    const schema = manifest.configSchema!;
    assert.deepEqual(v.parse(schema, undefined), {});
    assert.deepEqual(v.parse(schema, { baseUrl: url }), { baseUrl: url });
    assert.equal(v.safeParse(schema, { baseUrl: 'file:///etc/passwd' }).success, false);
    assert.equal(v.safeParse(schema, { other: 1 }).success, false);
  }
  // llm-google: one slice per endpoint.
  const schema = google.configSchema!;
  assert.deepEqual(v.parse(schema, undefined), { gemini: {}, vertex: {} });
  assert.deepEqual(v.parse(schema, { vertex: { baseUrl: url } }), { gemini: {}, vertex: { baseUrl: url } });
  assert.equal(v.safeParse(schema, { gemini: { baseUrl: 'file:///etc/passwd' } }).success, false);
  assert.equal(v.safeParse(schema, { baseUrl: url }).success, false);
});

test('llm-google hands each provider its own default baseUrl', async () => {
  const container = rootContainer.createChildContainer();
  provide(container, LOGGER, () => silentLogger());
  const config = v.parse(google.configSchema!, { gemini: { baseUrl: 'http://127.0.0.1:1/g' }, vertex: { baseUrl: 'http://127.0.0.1:1/v' } });
  await registerPlugin(container, google, { config, settings: {} as KernelSettings });
  const byType = new Map(resolveAll(container, LLM_PROVIDERS).map((p) => [p.type, p as unknown as { options: { baseUrl?: string } }]));
  assert.deepEqual([...byType.keys()].sort(), ['GOOGLE_GEMINI', 'GOOGLE_VERTEX']);
  // The plugin-level default each provider falls back to (SdkLlmProvider's options).
  assert.equal(byType.get('GOOGLE_GEMINI')!.options.baseUrl, 'http://127.0.0.1:1/g');
  assert.equal(byType.get('GOOGLE_VERTEX')!.options.baseUrl, 'http://127.0.0.1:1/v');
});

test('configuration schemas: the spec shape, limits, URLs, vision and strictness', async () => {
  const container = rootContainer.createChildContainer();
  provide(container, LOGGER, () => silentLogger());
  for (const manifest of MANIFESTS) await registerPlugin(container, manifest, { config: v.parse(manifest.configSchema!, undefined), settings: {} as KernelSettings });
  const byType = new Map(resolveAll(container, LLM_PROVIDERS).map((p) => [p.type, p]));
  const ok = (type: string, body: unknown) => v.safeParse(byType.get(type)!.configSchema, body).success;

  for (const type of ['OPENAI', 'ANTHROPIC', 'GOOGLE_GEMINI']) {
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm' }), true, type);
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm', baseUrl: 'https://proxy.example/v1', vision: false }), true, type);
    assert.equal(ok(type, { apiKey: '', modelName: 'm' }), false, `${type}: empty key`);
    assert.equal(ok(type, { modelName: 'm' }), false, `${type}: key required`);
    assert.equal(ok(type, { apiKey: 'k' }), false, `${type}: model required`);
    assert.equal(ok(type, { apiKey: 'k'.repeat(10_000), modelName: 'm' }), true, `${type}: long key`);
    assert.equal(ok(type, { apiKey: 'k'.repeat(10_001), modelName: 'm' }), false, `${type}: too long key`);
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm'.repeat(201) }), false, `${type}: too long name`);
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm', baseUrl: 'not a url' }), false, `${type}: bad url`);
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm', baseUrl: 'ftp://x.example' }), false, `${type}: not http`);
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm', vision: 'yes' }), false, `${type}: vision boolean`);
    assert.equal(ok(type, { apiKey: 'k', modelName: 'm', region: 'x' }), false, `${type}: strict`);
  }
  for (const provider of byType.values()) {
    assert.equal(provider.supportsVision({ type: provider.type, modelName: 'm' }), true);
    assert.equal(provider.supportsVision({ type: provider.type, modelName: 'm', vision: false }), false);
  }
});

test('configuration schemas convert to JSON Schema for the OpenAPI document', async () => {
  const { toJsonSchema } = await import('@valibot/to-json-schema');
  const container = rootContainer.createChildContainer();
  provide(container, LOGGER, () => silentLogger());
  for (const manifest of MANIFESTS) await registerPlugin(container, manifest, { config: v.parse(manifest.configSchema!, undefined), settings: {} as KernelSettings });
  for (const provider of resolveAll(container, LLM_PROVIDERS)) {
    const schema = toJsonSchema(provider.configSchema, { errorMode: 'ignore' }) as { properties: Record<string, { pattern?: string }>; required: string[] };
    assert.ok(schema.required.includes('modelName'), provider.type);
    assert.equal(schema.properties.baseUrl?.pattern, '^[Hh][Tt][Tt][Pp][Ss]?:\\/\\/', provider.type);
  }
});
