/**
 * `browserflow test`: against a server it exits 1 then 0 as the suite fails
 * then passes, prints a line per attempt and the verdict table, and writes
 * the JUnit and HTML reports; 2 when the run cannot start; in-process on a
 * config (the service stopped, its data dir reused) it runs flows by id.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, ROOT, type RunningService } from '../helpers/service';
import { startQaSite, type QaSite } from '../fixtures/qa-site/serve';
import { qaFlows, record } from './support/runs';
import { testCommand } from '../../cli/test-command';

function cli(args: string[], timeoutMs = 180_000): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), 'test', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`cli timed out: ${stdout}\n${stderr}`)); }, timeoutMs);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

describe('browserflow test', () => {
  let svc: RunningService;
  let site: QaSite;
  let dir: string;
  const ids: Record<string, string> = {};

  before(async () => {
    site = await startQaSite();
    svc = await startService({ settings: { flows: { video: false } }, keepFiles: true });
    dir = await mkdtemp(join(tmpdir(), 'bf-cli-test-'));
    const flows = qaFlows(site.url);
    ids.login = (await record(svc, flows.login)).id;
    ids.buy = (await record(svc, flows.buy)).id;
    assert.equal((await svc.request('POST', '/api/suites/smoke', { tags: ['smoke'] })).status, 201);
  });
  after(async () => {
    await svc?.stop();
    await site?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(svc.dir, { recursive: true, force: true });
  });

  test('a failing suite exits 1: a line per attempt, the verdict table, JUnit naming the failed flow, the HTML report', async () => {
    site.set('buy', 'removed');
    const junit = join(dir, 'fail.xml');
    const html = join(dir, 'fail.html');
    const r = await cli(['--suite', 'smoke', '--server', svc.url, '--junit', junit, '--html', html]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^run [0-9a-f-]{36} of suite smoke: 2 flows x 1, concurrency \d+, on http:\/\/127\.0\.0\.1:\d+$/m);
    assert.match(r.stdout, /^ {2}ok {3}sign in \[attempt 1\/1\] SUCCESS in \d+\.\d s$/m);
    assert.match(r.stdout, /^ {2}FAIL buy \[attempt 1\/1\] FAILED in \d+\.\d s: TOOL_CALL_FAILED: Tool call click failed/m);
    assert.match(r.stdout, /^flow +verdict +attempts$/m);
    assert.match(r.stdout, /^buy +failed +FAILED/m);
    assert.match(r.stdout, /^sign in +passed +SUCCESS/m);
    assert.match(r.stdout, /^run FAILED in \d+\.\d s: 1 passed, 0 healed, 0 flaky, 1 failed \(2 flows\)$/m);
    assert.match(r.stdout, new RegExp(`^JUnit XML: ${junit}$`, 'm'));
    const xml = await readFile(junit, 'utf8');
    assert.match(xml, /<testcase name="buy"[^>]*>[\s\S]*?<failure message="TOOL_CALL_FAILED: /);
    assert.match(await readFile(html, 'utf8'), /<h1>Suite smoke: <span class="FAILED">FAILED<\/span><\/h1>/);
    const runs = (await svc.request('GET', '/api/runs?suite=smoke')).body.runs;
    assert.equal(runs[0].trigger, 'cli');
  });

  test('the same suite passing exits 0', async () => {
    site.set('buy', 'original');
    const r = await cli(['--tag', 'smoke', '--server', `${svc.url}/`, '--repeat', '2']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal((r.stdout.match(/^ {2}ok /gm) ?? []).length, 4);
    assert.match(r.stdout, /^run PASSED in \d+\.\d s: 2 passed, 0 healed, 0 flaky, 0 failed \(2 flows\)$/m);
  });

  test('exit 2 when the run cannot start: bad arguments, an unknown suite, no service', async () => {
    // The command's function itself (the two runs above went through the real binary): no process start per case.
    const call = async (args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await testCommand(args, svc.configFile, (l) => out.push(l), (l) => err.push(l));
      return { code, stdout: out.join('\n'), stderr: err.join('\n') };
    };
    const usage = await call(['--server', svc.url]);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /name what to run: --suite NAME, --tag TAG or flow ids\nUsage: browserflow test/);
    assert.equal((await call(['--suite', 'smoke', '--tag', 'x', '--server', svc.url])).code, 2);
    assert.match((await call(['--suite', 'smoke', '--repeat', 'many', '--server', svc.url])).stderr, /--repeat must be a positive integer, got "many"/);
    assert.equal((await call(['--suite', 'smoke', '--no-such-flag', '--server', svc.url])).code, 2);
    const unknown = await call(['--suite', 'nope', '--server', svc.url]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /the run could not start: 404 NOT_FOUND: suite: Suite "nope" does not exist/);
    const down = await call(['--suite', 'smoke', '--server', 'http://127.0.0.1:9']);
    assert.equal(down.code, 2);
    assert.match(down.stderr, /no service answers at http:\/\/127\.0\.0\.1:9/);
    const bad = await call(['--suite', 'smoke', '--config', join(dir, 'missing.json')]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /the service could not start: /);
  });

  test('in-process on a config: flow ids run on a service started for the command, --json prints the run', async () => {
    await svc.stop();
    const r = await cli(['--config', svc.configFile, ids.login!, ids.buy!, '--json']);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const run = JSON.parse(r.stdout);
    assert.equal(run.state, 'PASSED');
    assert.equal(run.trigger, 'cli');
    assert.deepEqual(run.results.map((x: any) => x.flowId), [ids.login, ids.buy]);
  });
});
