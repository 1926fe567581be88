/**
 * API benchmark (`npm run bench:api`).
 *
 * 1. Throughput: GET /api/ping on the full service (every plugin of
 *    config/default.json, temp data dir) against a bare node:http server
 *    answering the same JSON, alternated twice. Target: ratio >= 0.7.
 * 2. List latency: 10,000 flows seeded through STORAGE, then p50/p99 of
 *    GET /api/flows?limit=100 and ?name=<a name 100 flows share>&limit=100
 *    (skipped with a note while the flows routes are not there).
 *
 * The load generator (autocannon) runs as a separate process so it never
 * shares the event loop being measured. Results go to docs/benchmarks.md.
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Storage } from '../kernel/contracts/storage';
import { STORAGE, resolve } from '../kernel/tokens';
import { makeFlow } from '../test/contract/storage.contract';
import { ROOT, startService } from '../test/helpers/service';

const AUTOCANNON = join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
const TARGET_RATIO = 0.7;
const FLOWS = 10_000;
const NEEDLE = 'needle flow';
const T0 = 1_750_000_000_000;

interface CannonResult {
  rps: number; p50: number; p99: number; errors: number; non2xx: number;
  /** CPU time this process (the servers' side) spent per answered request, in microseconds. */
  cpuUsPerRequest: number;
}

/** Runs autocannon in a child process and reads its JSON report. */
function cannon(url: string, connections: number, seconds: number): Promise<CannonResult> {
  return new Promise((resolvePromise, reject) => {
    const cpu = process.cpuUsage();
    execFile(process.execPath, [AUTOCANNON, '-c', String(connections), '-d', String(seconds), '-j', url], { maxBuffer: 16 * 1024 * 1024 }, (err, stdout) => {
      if (err) return reject(err);
      const used = process.cpuUsage(cpu);
      const r = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
      resolvePromise({
        rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx,
        cpuUsPerRequest: (used.user + used.system) / Math.max(1, r.requests.total),
      });
    });
  });
}

/** The baseline: node:http with nothing but the answer. */
function bareServer(): Promise<Server> {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  return new Promise((r) => server.listen(0, '127.0.0.1', () => r(server)));
}

async function seedFlows(storage: Storage): Promise<number> {
  const started = Date.now();
  for (let i = 0; i < FLOWS; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, FLOWS - i) }, (_, j) => {
      const n = i + j;
      return storage.flows.create(makeFlow({
        name: n % 100 === 42 ? NEEDLE : `flow ${n % 97}`,
        state: 'SUCCESS', createdAt: T0 + n * 1000, startedAt: T0 + n * 1000 + 10, completedAt: T0 + n * 1000 + 500,
        result: { success: true, summary: 'done', error: null },
      }));
    }));
  }
  return Date.now() - started;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(): Promise<void> {
  const lines: string[] = [];
  const say = (line: string) => {
    console.log(line);
    lines.push(line);
  };
  const svc = await startService({ settings: { logLevel: 'warn' } });
  const bare = await bareServer();
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  try {
    say(`Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(1)} at start.`);
    say('');
    say('### GET /api/ping throughput (autocannon -c 50 -d 5, separate process)');
    say('');
    say('| run | bare node:http req/s | browserflow req/s | ratio | bare CPU µs/req | browserflow CPU µs/req | CPU ratio |');
    say('|---|---|---|---|---|---|---|');
    // Warm both up so JIT and connection setup are out of the numbers.
    await cannon(bareUrl, 50, 2);
    await cannon(`${svc.url}/api/ping`, 50, 2);
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let run = 1; run <= 2; run++) {
      const b = await cannon(bareUrl, 50, 5);
      const s = await cannon(`${svc.url}/api/ping`, 50, 5);
      if (s.errors || s.non2xx) throw new Error(`service answered ${s.non2xx} non-2xx and ${s.errors} errors`);
      ratios.push(s.rps / b.rps);
      cpuRatios.push(b.cpuUsPerRequest / s.cpuUsPerRequest);
      say(`| ${run} | ${fmt(b.rps)} | ${fmt(s.rps)} | ${(s.rps / b.rps).toFixed(2)} | ${b.cpuUsPerRequest.toFixed(1)} | ${s.cpuUsPerRequest.toFixed(1)} | ${(b.cpuUsPerRequest / s.cpuUsPerRequest).toFixed(2)} |`);
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const ratio = mean(ratios);
    say('');
    say(`Mean throughput ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}): ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}. `
      + `Mean CPU ratio (bare CPU per request / browserflow CPU per request) ${mean(cpuRatios).toFixed(2)}: `
      + 'the share of a bare server\'s throughput the service reaches when the CPU is the limit; it is less sensitive '
      + 'than req/s to other processes competing for the cores.');
    say('');
    say(`### Flow list latency (${fmt(FLOWS)} flows, autocannon -c 1 -d 5)`);
    say('');
    const probe = await svc.request('GET', '/api/flows?limit=1');
    if (probe.status === 404 && probe.body?.code === 'NOT_FOUND') {
      say('Skipped: GET /api/flows is not served yet (the flows routes plugin is not loaded).');
    } else {
      const ms = await seedFlows(resolve(svc.kernel.container, STORAGE));
      say(`Seeded ${fmt(FLOWS)} flows through STORAGE in ${fmt(ms)} ms; ${FLOWS / 100} share the name "${NEEDLE}".`);
      say('');
      say('| query | req/s | p50 ms | p99 ms |');
      say('|---|---|---|---|');
      for (const query of ['limit=100', `name=${encodeURIComponent(NEEDLE)}&limit=100`]) {
        const check = await svc.request('GET', `/api/flows?${query}`);
        if (check.status !== 200 || check.body.flows.length !== 100) throw new Error(`GET /api/flows?${query} answered ${check.status} with ${check.body?.flows?.length} flows`);
        await cannon(`${svc.url}/api/flows?${query}`, 1, 1);
        const r = await cannon(`${svc.url}/api/flows?${query}`, 1, 5);
        say(`| \`GET /api/flows?${query}\` | ${fmt(r.rps)} | ${r.p50} | ${r.p99} |`);
      }
    }
  } finally {
    bare.close();
    await svc.stop();
  }
  await writeSection(lines);
}

/** Replaces (or appends) this benchmark's section of docs/benchmarks.md, leaving the others alone. */
async function writeSection(lines: string[]): Promise<void> {
  const file = join(ROOT, 'docs', 'benchmarks.md');
  const heading = '## API throughput and list latency (bench/api.bench.ts)';
  const section = [
    heading, '',
    'Command: `npm run bench:api`. It boots the full service from config/default.json (temp data dir, log level warn) and a',
    'bare `node:http` server answering the same `{"status":"ok"}`, and loads each with',
    '`node node_modules/autocannon/autocannon.js -c 50 -d 5 -j URL` in a child process, alternating twice after a',
    '2 s warm-up of each. List latency: 10,000 flows written with `storage.flows.create`, then `-c 1 -d 5` per query.',
    `Last run: ${new Date().toISOString().slice(0, 10)}.`, '',
    ...lines, '',
  ].join('\n');
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch {
    text = '# Benchmarks\n\nEach benchmark writes its own section below.\n\n';
  }
  const start = text.indexOf(heading);
  if (start < 0) {
    text = `${text.replace(/\n*$/, '\n\n')}${section}`;
  } else {
    const next = text.indexOf('\n## ', start + heading.length);
    text = text.slice(0, start) + section + (next < 0 ? '' : text.slice(next + 1));
  }
  await writeFile(file, text);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
