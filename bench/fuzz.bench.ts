/**
 * HTTP fuzz of the real service, 10,000 requests (`npm run bench:fuzz`):
 * the same generator as test/integration/http-fuzz.test.ts
 * (test/helpers/fuzz.ts), 16 at a time on raw sockets. Prints the counts by
 * kind and status, the 5xx answers and the connection resets (both must be
 * 0), and exits 1 otherwise. BENCH_FUZZ_REQUESTS and BENCH_FUZZ_SEED change
 * the run.
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import { startService } from '../test/helpers/service';
import { runFuzz } from '../test/helpers/fuzz';

const REQUESTS = Number(process.env.BENCH_FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? 20_261_122);

async function main(): Promise<void> {
  const svc = await startService({ settings: { logLevel: 'warn' } });
  let failed = false;
  try {
    const report = await runFuzz(svc.url, { requests: REQUESTS, seed: SEED, concurrency: 16 });
    const ping = await svc.request('GET', '/api/ping');
    const unhandled = svc.logs.filter((l) => /unhandled error/.test(l)).length;
    console.log(`fuzz benchmark: ${report.requests} requests (seed ${SEED}, 16 at a time, raw sockets) in ${(report.elapsedMs / 1000).toFixed(1)} s; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log(`kinds:    ${Object.entries(report.kinds).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
    console.log(`statuses: ${Object.entries(report.statuses).sort().map(([k, n]) => `${k} x ${n}`).join(', ')}`);
    console.log(`5xx: ${report.serverErrors}   connection resets: ${report.resets}   other client errors: ${report.otherErrors}   unhandled errors logged: ${unhandled}   ping afterwards: ${ping.status}`);
    for (const f of report.failures) console.log(`  ${f}`);
    failed = report.serverErrors > 0 || report.resets > 0 || report.otherErrors > 0 || unhandled > 0 || ping.status !== 200;
  } finally {
    await svc.stop();
  }
  if (failed) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
