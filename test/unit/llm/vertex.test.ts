import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import * as v from 'valibot';
import { OAuth2Client } from 'google-auth-library';
import { VertexProvider, vertexAuthOptions } from '../../../plugins/llm/google/vertex-provider';
import { vertexConfigSchema } from '../../../plugins/llm/google/vertex-config';
import { providerContractSuite, requestOf, silentLogger, withFake } from './provider-contract';

providerContractSuite({
  protocol: 'vertex',
  create: ({ baseUrl }) => new VertexProvider({ baseUrl, logger: silentLogger() }),
  wrongCredentials: { accessToken: 'ya29.wrong-token-0123456789' },
  baseUrlOf: (fake) => fake.url,
});

test('vertex: the access token is sent as a bearer token to the project/location path', { timeout: 15_000 }, () =>
  withFake('vertex', [{ text: 'ok' }], async (fake) => {
    await new VertexProvider({ logger: silentLogger() }).complete(fake.gptConfig({ project: 'my-proj', location: 'europe-west4' }), requestOf([{ role: 'user', content: 'Hi' }]));
    const req = fake.requests[0]!;
    assert.equal(req.headers.authorization, `Bearer ${fake.credentials.secret}`);
    assert.equal(req.path, '/v1beta1/projects/my-proj/locations/europe-west4/publishers/google/models/gemini-fake:generateContent');
  }));

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const serviceAccountKey = JSON.stringify({
  type: 'service_account', project_id: 'p', private_key_id: 'k1',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), client_email: 'bot@p.iam.gserviceaccount.com',
});

test('vertex: auth options for an access token, a service-account key, and default credentials', () => {
  const base = { modelName: 'm', project: 'p', location: 'l' };
  const withToken = vertexAuthOptions({ ...base, accessToken: 'tok', serviceAccountKey });
  assert.ok(withToken?.authClient instanceof OAuth2Client, 'the token wins over the key');
  const withKey = vertexAuthOptions({ ...base, serviceAccountKey });
  assert.equal((withKey?.credentials as { client_email?: string }).client_email, 'bot@p.iam.gserviceaccount.com');
  assert.deepEqual(withKey?.scopes, ['https://www.googleapis.com/auth/cloud-platform']);
  const adc = vertexAuthOptions(base);
  assert.equal(adc?.credentials, undefined);
  assert.equal(adc?.authClient, undefined);
});

test('vertex: configuration rules (project and location required, key must be a service-account JSON)', () => {
  const ok = (body: unknown) => v.safeParse(vertexConfigSchema, body).success;
  assert.equal(ok({ modelName: 'm', project: 'p', location: 'l' }), true);
  assert.equal(ok({ modelName: 'm', project: 'p', location: 'l', serviceAccountKey }), true);
  assert.equal(ok({ modelName: 'm', project: 'p', location: 'l', serviceAccountKey: '{"a":1}' }), false);
  assert.equal(ok({ modelName: 'm', project: 'p', location: 'l', serviceAccountKey: 'not json' }), false);
  assert.equal(ok({ modelName: 'm', location: 'l' }), false);
  assert.equal(ok({ modelName: 'm', project: 'p', location: 'l', apiKey: 'ignored' }), true);
});
