/**
 * npm run bench:scale — how many remote flows one browserflow node can
 * coordinate. A local Selenium Grid with N slots (N = 2, 4) runs K = 2N
 * DETERMINISTIC flows of 10 steps at once (half wait for a slot); the same K
 * flows then run on the local `device` driver in the same run. Reported:
 * flows per minute, the service process's CPU milliseconds per tool call
 * (utime + stime from /proc, so the browsers, chromedriver, the Grid and
 * ffmpeg are not counted), its memory per live flow (peak RSS above idle,
 * divided by the flows live at once), and from these the remote flows one
 * core of the service can coordinate. The service holds at most N sessions
 * on the Grid (`maxConcurrentPerEndpoint`), so the other N flows wait in it
 * with `waitingFor` set. Last, the tool calls per second the storage can
 * record (bench/scale/step-writes.ts). Env: SIZES=2,4 VIDEO=1.
 */
import { readFileSync } from 'node:fs';
import { startTestSite } from '../test/fixtures/site/serve';
import { startSeleniumGrid } from '../test/helpers/selenium-grid';
import { readSse } from '../cli/sse-client';
import { TOOL_CALLS } from './replay/steps';
import { startServiceProcess, type ServiceProcess } from './replay/service-process';
import { stepWritesPerSecond } from './scale/step-writes';

const SIZES = (process.env.SIZES ?? '2,4').split(',').map(Number);
const VIDEO = process.env.VIDEO !== '0';
const STEPS = TOOL_CALLS.slice(0, 10);
const TICKS_PER_SECOND = 100;

/** CPU time of one process (not its children), in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of one process, in MiB. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

async function runFlow(svc: ServiceProcess, site: string, using: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${svc.url}/api/flows`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'scale', targetWebsite: `${site}/login.html`, initialRunMode: 'DETERMINISTIC', toolCallsOnStart: STEPS, browser: { using } }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const flow = (await res.json()) as { id: string };
  for await (const msg of readSse(`${svc.url}/api/flows/${flow.id}/events`)) {
    if (msg.event === 'done') {
      const done = JSON.parse(msg.data).flow;
      if (done.state !== 'SUCCESS') throw new Error(`bench flow failed: ${JSON.stringify(done.result)}`);
      return;
    }
  }
}

interface Row { label: string; flows: number; wallMs: number; cpuPerCallMs: number; mibPerFlow: number }

async function measure(label: string, svc: ServiceProcess, site: string, using: Record<string, unknown>, k: number, live: number): Promise<Row> {
  await runFlow(svc, site, using); // warm-up: connections, the shared browser, JIT
  const idle = rssMiB(svc.pid);
  let peak = idle;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(svc.pid)); }, 100);
  const cpu0 = cpuMs(svc.pid);
  const t0 = performance.now();
  await Promise.all(Array.from({ length: k }, () => runFlow(svc, site, using)));
  const wallMs = performance.now() - t0;
  const cpu = cpuMs(svc.pid) - cpu0;
  clearInterval(sampler);
  return { label, flows: k, wallMs, cpuPerCallMs: cpu / (k * STEPS.length), mibPerFlow: Math.max(0, peak - idle) / live };
}

async function main(): Promise<void> {
  const site = await startTestSite();
  const rows: Row[] = [];
  try {
    for (const n of SIZES) {
      const k = 2 * n;
      const grid = await startSeleniumGrid({ slots: n });
      const svc = await startServiceProcess({ flows: { video: VIDEO, screenshots: true, maxConcurrent: k, maxConcurrentPerEndpoint: n } });
      try {
        rows.push(await measure(`Grid, ${n} slots, webdriver`, svc, site.url, { type: 'webdriver', url: grid.url }, k, n));
        rows.push(await measure(`local device driver, ${k} at once`, svc, site.url, { type: 'device', headless: true }, k, k));
      } finally {
        await svc.stop();
        await grid.stop();
      }
    }
  } finally {
    await site.close();
  }
  console.log(`\n${STEPS.length}-step flows, video ${VIDEO ? 'on' : 'off'}, K = 2N flows started at once\n`);
  console.log('| setup | flows | flows/min | service CPU ms per tool call | service MiB per live flow | remote flows per service core |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const perFlowSeconds = r.wallMs / 1000 / (r.flows / (r.label.startsWith('Grid') ? Number(/(\d+) slots/.exec(r.label)![1]) : r.flows));
    // One flow issues STEPS tool calls over perFlowSeconds; a core gives 1000 CPU ms per second.
    const callsPerSecondPerFlow = STEPS.length / perFlowSeconds;
    const perCore = 1000 / (r.cpuPerCallMs * callsPerSecondPerFlow);
    console.log(`| ${r.label} | ${r.flows} | ${((r.flows / r.wallMs) * 60_000).toFixed(1)} | ${r.cpuPerCallMs.toFixed(1)} | ${r.mibPerFlow.toFixed(1)} | ${r.label.startsWith('Grid') ? perCore.toFixed(0) : '-'} |`);
  }
  console.log('\n| storage (LevelDB), flows writing at once | tool calls recorded per second (3 batches each) |');
  console.log('|---|---|');
  for (const lanes of [1, 32]) console.log(`| ${lanes} | ${(await stepWritesPerSecond(lanes, 3_000)).toFixed(0)} |`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
