/**
 * Acknowledged work survives a crash: the service is a real child process,
 * killed with SIGKILL while 5 flows run and 3 wait in the queue. After a
 * restart on the same data dir, the 3 queued flows run to SUCCESS in
 * creation order, and the 5 that were mid-action are FAILED INTERRUPTED,
 * naming the step they were on.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, writeTestConfig } from '../helpers/service';
import { rawRequest } from '../helpers/http';
import { startTestSite, type TestSite } from '../fixtures/site/serve';
import { deterministic, isFinished, waitForFlow, type Requester } from './support/flows';

interface Child { proc: ChildProcess; url: string; svc: Requester }

/** Starts `browserflow serve` as a child process and waits for its "listening on" line. */
async function serveChild(configFile: string): Promise<Child> {
  const proc = spawn(process.execPath, [join(ROOT, 'bin', 'browserflow.js'), 'serve', '--config', configFile], {
    cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  return { proc, url, svc: { request: (method, path, body, headers) => rawRequest(url, { method, path, body: body as never, headers }) } };
}

describe('restart after kill -9', () => {
  let site: TestSite;
  let dir: string;
  let configFile: string;
  let children: ChildProcess[] = [];

  before(async () => {
    site = await startTestSite();
    dir = await mkdtemp(join(tmpdir(), 'browserflow-restart-'));
    ({ configFile } = await writeTestConfig(dir, { settings: { flows: { maxConcurrent: 5, video: false, screenshots: false } } }));
  });
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('queued flows run to SUCCESS after the restart; live ones are FAILED INTERRUPTED with their step', async () => {
    const first = await serveChild(configFile);
    children.push(first.proc);
    // Long enough to still be waiting when the service dies.
    const slow = deterministic(site.url, '/index.html', [{ name: 'wait', parameters: { ms: 1000 } }, { name: 'wait', parameters: { ms: 30_000 } }]);
    const quick = deterministic(site.url, '/login.html', [
      { name: 'type', parameters: { selector: '#username', text: 'alice' } },
      { name: 'assertText', parameters: { text: 'Sign in' } },
    ]);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await first.svc.request('POST', '/api/flows', { ...(i < 5 ? slow : quick), name: `flow ${i}` });
      assert.equal(res.status, 201, res.text);
      ids.push(res.body.id);
    }
    const running = ids.slice(0, 5);
    const queued = ids.slice(5);
    for (const id of running) await waitForFlow(first.svc, id, (f) => f.progress.toolCallsCompleted >= 1, 60_000);
    for (const id of queued) assert.equal((await first.svc.request('GET', `/api/flows/${id}`)).body.state, 'UNSTARTED');

    first.proc.kill('SIGKILL');
    await new Promise((r) => first.proc.once('exit', r));

    const second = await serveChild(configFile);
    children.push(second.proc);
    for (const id of queued) {
      const flow = await waitForFlow(second.svc, id, isFinished, 60_000);
      assert.equal(flow.state, 'SUCCESS', JSON.stringify(flow.result));
    }
    const started = await Promise.all(queued.map(async (id) => (await second.svc.request('GET', `/api/flows/${id}`)).body.startedAt));
    assert.deepEqual([...started].sort((a, b) => a - b), started, 'started in creation order');
    for (const id of running) {
      const flow = (await second.svc.request('GET', `/api/flows/${id}`)).body;
      assert.equal(flow.state, 'FAILED');
      assert.equal(flow.result.error.code, 'INTERRUPTED');
      assert.match(flow.result.error.message, /while the flow was RUNNING_ACTION \(tool call 2: wait\)/);
      const calls = (await second.svc.request('GET', `/api/flows/${id}/tool-calls`)).body;
      assert.equal(calls[1].outcome.success, false);
      assert.match(calls[1].outcome.message, /Interrupted/);
    }
    second.proc.kill('SIGTERM');
    await new Promise((r) => second.proc.once('exit', r));
  });
});
