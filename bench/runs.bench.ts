/**
 * npm run bench:runs — a run of 50 recorded flows at concurrency 4
 * (POST /api/runs, until the run has ended) against the same 50 flows
 * replayed one by one through the API (GET /api/flows/{id}/rerun, POST
 * /api/flows, wait for `done`, next), in the same service, the same
 * session, on the QA test site after a page change: 20 sign-in flows heal,
 * 25 flows pass, 5 fail. Prints both wall times, the ratio, and whether
 * every flow got the same verdict both ways (it must).
 *
 * Env: FLOWS (50), CONCURRENCY (4), SERIAL_RUN=1 also times a run at
 * concurrency 1 (the runner's own overhead against the same one-by-one
 * baseline). The service runs as its own process with video off and
 * settings.flows.maxConcurrent = CONCURRENCY, and actionTimeoutMs 20 s
 * (a loaded machine must not turn a slow click into a failure that only one
 * side sees: the failing flows wait that long both ways).
 */
import { loadavg } from 'node:os';
import { startQaSite } from '../test/fixtures/qa-site/serve';
import { qaFlows } from '../test/integration/support/runs';
import { startServiceProcess } from './replay/service-process';
import { readSse } from '../cli/sse-client';

const FLOWS = Number(process.env.FLOWS ?? 50);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 4);

type Verdict = 'passed' | 'healed' | 'flaky' | 'failed';

async function api(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, { method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Creates a flow and waits for its `done` event; answers the final record. */
async function runFlow(base: string, body: unknown): Promise<any> {
  const flow = await api(base, 'POST', '/api/flows', body);
  for await (const msg of readSse(`${base}/api/flows/${flow.id}/events`)) {
    if (msg.event === 'done') return JSON.parse(msg.data).flow;
  }
  return api(base, 'GET', `/api/flows/${flow.id}`);
}

const verdictOf = (f: any): Verdict => (f.state !== 'SUCCESS' ? 'failed' : f.result?.healed?.length ? 'healed' : 'passed');

async function waitRun(base: string, id: string): Promise<any> {
  for (;;) {
    const run = await api(base, 'GET', `/api/runs/${id}`);
    if (run.state !== 'RUNNING') return run;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function timedRun(base: string, ids: string[], concurrency: number): Promise<{ ms: number; verdicts: Map<string, Verdict>; run: any }> {
  const t = performance.now();
  const started = await api(base, 'POST', '/api/runs', { flowIds: ids, concurrency });
  const run = await waitRun(base, started.id);
  const ms = performance.now() - t;
  return { ms, run, verdicts: new Map(run.results.map((r: any) => [r.flowId, r.verdict as Verdict])) };
}

async function main(): Promise<void> {
  const site = await startQaSite();
  const svc = await startServiceProcess({ flows: { maxConcurrent: CONCURRENCY, video: false, actionTimeoutMs: 20_000 } });
  const base = svc.url;
  try {
    // 50 recordings: 20 sign in, 5 buy, 25 on the flaky page (left steady), recorded 4 at a time (not timed).
    const bodies = qaFlows(site.url);
    const kinds = Array.from({ length: FLOWS }, (_, i) => (i % 10 < 4 ? 'login' : i % 10 === 4 ? 'buy' : 'flaky') as 'login' | 'buy' | 'flaky');
    const ids: string[] = new Array(FLOWS);
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < FLOWS) {
        const i = next++;
        // A recording that fails (a loaded machine) is recorded again: only flows that passed are replayed.
        for (let tries = 1; ; tries++) {
          const flow = await runFlow(base, { ...bodies[kinds[i]!], name: `bench ${kinds[i]} ${i}`, tags: [] });
          if (flow.state === 'SUCCESS') { ids[i] = flow.id; break; }
          if (tries === 3) throw new Error(`recording ${i} failed: ${JSON.stringify(flow.result)}`);
        }
      }
    }));
    // The page change: sign-in flows heal, buy flows fail.
    site.set('login', 'renamed');
    site.set('buy', 'removed');
    console.log(`${FLOWS} flows recorded (${kinds.filter((k) => k === 'login').length} sign in, ${kinds.filter((k) => k === 'buy').length} buy, ${kinds.filter((k) => k === 'flaky').length} steady); load average ${loadavg()[0]!.toFixed(1)}`);

    // Baseline: one by one through the API.
    const t0 = performance.now();
    const single = new Map<string, Verdict>();
    for (const id of ids) {
      const body = await api(base, 'GET', `/api/flows/${id}/rerun`);
      single.set(id, verdictOf(await runFlow(base, body)));
    }
    const serialMs = performance.now() - t0;
    console.log(`one by one through the API: ${(serialMs / 1000).toFixed(1)} s (load average ${loadavg()[0]!.toFixed(1)})`);

    const run = await timedRun(base, ids, CONCURRENCY);
    console.log(`run of ${FLOWS} flows at concurrency ${CONCURRENCY}: ${(run.ms / 1000).toFixed(1)} s (load average ${loadavg()[0]!.toFixed(1)}); ${JSON.stringify(run.run.counts)}`);
    const mismatches = ids.filter((id) => single.get(id) !== run.verdicts.get(id));
    console.log(`same verdicts as the ${FLOWS} single replays: ${mismatches.length === 0 ? 'yes' : `NO, ${mismatches.length} differ: ${mismatches.map((id) => `${id} ${single.get(id)} vs ${run.verdicts.get(id)}`).join('; ')}`}`);
    console.log(`ratio run / one by one: ${(run.ms / serialMs).toFixed(2)} (${(serialMs / run.ms).toFixed(2)}x faster)`);

    if (process.env.SERIAL_RUN === '1') {
      const serial = await timedRun(base, ids, 1);
      const same = ids.every((id) => single.get(id) === serial.verdicts.get(id));
      console.log(`run at concurrency 1: ${(serial.ms / 1000).toFixed(1)} s, ratio to one by one ${(serial.ms / serialMs).toFixed(2)}; same verdicts: ${same ? 'yes' : 'NO'}`);
    }
    if (mismatches.length) process.exitCode = 1;
  } finally {
    await svc.stop();
    await site.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
