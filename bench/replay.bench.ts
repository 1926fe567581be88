/**
 * npm run bench:replay — the 20-step DETERMINISTIC flow through the service
 * (POST, wait for `done` on the event stream) against the same steps as a
 * hand-written playwright-core script in a fresh context of an already
 * launched browser, alternating in the same run. Then 10 at once of each:
 * throughput and peak memory (process tree RSS). With video on, each flow's
 * video is read after `done` (outside the timed part) before the next run.
 */
import { chromium } from 'playwright-core';
import { startTestSite } from '../test/fixtures/site/serve';
import { readSse } from '../cli/sse-client';
import { runScript, TOOL_CALLS } from './replay/steps';
import { startServiceProcess, type ServiceProcess } from './replay/service-process';
import { samplePeak } from './replay/memory';
import { TEST_CHROMIUM } from '../test/helpers/chromium';

const ROUNDS = Number(process.env.ROUNDS ?? 11);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Extra time after `done` until the flow's video could be read, per video-on flow (ms). */
const videoReady: number[] = [];

/**
 * POST -> `done`, in ms. With `video`, it then reads the video (the route waits while it is
 * finished in the background) before the next measurement starts, so the encoding that
 * follows a flow never overlaps the baseline script: that time is reported on its own.
 */
async function serviceFlow(svc: ServiceProcess, site: string, video = false): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${svc.url}/api/flows`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', targetWebsite: `${site}/login.html`, initialRunMode: 'DETERMINISTIC', toolCallsOnStart: TOOL_CALLS }),
  });
  const flow = (await res.json()) as { id: string };
  for await (const msg of readSse(`${svc.url}/api/flows/${flow.id}/events`)) {
    if (msg.event === 'done') {
      const done = JSON.parse(msg.data).flow;
      if (done.state !== 'SUCCESS') throw new Error(`bench flow failed: ${JSON.stringify(done.result)}`);
      break;
    }
  }
  const ms = performance.now() - t;
  if (video) {
    const got = await fetch(`${svc.url}/api/flows/${flow.id}/video`);
    const bytes = (await got.arrayBuffer()).byteLength;
    if (got.status !== 200 || bytes === 0) throw new Error(`bench flow has no video: ${got.status}`);
    videoReady.push(performance.now() - t - ms);
  }
  return ms;
}

async function main(): Promise<void> {
  const site = await startTestSite();
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: ARGS });
  const script = async (screenshots: boolean) => {
    const t = performance.now();
    const context = await browser.newContext();
    const page = await context.newPage();
    await runScript(page, site.url, () => (screenshots ? page.screenshot() : Promise.resolve()));
    await context.close();
    return performance.now() - t;
  };
  const rows: string[] = [];
  for (const video of [false, true]) {
    const svc = await startServiceProcess({ flows: { video, screenshots: true, maxConcurrent: 10 } });
    await serviceFlow(svc, site.url, video); // warm-up: the service launches its shared browser
    await script(true);
    const s: number[] = [];
    const b: number[] = [];
    const bNoShot: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      s.push(await serviceFlow(svc, site.url, video));
      b.push(await script(true));
      bNoShot.push(await script(false));
    }
    rows.push(`| sequential, video ${video ? 'on ' : 'off'} | ${median(s).toFixed(0)} | ${median(b).toFixed(0)} | ${(median(s) / median(b)).toFixed(2)} | ${median(bNoShot).toFixed(0)} | ${(median(s) / median(bNoShot)).toFixed(2)} |`);

    if (!video) {
      const memS = samplePeak(svc.pid);
      const t1 = performance.now();
      await Promise.all(Array.from({ length: 10 }, () => serviceFlow(svc, site.url)));
      const serviceMs = performance.now() - t1;
      const peakService = memS.stop();
      const memB = samplePeak(process.pid, 100, svc.pid);
      const t2 = performance.now();
      await Promise.all(Array.from({ length: 10 }, () => script(true)));
      const scriptMs = performance.now() - t2;
      const peakBench = memB.stop();
      rows.push(`| 10 at once (throughput flows/min; peak MiB) | ${(600_000 / serviceMs).toFixed(1)}/min; ${peakService} MiB | ${(600_000 / scriptMs).toFixed(1)}/min; ${peakBench} MiB | ${(serviceMs / scriptMs).toFixed(2)} (time) | | |`);
    }
    await svc.stop();
  }
  await browser.close();
  await site.close();
  console.log(`20-step DETERMINISTIC flow, ${ROUNDS} alternating rounds, median wall time (ms)\n`);
  console.log('| run | service | script + screenshot per step | ratio | script, no screenshots | ratio |');
  // Peak memory: RSS of the service process tree (node + its Chromium) vs the bench process tree without the service (node + the script's Chromium).
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
  videoReady.shift(); // the warm-up's
  console.log(`\nVideo on: the video could be read a median ${median(videoReady).toFixed(0)} ms after \`done\` (max ${Math.max(...videoReady).toFixed(0)}; finished in the background, not in the service time above).`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
