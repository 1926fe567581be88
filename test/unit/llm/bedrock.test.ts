import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { BedrockProvider, bedrockClientConfig } from '../../../plugins/llm/bedrock/provider';
import { bedrockConfigSchema } from '../../../plugins/llm/bedrock/config-schema';
import { providerContractSuite, requestOf, silentLogger, withFake } from './provider-contract';

providerContractSuite({
  protocol: 'bedrock',
  create: ({ baseUrl }) => new BedrockProvider({ baseUrl, logger: silentLogger() }),
  wrongCredentials: { accessKeyId: 'AKIAWRONGWRONGWRONG', secretAccessKey: 'wrong-secret-access-key-0123' },
  baseUrlOf: (fake) => fake.url,
});

test('bedrock: SigV4 signs with the access key and sends the session token', { timeout: 15_000 }, () =>
  withFake('bedrock', [{ text: 'ok' }], async (fake) => {
    const config = fake.gptConfig({ sessionToken: 'session-token-value-0123456789' });
    await new BedrockProvider({ logger: silentLogger() }).complete(config, requestOf([{ role: 'user', content: 'Hi' }]));
    const headers = fake.requests[0]!.headers;
    assert.match(String(headers.authorization), new RegExp(`^AWS4-HMAC-SHA256 Credential=${fake.credentials.accessKeyId}/\\d{8}/us-east-1/bedrock/aws4_request`));
    assert.equal(headers['x-amz-security-token'], 'session-token-value-0123456789');
    assert.equal(fake.requests[0]!.path, '/model/anthropic.claude-fake-v1%3A0/converse');
    assert.ok(!fake.requests[0]!.rawBody.includes(fake.credentials.secret));
  }));

test('bedrock: without access keys, apiKey is sent as a Bedrock API key (bearer token)', { timeout: 15_000 }, () =>
  withFake('bedrock', [{ text: 'ok' }], async (fake) => {
    const { accessKeyId: _a, secretAccessKey: _s, ...rest } = fake.gptConfig();
    const answer = await new BedrockProvider({ logger: silentLogger() }).complete(
      { ...rest, apiKey: fake.credentials.secret } as typeof rest, requestOf([{ role: 'user', content: 'Hi' }]),
    );
    assert.equal(answer.text, 'ok');
    assert.equal(fake.requests[0]!.headers.authorization, `Bearer ${fake.credentials.secret}`);
  }));

test('bedrock: configuration rules (region required, keys together, spec shape with apiKey)', () => {
  const ok = (body: unknown) => v.safeParse(bedrockConfigSchema, body).success;
  assert.equal(ok({ modelName: 'm', region: 'eu-west-1' }), true);
  assert.equal(ok({ modelName: 'm', region: 'eu-west-1', apiKey: 'k' }), true);
  assert.equal(ok({ modelName: 'm', apiKey: 'k' }), false, 'region is required');
  assert.equal(ok({ modelName: 'm', region: 'r', accessKeyId: 'AKIA' }), false, 'secret key missing');
  assert.equal(ok({ modelName: 'm', region: 'r', secretAccessKey: 's' }), false, 'key id missing');
  assert.equal(ok({ modelName: 'm', region: 'r', sessionToken: 't' }), false, 'session token alone');
  assert.equal(ok({ modelName: 'm', region: 'r', accessKeyId: 'AKIA', secretAccessKey: 's', sessionToken: 't' }), true);
  assert.equal(ok({ modelName: 'm', region: 'r', baseUrl: 'ftp://x' }), false);
  assert.equal(ok({ modelName: 'm', region: 'r', extra: 1 }), false, 'strict');
});

test('bedrock: the client config uses HTTP/1.1, one attempt, and the default chain without keys', () => {
  const config = bedrockClientConfig({ modelName: 'm', region: 'eu-west-1' }, undefined);
  assert.equal(config.maxAttempts, 1);
  assert.equal(config.credentials, undefined);
  assert.equal(config.token, undefined);
  assert.equal(config.endpoint, undefined);
  assert.equal((config.requestHandler as object).constructor.name, 'NodeHttpHandler');
});
