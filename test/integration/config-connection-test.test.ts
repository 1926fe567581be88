/**
 * "Test connection" (POST /api/gpt-configs/{name}/test) through every
 * provider's real SDK against its fake server, and the masked env listing
 * (GET /api/env?masked=true) the web UI reads names from.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startService, type RunningService } from '../helpers/service';
import { createFakeLlmServer, PROTOCOLS, type FakeLlmServer } from '../fixtures/fake-llm/fake-llm-server';

describe('testing a GPT configuration', () => {
  let svc: RunningService;
  const fakes: FakeLlmServer[] = [];

  before(async () => {
    svc = await startService();
  });
  after(async () => {
    await svc?.stop();
    await Promise.all(fakes.map((f) => f.close()));
  });

  for (const protocol of PROTOCOLS) {
    test(`${protocol}: a working configuration answers ok with its latency; a refused key answers LLM_AUTH_FAILED`, async () => {
      const fake = await createFakeLlmServer(protocol, [{ text: 'ok' }, { status: 401, message: 'invalid key' }]);
      fakes.push(fake);
      const config = fake.gptConfig();
      assert.equal((await svc.request('POST', `/api/gpt-configs/t-${protocol}`, config)).status, 200);
      // The web UI posts an empty JSON object.
      const ok = await svc.request('POST', `/api/gpt-configs/t-${protocol}/test`, {});
      assert.equal(ok.status, 200, ok.text);
      assert.equal(ok.body.ok, true, ok.text);
      assert.equal(ok.body.error, null);
      assert.equal(ok.body.modelName, config.modelName);
      assert.ok(Number.isInteger(ok.body.latencyMs) && ok.body.latencyMs >= 0);
      const refused = await svc.request('POST', `/api/gpt-configs/t-${protocol}/test`);
      assert.equal(refused.status, 200, refused.text);
      assert.equal(refused.body.ok, false);
      assert.equal(refused.body.error.code, 'LLM_AUTH_FAILED', refused.text);
      const masked = (await svc.request('GET', `/api/gpt-configs/t-${protocol}`, undefined, { 'x-browserflow-client': 'test' })).body;
      const secrets = Object.keys(config).filter((k) => masked[k] !== config[k]).map((k) => String(config[k]));
      assert.ok(secrets.length > 0);
      for (const secret of secrets) assert.ok(!ok.text.includes(secret) && !refused.text.includes(secret), `a secret in ${refused.text}`);
      assert.equal(fake.requests.filter((r) => r.method === 'POST').length, 2, 'one call per test, no retries');
    });
  }

  test('an unknown configuration answers 404 GPT_CONFIG_NOT_FOUND; a bad name 400', async () => {
    const missing = await svc.request('POST', '/api/gpt-configs/nothing-here/test');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'GPT_CONFIG_NOT_FOUND');
    const bad = await svc.request('POST', `/api/gpt-configs/${encodeURIComponent('-bad')}/test`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /^name:/);
  });

  test('the env listing with masked=true names every variable and shows no value', async () => {
    assert.equal((await svc.request('POST', '/api/env/SHOP_TOKEN', { value: 'tok-123456789' })).status, 200);
    assert.equal((await svc.request('POST', '/api/env/PASSWORD', { value: 'hunter2-hunter2', allowedOrigins: ['https://shop.example'] })).status, 200);
    const masked = await svc.request('GET', '/api/env?masked=true');
    assert.equal(masked.status, 200, masked.text);
    assert.deepEqual(masked.body, {
      PASSWORD: { value: '****', kind: 'plain', allowedOrigins: ['https://shop.example'] },
      SHOP_TOKEN: { value: '****', kind: 'plain', allowedOrigins: null },
    });
    assert.deepEqual((await svc.request('GET', '/api/env?masked=false')).body, { PASSWORD: 'hunter2-hunter2', SHOP_TOKEN: 'tok-123456789' });
    const bad = await svc.request('GET', '/api/env?masked=yes');
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /masked/);
    const openapi = (await svc.request('GET', '/api/openapi.json')).body;
    assert.ok(openapi.paths['/api/env'].get.parameters.some((p: { name: string }) => p.name === 'masked'));
    assert.ok(openapi.paths['/api/gpt-configs/{name}/test'].post);
  });
});
