/**
 * Event-loop latency while hostile regexes are checked
 * (`npm run bench:hostile-pattern`).
 *
 * Boots the full service (temp data dir, log level warn), then a pinger in a
 * separate process (so its own timing never shares the loop being measured)
 * sends GET /api/ping every 5 ms on one keep-alive connection and records
 * each latency. Two phases of SECONDS each:
 *   1. baseline: nothing else runs;
 *   2. attack: this process sends POST /api/flows one after another, each
 *      with a custom tool whose `inputSchema.pattern` is a distinct
 *      exponential pattern (`^(a+)+(?:xN)?$`) checked against 40 `a`s and
 *      a `!` (unbounded, each would run for hours).
 * The attack runs twice: one hostile request every 100 ms, then back to back
 * (a flood). Prints p50 / p99 / max of each phase and how the hostile
 * requests were answered. Target (issue 10): ping under 50 ms while such a
 * pattern runs.
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService } from '../test/helpers/service';
import { rawRequest } from '../test/helpers/http';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TARGET_MS = 50;

const PINGER = `
const http = require('node:http');
const [url, ms] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const until = Date.now() + Number(ms);
function once() {
  if (Date.now() >= until) { process.send(latencies); return; }
  const t0 = performance.now();
  http.get(url + '/api/ping', { agent }, (res) => {
    res.resume();
    res.on('end', () => { latencies.push(performance.now() - t0); setTimeout(once, 5); });
  }).on('error', (e) => { console.error(e); process.exit(1); });
}
once();
`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function pingFor(dir: string, url: string, ms: number): Promise<number[]> {
  const script = join(dir, 'pinger.cjs');
  await writeFile(script, PINGER);
  return new Promise((resolve, reject) => {
    const child = fork(script, [url, String(ms)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (m) => { resolve(m as number[]); child.kill(); });
    child.once('error', reject);
  });
}

function summary(label: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${label.padEnd(34)} ${String(sorted.length).padStart(6)} pings  p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(2).padStart(6)} ms  max ${(sorted[sorted.length - 1] ?? NaN).toFixed(2).padStart(6)} ms`;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bf-bench-regex-'));
  const svc = await startService({ settings: { logLevel: 'warn', flows: { video: false, screenshots: false } } });
  try {
    // The service's own event-loop delay (same process): what its clients wait for, without the pinger's own scheduling.
    const loop = (): IntervalHistogram => { const h = monitorEventLoopDelay({ resolution: 5 }); h.enable(); return h; };
    const delay = (h: IntervalHistogram) => { h.disable(); return `event-loop delay p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms, max ${(h.max / 1e6).toFixed(1)} ms`; };
    let h = loop();
    const baseline = await pingFor(dir, svc.url, SECONDS * 1000);
    const baselineDelay = delay(h);

    const attack = async (gapMs: number) => {
      let stop = false;
      const answers = new Map<string, number>();
      const took: number[] = [];
      const attacker = (async () => {
        for (let i = 0; !stop; i++) {
          const body = {
            name: 'hostile', targetWebsite: 'http://127.0.0.1:9/', initialRunMode: 'DETERMINISTIC',
            customTools: [{ name: 'lengthOf', description: 'd', javascript: 'return 1', inputSchema: { type: 'object', properties: { s: { type: 'string', pattern: `^(a+)+(?:x${gapMs}_${i})?$` } } } }],
            toolCallsOnStart: [{ name: 'lengthOf', parameters: { s: `${'a'.repeat(40)}!` } }],
          };
          const t0 = performance.now();
          const res = await rawRequest(svc.url, { method: 'POST', path: '/api/flows', body });
          took.push(performance.now() - t0);
          const key = `${res.status} ${/took longer than/.test(res.body?.message ?? '') ? 'pattern too slow' : /could not be checked now/.test(res.body?.message ?? '') ? 'could not be checked now' : res.body?.code}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
          if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
        }
      })();
      const pings = await pingFor(dir, svc.url, SECONDS * 1000);
      stop = true;
      await attacker;
      return { pings, answers, took };
    };
    h = loop();
    const spaced = await attack(100);
    const spacedDelay = delay(h);
    h = loop();
    const flood = await attack(0);
    const floodDelay = delay(h);
    const attacked = flood.pings;
    const { answers, took } = flood;
    const sortedAttack = [...attacked].sort((a, b) => a - b);
    const sortedTook = [...took].sort((a, b) => a - b);
    console.log(`hostile-pattern benchmark: ${SECONDS} s per phase, ping every 5 ms from a separate process; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log(`${summary('baseline', baseline)}   ${baselineDelay}`);
    console.log(`${summary('one hostile pattern every 100 ms', spaced.pings)}   ${spacedDelay}`);
    console.log(`${summary('hostile patterns back to back', attacked)}   ${floodDelay}`);
    console.log(`hostile POST /api/flows (back to back): ${took.length} sent, answers ${[...answers].map(([k, n]) => `${n} x ${k}`).join(', ')}; each answered in p50 ${percentile(sortedTook, 50).toFixed(1)} ms, max ${(sortedTook[sortedTook.length - 1] ?? NaN).toFixed(1)} ms`);
    const sortedSpaced = [...spaced.pings].sort((a, b) => a - b);
    const p99 = percentile(sortedSpaced, 99);
    console.log(`target: ping under ${TARGET_MS} ms while a pattern runs (one every 100 ms): p99 ${p99.toFixed(2)} ms, max ${(sortedSpaced[sortedSpaced.length - 1] ?? NaN).toFixed(2)} ms -> ${p99 < TARGET_MS ? 'met (p99)' : 'MISSED'}; back to back: p99 ${percentile(sortedAttack, 99).toFixed(2)} ms`);
  } finally {
    await svc.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
