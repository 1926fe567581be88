/**
 * Scheduled suites against the real service: a `* * * * *` suite starts a
 * run (`trigger: "schedule"`) within a minute and shows `nextRunAt`; after a
 * downtime that missed several slots of a suite, the next start runs it
 * once, not once per slot; a webhook delivery waiting for its retry when
 * the service stopped is retried after the restart.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKernel, type Kernel } from '../../kernel/kernel';
import { resolve } from '../../kernel/tokens';
import { HTTP_SERVER } from '../../lib/http/route-contract';
import { LevelStorage } from '../../plugins/storage/leveldb/leveldb-storage';
import { writeTestConfig } from '../helpers/service';
import { rawRequest } from '../helpers/http';
import { startQaSite, type QaSite } from '../fixtures/qa-site/serve';
import type { Requester } from './support/flows';
import { qaFlows, record, waitForRun } from './support/runs';

interface Up { kernel: Kernel; svc: Requester }

async function up(configFile: string): Promise<Up> {
  const kernel = await createKernel(configFile, { logWrite: () => undefined });
  await kernel.start();
  const url = resolve(kernel.container, HTTP_SERVER).url();
  return { kernel, svc: { request: (method, path, body, headers) => rawRequest(url, { method, path, body: body as never, headers }) } };
}

async function until<T>(what: string, fn: () => Promise<T | undefined | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('scheduled suites', () => {
  let site: QaSite;
  let dir: string;
  let configFile: string;
  let dataDir: string;
  let current: Up | undefined;
  let receiver: Server;
  let receiverUrl: string;
  const hits: string[] = [];
  let failFirst = true;

  before(async () => {
    site = await startQaSite();
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        hits.push(String(req.headers['webhook-id']));
        res.writeHead(failFirst ? 503 : 200);
        res.end();
        failFirst = false;
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    dir = await mkdtemp(join(tmpdir(), 'browserflow-schedules-'));
    const written = await writeTestConfig(dir, {
      settings: { flows: { video: false } },
      // A retry 8 s after a failed try: long enough to stop the service in between.
      configOverrides: (c) => ({ ...c, plugins: c.plugins.map((p) => (p.use.endsWith('qa/webhooks') ? { ...p, config: { retryDelaysMs: [8000] } } : p)) }),
    });
    configFile = written.configFile;
    dataDir = String(written.config.settings.dataDir);
  });
  after(async () => {
    await current?.kernel.stop();
    await new Promise<void>((r) => receiver.close(() => r()));
    await site?.close();
    await rm(dir, { recursive: true, force: true });
  });

  let flowId: string;
  let restartedAt = 0;
  test('a * * * * * suite starts a run with trigger "schedule" within a minute; nextRunAt says when', async () => {
    current = await up(configFile);
    const { svc } = current;
    flowId = (await record(svc, qaFlows(site.url).buy)).id;
    const saved = await svc.request('POST', '/api/suites/every-minute', { flowIds: [flowId], schedule: '* * * * *' });
    assert.equal(saved.status, 201, saved.text);
    const next = saved.body.nextRunAt;
    assert.ok(next > Date.now() && next <= Date.now() + 60_000, `nextRunAt ${next}`);
    assert.equal(new Date(next).getUTCSeconds(), 0);
    const runs = await until('a scheduled run', async () => {
      const list = (await svc.request('GET', '/api/runs?suite=every-minute')).body.runs;
      return list.length ? list : undefined;
    }, 75_000);
    assert.equal(runs.length, 1);
    assert.equal(runs[0].trigger, 'schedule');
    assert.ok(runs[0].createdAt >= next && runs[0].createdAt < next + 15_000, 'started at its slot');
    const run = await waitForRun(svc, runs[0].id);
    assert.equal(run.state, 'PASSED');
    // Taken off the schedule: no more runs.
    await svc.request('POST', '/api/suites/every-minute', { flowIds: [flowId] });
    assert.equal((await svc.request('GET', '/api/suites/every-minute')).body.nextRunAt, null);
  });

  test('after a downtime that missed three daily slots the suite runs once', async () => {
    const { svc } = current!;
    assert.equal((await svc.request('POST', '/api/suites/daily', { flowIds: [flowId], schedule: '0 3 * * *', timezone: 'UTC' })).status, 201);
    // A webhook that fails its first try: its retry is due after the restart.
    await svc.request('POST', '/api/webhooks/ops', { url: receiverUrl, events: ['run.finished'] });
    await current!.kernel.stop();
    current = undefined;
    // The downtime: the schedule was set three and a half days ago and never fired since.
    const storage = new LevelStorage({ dataDir });
    await storage.open();
    const suite = (await storage.qa.suites.get('daily'))!;
    await storage.qa.suites.put('daily', { ...suite, scheduleSince: Date.now() - 3.5 * 24 * 3600_000 });
    await storage.close();

    current = await up(configFile);
    const run = await until('the missed run', async () => (await current!.svc.request('GET', '/api/runs?suite=daily')).body.runs[0], 30_000);
    assert.equal(run.trigger, 'schedule');
    const done = await waitForRun(current.svc, run.id);
    assert.equal(done.state, 'PASSED');
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await current.svc.request('GET', '/api/runs?suite=daily')).body.runs.length, 1, 'one run for three missed slots');
    const daily = (await current.svc.request('GET', '/api/suites/daily')).body;
    assert.equal(new Date(daily.nextRunAt).getUTCHours(), 3);
    // A restart now misses nothing: no second run.
    await current.kernel.stop();
    restartedAt = Date.now();
    current = await up(configFile);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal((await current.svc.request('GET', '/api/runs?suite=daily')).body.runs.length, 1);
  });

  test('a delivery waiting for its retry when the service stopped is retried after the restart, with the same id', async () => {
    const { svc } = current!;
    const delivery = await until('the run.finished delivery', async () => {
      const log = (await svc.request('GET', '/api/webhooks/ops/deliveries')).body;
      return log.find((d: any) => d.state === 'delivered');
    }, 30_000);
    assert.deepEqual(delivery.attempts.map((a: any) => a.status), [503, 200]);
    assert.ok(delivery.attempts[0].at < restartedAt && delivery.attempts[1].at > restartedAt, 'tried before the stop, retried after the start');
    assert.equal(hits.filter((id) => id === delivery.id).length, 2);
  });
});
