/** `browserflow run FLOW.json`: live progress and exit codes, against a server and in-process. */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, writeTestConfig, ROOT, type RunningService } from '../helpers/service';
import { startTestSite, type TestSite } from '../fixtures/site/serve';

let svc: RunningService;
let site: TestSite;
let dir: string;

function cli(args: string[], timeoutMs = 60_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`cli timed out: ${stdout}\n${stderr}`)); }, timeoutMs);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

async function flowFile(name: string, body: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(body));
  return file;
}

describe('browserflow run', () => {
  before(async () => {
    site = await startTestSite();
    svc = await startService({ settings: { flows: { video: false } } });
    dir = await mkdtemp(join(tmpdir(), 'bf-cli-'));
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const ok = () => ({
    name: 'cli ok', targetWebsite: `${site.url}/login.html`, initialRunMode: 'DETERMINISTIC',
    toolCallsOnStart: [
      { name: 'type', parameters: { selector: '#username', text: 'alice' } },
      { name: 'type', parameters: { selector: '#password', text: 's3cret-pass' } },
      { name: 'click', parameters: { selector: 'button[type=submit]' } },
      { name: 'assertText', parameters: { text: 'Welcome, alice!' } },
    ],
  });

  test('a succeeding flow prints progress and exits 0', async () => {
    const r = await cli(['run', await flowFile('ok.json', ok()), '--server', svc.url]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /state INITIALIZING/);
    assert.match(r.stdout, /\[\.+\] 1\/50 ok {3}type/);
    assert.match(r.stdout, /4\/50 ok {3}assertText/);
    assert.match(r.stdout, /SUCCESS in [\d.]+ s: All 4 tool calls succeeded/);
  });

  test('a failing flow exits 1 with the error', async () => {
    const body = { ...ok(), name: 'cli fail', toolCallsOnStart: [{ name: 'assertText', parameters: { text: 'Not on this page', timeoutMs: 500 } }] };
    const r = await cli(['run', await flowFile('fail.json', body), '--server', svc.url]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /FAIL assertText/);
    assert.match(r.stdout, /FAILED in [\d.]+ s: TOOL_CALL_FAILED/);
  });

  test('--json prints the final metadata; an invalid flow exits 2', async () => {
    const r = await cli(['run', await flowFile('ok2.json', ok()), '--server', svc.url, '--json']);
    assert.equal(r.code, 0);
    assert.equal(JSON.parse(r.stdout).state, 'SUCCESS');
    const bad = await cli(['run', await flowFile('bad.json', { name: 'x' }), '--server', svc.url]);
    assert.equal(bad.code, 2);
    assert.match(bad.stdout, /400 INVALID_REQUEST/);
  });

  test('without --server it runs in-process from a config file', async () => {
    const cfgDir = await mkdtemp(join(tmpdir(), 'bf-cli-cfg-'));
    try {
      const { configFile } = await writeTestConfig(cfgDir, { settings: { logLevel: 'warn', flows: { video: false } } });
      const r = await cli(['run', await flowFile('ok3.json', ok()), '--config', configFile]);
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, /SUCCESS/);
    } finally {
      await rm(cfgDir, { recursive: true, force: true });
    }
  });

  test('a missing flow file is a clear one-line error', async () => {
    const r = await cli(['run', join(dir, 'nope.json')]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^browserflow: Cannot read the flow file/);
    assert.ok(!r.stderr.includes('    at '), 'no stack trace');
  });
});
