/**
 * Runs survive a crash like flows: the service (a child process) is killed
 * with SIGKILL while a run's first attempt is live and two more wait. After
 * a restart on the same data dir the live attempt is FAILED INTERRUPTED
 * (the kernel ends its flow so) and the queued ones run: the run ends with
 * every attempt accounted for.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, writeTestConfig } from '../helpers/service';
import { rawRequest } from '../helpers/http';
import { startQaSite, type QaSite } from '../fixtures/qa-site/serve';
import { deterministic, waitForFlow, type Requester } from './support/flows';
import { record, waitForRun } from './support/runs';

async function serveChild(configFile: string): Promise<{ proc: ChildProcess; svc: Requester }> {
  const proc = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), 'serve', '--config', configFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d) => { err += d; });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the service did not start: ${err}`)), 30_000);
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(timer); resolve(m[1]!); }
    });
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the service exited with ${code}: ${err}`)); });
  });
  return { proc, svc: { request: (method, path, body, headers) => rawRequest(url, { method, path, body: body as never, headers }) } };
}

describe('runs across a restart after kill -9', () => {
  let site: QaSite;
  let dir: string;
  let configFile: string;
  const children: ChildProcess[] = [];

  before(async () => {
    site = await startQaSite();
    dir = await mkdtemp(join(tmpdir(), 'browserflow-runs-restart-'));
    ({ configFile } = await writeTestConfig(dir, { settings: { flows: { video: false } } }));
  });
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('the live attempt ends INTERRUPTED, the queued ones run, the run ends', async () => {
    const first = await serveChild(configFile);
    children.push(first.proc);
    const flow = await record(first.svc, deterministic(site.url, '/buy', [
      { name: 'wait', parameters: { ms: 3000 } },
      { name: 'click', parameters: { selector: '#buy' } },
    ], { name: 'slow buy' }));
    const started = await first.svc.request('POST', '/api/runs', { flowIds: [flow.id], repeat: 3, concurrency: 1 });
    assert.equal(started.status, 201, started.text);
    const runId = started.body.id;
    const live = await waitForRun(first.svc, runId, (r) => r.results[0].attempts[0].state === 'RUNNING', 60_000);
    const liveFlowId = live.results[0].attempts[0].flowId;
    await waitForFlow(first.svc, liveFlowId, (f) => f.state === 'RUNNING_ACTION', 60_000);
    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));

    const second = await serveChild(configFile);
    children.push(second.proc);
    const run = await waitForRun(second.svc, runId, (r) => r.state !== 'RUNNING', 120_000);
    const attempts = run.results[0].attempts;
    assert.equal(attempts[0].flowId, liveFlowId);
    assert.equal(attempts[0].state, 'FAILED');
    assert.equal(attempts[0].failure.code, 'INTERRUPTED');
    assert.deepEqual(attempts.slice(1).map((a: any) => a.state), ['SUCCESS', 'SUCCESS']);
    assert.equal(run.results[0].verdict, 'flaky');
    assert.equal(run.state, 'PASSED');
    // Exactly three attempt flows exist besides the recording: nothing was started twice.
    const all = (await second.svc.request('GET', '/api/flows?name=slow%20buy')).body.flows;
    assert.equal(all.length, 4);
  });
});
