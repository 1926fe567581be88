/**
 * /api/gpt-configs, /api/env and /api/agents over HTTP against the real
 * service: every endpoint, every error code they produce, the bad-input
 * list (each refused request must change nothing), masking, and secrets
 * kept out of logs.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { stat, rm } from 'node:fs/promises';
import { createKernel } from '../../kernel/kernel';
import { STORAGE, resolve, resolveAll } from '../../kernel/tokens';
import { maskSecret } from '../../lib/redaction/secrets';
import { startService, type RunningService } from '../helpers/service';
import { LLM_PROVIDERS } from '../../lib/llm/provider-contract';

const OPENAI_KEY = 'sk-openai-test-key-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-test-key-abcdefghijklmnop';
const AWS_SECRET = 'aws-secret-access-key-ABCDEFGHIJ';
const GEMINI_KEY = 'AIza-gemini-test-key-0123456789';
const VERTEX_TOKEN = 'ya29.vertex-access-token-0123456789';
const ENV_SECRET = 'hunter2-env-password-value';

/** A valid body per provider type, and the secrets it carries. */
const VALID: Record<string, { body: Record<string, unknown>; secrets: string[] }> = {
  OPENAI: { body: { type: 'OPENAI', apiKey: OPENAI_KEY, modelName: 'gpt-4o', baseUrl: 'http://127.0.0.1:1/v1' }, secrets: [OPENAI_KEY] },
  ANTHROPIC: { body: { type: 'ANTHROPIC', apiKey: ANTHROPIC_KEY, modelName: 'claude-3-5-sonnet' }, secrets: [ANTHROPIC_KEY] },
  ANTHROPIC_AWS_BEDROCK: {
    body: { type: 'ANTHROPIC_AWS_BEDROCK', modelName: 'anthropic.claude-3', region: 'us-east-1', accessKeyId: 'AKIAEXAMPLE', secretAccessKey: AWS_SECRET },
    secrets: [AWS_SECRET],
  },
  GOOGLE_GEMINI: { body: { type: 'GOOGLE_GEMINI', apiKey: GEMINI_KEY, modelName: 'gemini-1.5-pro' }, secrets: [GEMINI_KEY] },
  GOOGLE_VERTEX: { body: { type: 'GOOGLE_VERTEX', modelName: 'gemini-1.5-pro', project: 'p', location: 'us-central1', accessToken: VERTEX_TOKEN }, secrets: [VERTEX_TOKEN] },
};

/** Every secret and endpoint field of each provider filled in (apiKey too where it is optional). */
const SERVICE_ACCOUNT_KEY = JSON.stringify({ client_email: 'bf@p.iam.gserviceaccount.com', private_key: '-----BEGIN PRIVATE KEY-----\\nMIIE-test\\n-----END PRIVATE KEY-----\\n' });
const FULL: Record<string, Record<string, unknown>> = {
  OPENAI: { type: 'OPENAI', apiKey: OPENAI_KEY, modelName: 'gpt-4o', baseUrl: 'https://llm.example/v1' },
  ANTHROPIC: { type: 'ANTHROPIC', apiKey: ANTHROPIC_KEY, modelName: 'claude', baseUrl: 'https://llm.example' },
  ANTHROPIC_AWS_BEDROCK: {
    type: 'ANTHROPIC_AWS_BEDROCK', modelName: 'anthropic.claude-3', region: 'us-east-1', accessKeyId: 'AKIAEXAMPLE',
    secretAccessKey: AWS_SECRET, sessionToken: 'aws-session-token-0123456789', apiKey: 'bedrock-api-key-0123456789', baseUrl: 'https://bedrock.example',
  },
  GOOGLE_GEMINI: { type: 'GOOGLE_GEMINI', apiKey: GEMINI_KEY, modelName: 'gemini', baseUrl: 'https://llm.example' },
  GOOGLE_VERTEX: {
    type: 'GOOGLE_VERTEX', modelName: 'gemini', project: 'p', location: 'us-central1', serviceAccountKey: SERVICE_ACCOUNT_KEY,
    accessToken: VERTEX_TOKEN, apiKey: 'vertex-api-key-0123456789', baseUrl: 'https://vertex.example',
  },
};
/** A new value for each endpoint field. */
const ENDPOINT_CHANGES: Record<string, string> = {
  baseUrl: 'https://attacker.example/v1', region: 'eu-west-1', project: 'other-project', location: 'europe-west4',
};

describe('configuration API', () => {
  let svc: RunningService;
  let types: string[];
  const snapshot = async () => {
    const [env, configs, agents] = await Promise.all(['/api/env', '/api/gpt-configs', '/api/agents'].map((p) => svc.request('GET', p)));
    return `${env!.text}|${configs!.text}|${agents!.text}`;
  };
  /** Sends a request that must be refused with `status`/`code`, and checks nothing changed. */
  const refused = async (method: string, path: string, body: unknown, status: number, code: string, message?: RegExp, headers?: Record<string, string>) => {
    const before = await snapshot();
    const res = await svc.request(method, path, body, headers);
    assert.equal(res.status, status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}: ${res.text}`);
    assert.equal(res.body.code, code);
    if (message) assert.match(res.body.message, message);
    assert.equal(await snapshot(), before, `${method} ${path} changed something`);
    return res;
  };

  before(async () => {
    svc = await startService();
    types = resolveAll(svc.kernel.container, LLM_PROVIDERS).map((p) => p.type);
  });
  after(() => svc?.stop());

  describe('/api/gpt-configs', () => {
    test('starts empty', async () => {
      const res = await svc.request('GET', '/api/gpt-configs');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, {});
    });

    test('POST creates one configuration per loaded type and answers it masked', async () => {
      assert.ok(types.length >= 1, 'at least one LLM provider plugin is loaded');
      for (const type of types) {
        const sample = VALID[type];
        if (!sample) continue;
        const res = await svc.request('POST', `/api/gpt-configs/cfg-${type.toLowerCase()}`, sample.body);
        assert.equal(res.status, 200, res.text);
        assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
        assert.equal(res.body.type, type);
        assert.equal(res.body.modelName, sample.body.modelName);
        for (const s of sample.secrets) assert.doesNotMatch(res.text, new RegExp(s));
      }
    });

    test('every read masks secrets (first 3 + **** + last 4); storage keeps them whole', async () => {
      const list = await svc.request('GET', '/api/gpt-configs');
      assert.equal(list.status, 200);
      const storage = resolve(svc.kernel.container, STORAGE);
      for (const type of types) {
        const sample = VALID[type];
        if (!sample) continue;
        const name = `cfg-${type.toLowerCase()}`;
        const one = await svc.request('GET', `/api/gpt-configs/${name}`);
        assert.equal(one.status, 200);
        assert.deepEqual(list.body[name], one.body);
        for (const s of sample.secrets) {
          assert.doesNotMatch(list.text, new RegExp(s));
          assert.ok(Object.values(one.body).includes(maskSecret(s)), `${type}: ${one.text}`);
        }
        const stored = await storage.gptConfigs.get(name);
        for (const s of sample.secrets) assert.ok(Object.values(stored!).includes(s));
      }
      if (types.includes('OPENAI')) {
        assert.deepEqual(list.body['cfg-openai'], { type: 'OPENAI', apiKey: 'sk-****cdef', modelName: 'gpt-4o', baseUrl: 'http://127.0.0.1:1/v1' });
      }
    });

    test('POST replaces; writing back the masked key keeps the real one', async () => {
      if (!types.includes('OPENAI')) return;
      const masked = (await svc.request('GET', '/api/gpt-configs/cfg-openai')).body;
      const res = await svc.request('POST', '/api/gpt-configs/cfg-openai', { ...masked, modelName: 'gpt-4o-mini', vision: false });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.modelName, 'gpt-4o-mini');
      assert.equal(res.body.vision, false);
      const stored = await resolve(svc.kernel.container, STORAGE).gptConfigs.get('cfg-openai');
      assert.equal(stored!.apiKey, OPENAI_KEY);
      const replaced = await svc.request('POST', '/api/gpt-configs/cfg-openai', { ...VALID.OPENAI!.body, baseUrl: undefined });
      assert.equal(replaced.status, 200, replaced.text);
      assert.equal(replaced.body.baseUrl, undefined, 'a replace drops fields left out');
      await svc.request('POST', '/api/gpt-configs/cfg-openai', VALID.OPENAI!.body);
    });

    test('a masked secret sent with a changed endpoint field answers 400 naming the secret field, for every secret field of every provider', async () => {
      const providers = new Map(resolveAll(svc.kernel.container, LLM_PROVIDERS).map((p) => [p.type, p]));
      const storage = resolve(svc.kernel.container, STORAGE);
      let checked = 0;
      for (const [type, full] of Object.entries(FULL)) {
        const provider = providers.get(type);
        if (!provider) continue;
        assert.ok(provider.endpointFields?.length, `${type} declares its endpoint fields`);
        const name = `endpoint-${type.toLowerCase()}`;
        assert.equal((await svc.request('POST', `/api/gpt-configs/${name}`, full)).status, 200);
        const masked = (await svc.request('GET', `/api/gpt-configs/${name}`)).body;
        for (const secret of provider.secretFields) {
          assert.equal(typeof full[secret], 'string', `${type}.${secret} is filled in the sample`);
          // Only this secret masked, the others sent in clear: the refusal must name this one.
          const body = { ...full, [secret]: masked[secret] };
          for (const field of provider.endpointFields!) {
            const moved = { ...body, [field]: ENDPOINT_CHANGES[field] };
            // An optional endpoint field left out goes back to the default endpoint: a change too.
            const dropped: Record<string, unknown> = { ...body, [field]: undefined };
            for (const attempt of field === 'baseUrl' ? [moved, dropped] : [moved]) {
              // A masked service-account key is not JSON: the schema refuses it before anything else (naming it too).
              const message = secret === 'serviceAccountKey' ? /^serviceAccountKey: must be the JSON text of a service-account key/
                : new RegExp(`^${secret}: is the masked form of the stored secret, but ${field} changed: send the key again to change the endpoint$`);
              const res = await refused('POST', `/api/gpt-configs/${name}`, attempt, 400, 'INVALID_REQUEST', message);
              assert.doesNotMatch(res.text, new RegExp(String(full[secret]).slice(0, 12).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
              checked++;
            }
          }
          if (secret === 'serviceAccountKey') continue;
          // Same endpoint: the masked value keeps the stored secret.
          const kept = await svc.request('POST', `/api/gpt-configs/${name}`, { ...body, modelName: 'renamed-model' });
          assert.equal(kept.status, 200, kept.text);
          assert.equal((await storage.gptConfigs.get(name))![secret], full[secret]);
          // The new endpoint with the key sent again is accepted.
          const field = provider.endpointFields![0]!;
          const resent = await svc.request('POST', `/api/gpt-configs/${name}`, { ...full, [field]: ENDPOINT_CHANGES[field] });
          assert.equal(resent.status, 200, resent.text);
          assert.equal((await svc.request('POST', `/api/gpt-configs/${name}`, full)).status, 200);
        }
        // Another type with the masked key of this one: refused too.
        if (type !== 'OPENAI' && providers.has('OPENAI') && provider.secretFields.includes('apiKey')) {
          await refused('POST', `/api/gpt-configs/${name}`, { type: 'OPENAI', apiKey: masked.apiKey, modelName: 'm' }, 400, 'INVALID_REQUEST', /^apiKey: .* type changed/);
        }
        assert.equal((await svc.request('DELETE', `/api/gpt-configs/${name}`)).status, 204);
      }
      assert.ok(checked >= 10, `${checked} refusals checked`);
    });

    test('a short secret is masked entirely', async () => {
      if (!types.includes('OPENAI')) return;
      const res = await svc.request('POST', '/api/gpt-configs/short', { type: 'OPENAI', apiKey: 'abc123', modelName: 'm' });
      assert.equal(res.status, 200);
      assert.equal(res.body.apiKey, '****');
      assert.equal((await svc.request('DELETE', '/api/gpt-configs/short')).status, 204);
    });

    test('GET of a missing configuration answers 404 GPT_CONFIG_NOT_FOUND', async () => {
      await refused('GET', '/api/gpt-configs/missing', undefined, 404, 'GPT_CONFIG_NOT_FOUND', /missing/);
      await refused('DELETE', '/api/gpt-configs/missing', undefined, 404, 'GPT_CONFIG_NOT_FOUND');
    });

    test('bad bodies answer 400 naming the field and change nothing', async () => {
      const path = '/api/gpt-configs/cfg-openai';
      await refused('POST', path, '{"type": "OPENAI", "apiKey": ', 400, 'INVALID_REQUEST', /^body: malformed JSON/, { 'content-type': 'application/json' });
      await refused('POST', path, { type: 'NOPE', apiKey: 'k', modelName: 'm' }, 400, 'INVALID_REQUEST', new RegExp(`^type: unknown GPT configuration type "NOPE"; known types: ${types.join(', ')}`));
      await refused('POST', path, { apiKey: 'k', modelName: 'm' }, 400, 'INVALID_REQUEST', /^type: is required/);
      await refused('POST', path, { type: 42, apiKey: 'k', modelName: 'm' }, 400, 'INVALID_REQUEST', /^type: /);
      await refused('POST', path, [], 400, 'INVALID_REQUEST');
      await refused('POST', path, 'null', 400, 'INVALID_REQUEST', undefined, { 'content-type': 'application/json' });
      await refused('POST', path, undefined, 400, 'INVALID_REQUEST', /^body: is required$/);
      if (types.includes('OPENAI')) {
        await refused('POST', path, { type: 'OPENAI', apiKey: 5, modelName: 'm' }, 400, 'INVALID_REQUEST', /^apiKey: expected a string/);
        await refused('POST', path, { type: 'OPENAI', apiKey: 'k', modelName: 'm', temperature: 1 }, 400, 'INVALID_REQUEST', /^temperature: unknown field/);
        await refused('POST', path, { type: 'OPENAI', apiKey: 'k' }, 400, 'INVALID_REQUEST', /^modelName: is required$/);
        await refused('POST', path, { type: 'OPENAI', apiKey: 'k', modelName: 'm', baseUrl: 'ftp://x' }, 400, 'INVALID_REQUEST', /^baseUrl: /);
        await refused('POST', path, { type: 'OPENAI', apiKey: 'k', modelName: 'm', padding: 'x'.repeat(1024 * 1024) }, 413, 'PAYLOAD_TOO_LARGE');
      }
      if (types.includes('ANTHROPIC_AWS_BEDROCK')) {
        await refused('POST', path, { type: 'ANTHROPIC_AWS_BEDROCK', modelName: 'm', region: 'r', accessKeyId: 'AKIA' }, 400, 'INVALID_REQUEST', /^secretAccessKey: /);
      }
    });

    test('bad names answer 400 naming `name` and change nothing', async () => {
      const body = VALID[types[0]!]?.body ?? { type: types[0] };
      for (const name of ['x'.repeat(201), '-leading-dash', 'has%20space', '.hidden', 'a..b', '%00', 'a%2Fb', 'semi;colon']) {
        for (const method of ['POST', 'GET', 'DELETE']) {
          await refused(method, `/api/gpt-configs/${name}`, method === 'POST' ? body : undefined, 400, 'INVALID_REQUEST', /^name: /);
        }
      }
      const longest = await svc.request('POST', `/api/gpt-configs/${'n'.repeat(200)}`, body);
      assert.equal(longest.status, 200, 'a 200-character name is fine');
      assert.equal((await svc.request('DELETE', `/api/gpt-configs/${'n'.repeat(200)}`)).status, 204);
    });
  });

  describe('/api/env', () => {
    test('POST stores and answers {key, value}; GET one and the map return values', async () => {
      const res = await svc.request('POST', '/api/env/DB_PASSWORD', { value: ENV_SECRET });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { key: 'DB_PASSWORD', value: ENV_SECRET, kind: 'plain', allowedOrigins: null });
      assert.equal((await svc.request('POST', '/api/env/_under_score9', { value: '' })).status, 200);
      assert.deepEqual((await svc.request('GET', '/api/env/DB_PASSWORD')).body, { key: 'DB_PASSWORD', value: ENV_SECRET, kind: 'plain', allowedOrigins: null });
      assert.deepEqual((await svc.request('GET', '/api/env')).body, { DB_PASSWORD: ENV_SECRET, _under_score9: '' });
      const replaced = await svc.request('POST', '/api/env/_under_score9', { value: 'ünïcode ✓' });
      assert.deepEqual(replaced.body, { key: '_under_score9', value: 'ünïcode ✓', kind: 'plain', allowedOrigins: null });
    });

    test('DELETE answers 204 with no body, then 404 ENV_VAR_NOT_FOUND', async () => {
      const del = await svc.request('DELETE', '/api/env/_under_score9');
      assert.equal(del.status, 204);
      assert.equal(del.raw.length, 0);
      await refused('DELETE', '/api/env/_under_score9', undefined, 404, 'ENV_VAR_NOT_FOUND');
      await refused('GET', '/api/env/_under_score9', undefined, 404, 'ENV_VAR_NOT_FOUND', /_under_score9/);
    });

    test('bad keys answer 400 naming `key` and change nothing', async () => {
      for (const key of ['1ABC', 'A-B', 'A.B', 'A%20B', 'K'.repeat(201), '%C3%A9', 'A%3DB']) {
        for (const method of ['POST', 'GET', 'DELETE']) {
          await refused(method, `/api/env/${key}`, method === 'POST' ? { value: 'v' } : undefined, 400, 'INVALID_REQUEST', /^key: /);
        }
      }
      assert.equal((await svc.request('POST', `/api/env/${'K'.repeat(200)}`, { value: 'v' })).status, 200);
      assert.equal((await svc.request('DELETE', `/api/env/${'K'.repeat(200)}`)).status, 204);
    });

    test('bad bodies answer 400 naming the field and change nothing', async () => {
      await refused('POST', '/api/env/DB_PASSWORD', { value: 5 }, 400, 'INVALID_REQUEST', /^value: expected a string/);
      await refused('POST', '/api/env/DB_PASSWORD', {}, 400, 'INVALID_REQUEST', /^value: is required$/);
      await refused('POST', '/api/env/DB_PASSWORD', { value: 'v', extra: 1 }, 400, 'INVALID_REQUEST', /^extra: unknown field/);
      await refused('POST', '/api/env/DB_PASSWORD', { value: 'x'.repeat(64 * 1024 + 1) }, 400, 'INVALID_REQUEST', /^value: must be at most 65536 bytes/);
      await refused('POST', '/api/env/DB_PASSWORD', { value: 'é'.repeat(32 * 1024 + 1) }, 400, 'INVALID_REQUEST', /^value: /);
      await refused('POST', '/api/env/DB_PASSWORD', '{"value": "unterminated', 400, 'INVALID_REQUEST', /^body: malformed JSON/, { 'content-type': 'application/json' });
      assert.equal((await svc.request('POST', '/api/env/MAX_SIZE', { value: 'x'.repeat(64 * 1024) })).status, 200);
      assert.equal((await svc.request('DELETE', '/api/env/MAX_SIZE')).status, 204);
    });

    test('concurrent writes of different keys all land', async () => {
      const keys = Array.from({ length: 20 }, (_, i) => `PARALLEL_${i}`);
      const results = await Promise.all(keys.map((k) => svc.request('POST', `/api/env/${k}`, { value: `v-${k}` })));
      assert.ok(results.every((r) => r.status === 200));
      const map = (await svc.request('GET', '/api/env')).body;
      for (const k of keys) assert.equal(map[k], `v-${k}`);
      await Promise.all(keys.map((k) => svc.request('DELETE', `/api/env/${k}`)));
    });
  });

  describe('/api/agents', () => {
    test('GET lists every agent, flow-runner first, null when unassigned', async () => {
      const res = await svc.request('GET', '/api/agents');
      assert.equal(res.status, 200);
      assert.equal(Object.keys(res.body)[0], 'flow-runner');
      assert.equal(res.body['flow-runner'], null);
      assert.deepEqual((await svc.request('GET', '/api/agents/flow-runner')).body, { name: 'flow-runner', gptConfigName: null });
    });

    test('POST assigns an existing configuration; null unassigns', async () => {
      const name = `cfg-${types[0]!.toLowerCase()}`;
      const res = await svc.request('POST', '/api/agents/flow-runner', { gptConfigName: name });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { name: 'flow-runner', gptConfigName: name });
      assert.deepEqual((await svc.request('GET', '/api/agents/flow-runner')).body, { name: 'flow-runner', gptConfigName: name });
      assert.equal((await svc.request('GET', '/api/agents')).body['flow-runner'], name);
      const cleared = await svc.request('POST', '/api/agents/flow-runner', { gptConfigName: null });
      assert.deepEqual(cleared.body, { name: 'flow-runner', gptConfigName: null });
      assert.equal((await svc.request('GET', '/api/agents')).body['flow-runner'], null);
    });

    test('unknown agents answer 404 AGENT_NOT_FOUND; unknown configurations 404 GPT_CONFIG_NOT_FOUND', async () => {
      await refused('GET', '/api/agents/no-such-agent', undefined, 404, 'AGENT_NOT_FOUND', /no-such-agent/);
      await refused('POST', '/api/agents/no-such-agent', { gptConfigName: `cfg-${types[0]!.toLowerCase()}` }, 404, 'AGENT_NOT_FOUND');
      await refused('POST', '/api/agents/flow-runner', { gptConfigName: 'does-not-exist' }, 404, 'GPT_CONFIG_NOT_FOUND', /does-not-exist/);
      await refused('POST', '/api/agents/flow-runner', { gptConfigName: 'bad name!' }, 404, 'GPT_CONFIG_NOT_FOUND');
    });

    test('bad bodies answer 400 and change nothing', async () => {
      await refused('POST', '/api/agents/flow-runner', { gptConfigName: 5 }, 400, 'INVALID_REQUEST', /^gptConfigName: /);
      await refused('POST', '/api/agents/flow-runner', {}, 400, 'INVALID_REQUEST', /^gptConfigName: is required$/);
      await refused('POST', '/api/agents/flow-runner', { gptConfigName: '' }, 400, 'INVALID_REQUEST', /^gptConfigName: /);
      await refused('POST', '/api/agents/flow-runner', { gptConfigName: null, agent: 'x' }, 400, 'INVALID_REQUEST', /^agent: unknown field/);
      await refused('POST', '/api/agents/flow-runner', undefined, 400, 'INVALID_REQUEST', /^body: is required$/);
      await refused('PUT', '/api/agents/flow-runner', { gptConfigName: null }, 405, 'METHOD_NOT_ALLOWED');
    });

    test('deleting an assigned configuration clears the assignment', async () => {
      const name = `cfg-${types[0]!.toLowerCase()}`;
      assert.equal((await svc.request('POST', '/api/agents/flow-runner', { gptConfigName: name })).status, 200);
      const del = await svc.request('DELETE', `/api/gpt-configs/${name}`);
      assert.equal(del.status, 204);
      assert.equal(del.raw.length, 0);
      assert.equal((await svc.request('GET', '/api/agents')).body['flow-runner'], null);
      await refused('GET', `/api/gpt-configs/${name}`, undefined, 404, 'GPT_CONFIG_NOT_FOUND');
      const sample = VALID[types[0]!];
      if (sample) assert.equal((await svc.request('POST', `/api/gpt-configs/${name}`, sample.body)).status, 200);
    });
  });

  describe('secrets', () => {
    test('no GPT key or env value appears in any log line, even when logged on purpose', () => {
      const secrets = [ENV_SECRET, ...types.flatMap((t) => VALID[t]?.secrets ?? [])];
      svc.kernel.logger.info(`careless message holding ${ENV_SECRET} and ${secrets.at(-1)}`);
      const all = svc.logs.join('\n');
      assert.ok(svc.logs.length > 5, 'debug logs are captured');
      for (const s of secrets) assert.ok(!all.includes(s), `a log line holds ${s.slice(0, 6)}...`);
      assert.match(svc.logs.at(-1)!, /careless message holding \*\*\*\* and \*\*\*\*/);
    });

    test('the data dir is private (0700)', async () => {
      const mode = (await stat(svc.dataDir)).mode & 0o777;
      assert.equal(mode.toString(8), '700');
    });
  });
});

describe('configuration persists across restarts', () => {
  test('stored configurations survive a restart and their secrets are redacted from the first log line', { timeout: 30_000 }, async () => {
    const first = await startService({ keepFiles: true });
    const dir = first.dir;
    try {
      const type = resolveAll(first.kernel.container, LLM_PROVIDERS).map((p) => p.type).find((t) => VALID[t]);
      assert.ok(type);
      assert.equal((await first.request('POST', '/api/gpt-configs/persisted', VALID[type]!.body)).status, 200);
      assert.equal((await first.request('POST', '/api/env/PERSISTED', { value: ENV_SECRET })).status, 200);
      await first.stop();

      const logs: string[] = [];
      const kernel = await createKernel(first.configFile, { logWrite: (l) => logs.push(l) });
      await kernel.start();
      try {
        for (const s of [...VALID[type]!.secrets, ENV_SECRET]) assert.equal(kernel.logger.redact(`x ${s} y`), 'x **** y');
        const storage = resolve(kernel.container, STORAGE);
        assert.equal((await storage.gptConfigs.get('persisted'))!.type, type);
        assert.equal(await storage.env.get('PERSISTED'), ENV_SECRET);
      } finally {
        await kernel.stop();
      }
    } finally {
      await first.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
