/**
 * System routes over HTTP against the real service (config file, port 0,
 * temp data dir), the OpenAPI document, a third-party plugin loaded by
 * relative path, and the CLI's serve command.
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { TOOLS, resolveAll } from '../../kernel/tokens';
import { ROOT, startService, writeTestConfig, type RunningService } from '../helpers/service';
import { rawRequest } from '../helpers/http';
import { LLM_PROVIDERS } from '../../lib/llm/provider-contract';
import { ROUTES } from '../../lib/http/route-contract';
import { ErrorBodySchema, FlowMetadataSchema, ToolCallRecordSchema } from '../../lib/validation/flow-record-schema';
import { HealRecordSchema, RunRecordSchema, SuiteSchema } from '../../lib/qa/run-record-schema';

const EXAMPLE_PLUGIN = join(ROOT, 'test', 'fixtures', 'example-plugin');

describe('system routes', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService({
      // By relative path from the config file's folder, as a user would write it.
      configOverrides: (cfg) => ({
        ...cfg,
        plugins: [...cfg.plugins, { use: relative(dirname(String(cfg.settings.dataDir)), EXAMPLE_PLUGIN), config: { greeting: 'Hi' } }],
      }),
    });
  });
  after(() => svc?.stop());

  test('GET /api/ping answers {status: "ok"} as JSON, with nosniff and no CORS header', async () => {
    const res = await svc.request('GET', '/api/ping');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok' });
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(Object.keys(res.headers).filter((h) => h.startsWith('access-control-')).length, 0);
  });

  test('HEAD /api/ping answers 200 with no body', async () => {
    const res = await svc.request('HEAD', '/api/ping');
    assert.equal(res.status, 200);
    assert.equal(res.raw.length, 0);
  });

  test('GET /api/version answers the package version (semver)', async () => {
    const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const res = await svc.request('GET', '/api/version');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { version: pkg.version });
    assert.match(res.body.version, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
  });

  test('GET /api/tools lists every TOOLS item with a JSON Schema object', async () => {
    const expected = resolveAll(svc.kernel.container, TOOLS).flat().map((t) => t.name);
    const res = await svc.request('GET', '/api/tools');
    assert.equal(res.status, 200);
    assert.ok(Array.isArray(res.body));
    assert.deepEqual(res.body.map((t: { name: string }) => t.name), expected);
    for (const tool of res.body) {
      assert.equal(typeof tool.description, 'string');
      assert.equal(tool.inputSchema.type, 'object', tool.name);
      assert.equal(tool.inputSchema.$schema, undefined);
    }
  });

  test('unknown paths answer 404 NOT_FOUND; a wrong method 405 with allow', async () => {
    const missing = await svc.request('GET', '/api/nothing-here');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'NOT_FOUND');
    assert.equal(typeof missing.body.message, 'string');
    const wrong = await svc.request('DELETE', '/api/ping');
    assert.equal(wrong.status, 405);
    assert.equal(wrong.body.code, 'METHOD_NOT_ALLOWED');
    assert.equal(wrong.headers.allow, 'GET, HEAD');
    const env = await svc.request('PUT', '/api/env/SOME_KEY', { value: 'x' });
    assert.equal(env.status, 405);
    assert.deepEqual(env.headers.allow!.split(', ').sort(), ['DELETE', 'GET', 'HEAD', 'POST']);
  });

  describe('GET /api/openapi.json', () => {
    let doc: any;
    before(async () => {
      const res = await svc.request('GET', '/api/openapi.json');
      assert.equal(res.status, 200);
      doc = res.body;
    });

    test('is an OpenAPI 3.1 document with the service version', () => {
      assert.equal(doc.openapi, '3.1.0');
      assert.equal(doc.info.version, svc.kernel.settings.version);
      assert.deepEqual(doc.components.schemas.Error.required, ['code', 'message']);
    });

    test('has every loaded route, path params as {name}, and error answers', () => {
      const all = resolveAll(svc.kernel.container, ROUTES).flat();
      const routes = all.filter((r) => r.openapi !== false);
      assert.ok(routes.length >= 15);
      // The web UI's pages and files are served but are not the API.
      for (const r of all.filter((x) => x.openapi === false)) assert.equal(doc.paths[r.path.replace(/:(\w+)/g, '{$1}')], undefined, r.path);
      assert.ok(Object.keys(doc.paths).every((p) => p.startsWith('/api/') || p === '/mcp'), Object.keys(doc.paths).join(' '));
      for (const r of routes) {
        const path = r.path.replace(/:(\w+)/g, '{$1}');
        const op = doc.paths[path]?.[r.method.toLowerCase()];
        assert.ok(op, `${r.method} ${path} missing`);
        assert.equal(op.summary, r.summary);
        const names = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
        const pathParams = (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path').map((p: { name: string }) => p.name);
        assert.deepEqual(pathParams, names, path);
        assert.equal(op.responses['403'].content['application/json'].schema.$ref, '#/components/schemas/Error');
        assert.ok(op.responses['500']);
        if (r.body) {
          assert.ok(op.requestBody.content['application/json'].schema, path);
          assert.ok(op.responses['400'] && op.responses['413'], path);
        }
      }
    });

    test('query parameters come from the query schema; bodies from the body schema', () => {
      const hello = doc.paths['/api/example/hello'].get;
      assert.deepEqual(hello.parameters.map((p: any) => [p.name, p.in, p.required]), [['name', 'query', false]]);
      assert.equal(hello.parameters[0].schema.maxLength, 50);
      const env = doc.paths['/api/env/{key}'].post;
      assert.deepEqual(env.requestBody.content['application/json'].schema.required, ['value']);
      assert.equal(env.requestBody.required, true);
      assert.equal(env.parameters[0].schema.pattern, '^[A-Za-z_][A-Za-z0-9_]*$');
    });

    test('the GPT configuration body lists one shape per loaded provider type', () => {
      const types = resolveAll(svc.kernel.container, LLM_PROVIDERS).map((p) => p.type).sort();
      const schema = doc.paths['/api/gpt-configs/{name}'].post.requestBody.content['application/json'].schema;
      const variants = schema.oneOf ?? schema.anyOf;
      assert.deepEqual(variants.map((s: any) => s.properties.type.const).sort(), types);
      for (const s of variants) assert.equal(s.additionalProperties, false);
    });

    test('flows, tool calls and errors are components converted from their one declaration, referenced by the answers', () => {
      const json = (op: any, status = '200') => op.responses[status].content['application/json'].schema;
      const flowRef = { $ref: '#/components/schemas/Flow' };
      const callRef = { $ref: '#/components/schemas/ToolCall' };
      for (const [path, method] of [['/api/flows/{flowId}', 'get'], ['/api/flows/{flowId}/cancel', 'post'], ['/api/flows/{flowId}/rename', 'post']] as const) {
        assert.deepEqual(json(doc.paths[path][method]), flowRef, path);
      }
      assert.deepEqual(json(doc.paths['/api/flows'].post, '201'), flowRef);
      assert.deepEqual(json(doc.paths['/api/flows'].get).properties.flows.items, flowRef);
      assert.deepEqual(json(doc.paths['/api/flows/{flowId}/tool-calls'].get).items, callRef);
      assert.deepEqual(json(doc.paths['/api/flows/{flowId}/tool-calls/{toolCallId}'].get), callRef);
      const { Flow, ToolCall, Error } = doc.components.schemas;
      assert.deepEqual(Object.keys(Flow.properties), Object.keys(FlowMetadataSchema.entries));
      assert.deepEqual(Object.keys(ToolCall.properties), Object.keys(ToolCallRecordSchema.entries));
      assert.deepEqual(Object.keys(Error.properties), Object.keys(ErrorBodySchema.entries));
      assert.match(Flow.properties.waitingFor.description, /^INITIALIZING: what the flow waits for/);
      assert.deepEqual(Flow.properties.state.enum.length, 9);
    });

    test('runs, suites and heals are components converted from their one declaration, referenced by the answers', () => {
      const json = (op: any, status = '200') => op.responses[status].content['application/json'].schema;
      const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
      assert.deepEqual(json(doc.paths['/api/runs'].post, '201'), ref('Run'));
      assert.deepEqual(json(doc.paths['/api/runs/{runId}'].get), ref('Run'));
      assert.deepEqual(json(doc.paths['/api/runs'].get).properties.runs.items, ref('Run'));
      assert.deepEqual(json(doc.paths['/api/suites'].get).items, ref('Suite'));
      assert.deepEqual(json(doc.paths['/api/suites/{name}'].get), ref('Suite'));
      assert.deepEqual(json(doc.paths['/api/heals'].get).properties.heals.items, ref('Heal'));
      assert.deepEqual(json(doc.paths['/api/heals/{healId}'].get), ref('Heal'));
      const { Run, Suite, Heal } = doc.components.schemas;
      assert.deepEqual(Object.keys(Run.properties), Object.keys(RunRecordSchema.entries));
      assert.deepEqual(Object.keys(Suite.properties), Object.keys(SuiteSchema.entries));
      assert.deepEqual(Object.keys(Heal.properties), Object.keys(HealRecordSchema.entries));
      assert.deepEqual(Run.properties.state.enum, ['RUNNING', 'PASSED', 'FAILED', 'CANCELLED']);
    });

    test('is built once and then served from cache', async () => {
      const again = await svc.request('GET', '/api/openapi.json');
      assert.deepEqual(again.body, doc);
    });
  });

  describe('a third-party plugin loaded by relative path', () => {
    test('its agent is listed after flow-runner', async () => {
      const res = await svc.request('GET', '/api/agents');
      assert.deepEqual(Object.keys(res.body).slice(0, 1), ['flow-runner']);
      assert.ok('example-agent' in res.body);
      assert.equal(res.body['example-agent'], null);
    });

    test('its route answers, with its config slice and query validation', async () => {
      const res = await svc.request('GET', '/api/example/hello?name=Ann');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { message: 'Hi, Ann!' });
      assert.deepEqual((await svc.request('GET', '/api/example/hello')).body, { message: 'Hi, world!' });
      const bad = await svc.request('GET', `/api/example/hello?name=${'x'.repeat(51)}`);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.code, 'INVALID_REQUEST');
      assert.match(bad.body.message, /^name: /);
    });
  });
});

describe('a minimal plugin set (no tools, no LLM providers, no flows)', () => {
  let svc: RunningService;
  before(async () => {
    svc = await startService({ pluginSet: ['plugins/storage/leveldb', 'plugins/http/server', '../plugins/routes/system', 'plugins/routes/config'] });
  });
  after(() => svc?.stop());

  test('the service runs with what is loaded and says what is missing', async () => {
    assert.deepEqual((await svc.request('GET', '/api/tools')).body, []);
    assert.equal((await svc.request('GET', '/api/flows')).body.code, 'NOT_FOUND');
    const config = await svc.request('POST', '/api/gpt-configs/main', { type: 'OPENAI', apiKey: 'k', modelName: 'm' });
    assert.equal(config.status, 400);
    assert.match(config.body.message, /no LLM provider plugin is loaded/);
    assert.deepEqual((await svc.request('GET', '/api/gpt-configs')).body, {});
    const doc = (await svc.request('GET', '/api/openapi.json')).body;
    assert.deepEqual(Object.keys(doc.paths).filter((p) => p.startsWith('/api/flows')), []);
  });
});

/** Collects a child's output and resolves when `pattern` appears on stdout. */
function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; stdout: ${out}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing ${pattern}; stdout: ${out}`));
    });
  });
}

/** Runs the CLI; resolves with its exit code and output, killing it after `timeoutMs`. */
function runCli(args: string[], timeoutMs: number): { child: ChildProcess; done: Promise<{ code: number | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => { stdout += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
  return { child, done };
}

describe('CLI: browserflow serve', () => {
  let dir: string;
  let configFile: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'browserflow-cli-'));
    ({ configFile } = await writeTestConfig(dir, { settings: { logLevel: 'info' } }));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  test('serves, refuses a second instance on the same data dir, and exits 0 on SIGTERM', { timeout: 90_000 }, async () => {
    const dataDir = join(dir, 'cli-data');
    const first = runCli(['serve', '--config', configFile, '--port', '0', '--data-dir', dataDir], 60_000);
    try {
      const [, url] = await waitForLine(first.child, /listening on (http:\/\/127\.0\.0\.1:\d+)/, 45_000);
      const ping = await rawRequest(url!, { path: '/api/ping' });
      assert.deepEqual(ping.body, { status: 'ok' });

      const second = await runCli(['serve', '--config', configFile, '--port', '0', '--data-dir', dataDir], 45_000).done;
      assert.equal(second.code, 1);
      assert.match(second.stderr, /in use by another browserflow process/);
      assert.doesNotMatch(second.stderr, /\n\s+at /, 'no stack trace');

      const started = Date.now();
      first.child.kill('SIGTERM');
      const result = await first.done;
      assert.equal(result.code, 0, result.stderr);
      assert.ok(Date.now() - started < 10_000, 'stopped within 10 s');
    } finally {
      first.child.kill('SIGKILL');
    }
  });

  test('a config file naming an unknown plugin exits 1 with a one-paragraph message', { timeout: 60_000 }, async () => {
    const bad = join(dir, 'bad.json');
    const config = JSON.parse(await readFile(configFile, 'utf8'));
    config.plugins.push({ use: './plugins/does-not-exist' });
    await writeFile(bad, JSON.stringify(config));
    const result = await runCli(['serve', '--config', bad, '--port', '0'], 45_000).done;
    assert.equal(result.code, 1);
    assert.match(result.stderr, /^browserflow: Plugin "\.\/plugins\/does-not-exist" not found/);
    assert.doesNotMatch(result.stderr.trim(), /\n\s*\n/, 'one paragraph');
    assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
    assert.equal(result.stdout, '');
  });
});
