/**
 * npm run bench:browser — what headless flows cost on Debian's headless
 * shell (`/usr/lib/chromium/chromium-headless-shell`, the default when
 * installed: lib/browsers/system-chromium.ts) against the full Chromium's
 * new headless mode (`/usr/bin/chromium`), alternating in the same run.
 *
 * 1. The browser alone: one launched browser per binary; a unit is a new
 *    context, a page, a load of the test site's form page, 3 screenshots and
 *    the context's close (what a short flow asks of the browser). CPU is the
 *    browser's processes' (sampled from /proc every 50 ms, the largest value
 *    seen per process, so processes that exit are counted).
 * 2. The service: the 20-step DETERMINISTIC flow of bench:replay (screenshots
 *    on, video off), the service as its own process with the device driver's
 *    `executablePath` set to each binary; time from POST to SUCCESS, and the
 *    CPU of the service process and everything it started (browser,
 *    renderers), so the service's own work counts too.
 *
 * Prints medians per binary and the shell / full ratios. ROUNDS (default 5)
 * rounds of UNITS (default 10) units, and FLOWS (default 5) flows per binary.
 */
import { existsSync, readFileSync } from 'node:fs';
import { descendsFrom, readProcesses } from './replay/proc';
import { chromium, type Browser } from 'playwright-core';
import { startTestSite } from '../test/fixtures/site/serve';
import { startServiceProcess, type ServiceProcess } from './replay/service-process';
import { TOOL_CALLS } from './replay/steps';
import { SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL } from '../lib/browsers/system-chromium';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const UNITS = Number(process.env.UNITS ?? 10);
const FLOWS = Number(process.env.FLOWS ?? 5);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const BINARIES = { full: SYSTEM_CHROMIUM, shell: SYSTEM_HEADLESS_SHELL } as const;
type Which = keyof typeof BINARIES;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * CPU seconds per process seen (the largest sample), by pid, with its
 * parent and which binary it runs ('' for others): Chromium's processes, and
 * the service processes of part 2 with everything they start.
 */
const seen = new Map<number, { binary: string; ppid: number; cpu: number }>();
function sample(): void {
  for (const p of readProcesses(true)) {
    const binary = p.exe.includes('chromium-headless-shell') ? 'shell' : p.exe.includes('/chromium') ? 'full' : '';
    const prev = seen.get(p.pid);
    if (!prev || prev.cpu < p.cpuSeconds) seen.set(p.pid, { binary, ppid: p.ppid, cpu: p.cpuSeconds });
  }
}
/** The Chromium processes' CPU of one binary (part 1). */
function cpuOf(which: Which): number {
  sample();
  let sum = 0;
  for (const p of seen.values()) if (p.binary === which) sum += p.cpu;
  return sum;
}
/** The CPU of a process and all it started (part 2: the service, its browsers and their renderers). */
function treeCpu(root: number): number {
  sample();
  let sum = 0;
  for (const [pid, p] of seen) if (descendsFrom(pid, root, (q) => seen.get(q)?.ppid)) sum += p.cpu;
  return sum;
}

async function browserUnits(browser: Browser, which: Which, url: string): Promise<{ cpu: number; ms: number }> {
  const cpu0 = cpuOf(which);
  const t = performance.now();
  for (let i = 0; i < UNITS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    await page.goto(url);
    for (let s = 0; s < 3; s++) await page.screenshot();
    await context.close();
  }
  return { cpu: (cpuOf(which) - cpu0) / UNITS, ms: (performance.now() - t) / UNITS };
}

async function serviceFlow(svc: ServiceProcess, site: string): Promise<{ cpu: number; ms: number }> {
  const cpu0 = treeCpu(svc.pid);
  const t = performance.now();
  const created = await fetch(`${svc.url}/api/flows`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', targetWebsite: `${site}/login.html`, initialRunMode: 'DETERMINISTIC', toolCallsOnStart: TOOL_CALLS }),
  });
  const { id } = (await created.json()) as { id: string };
  for (;;) {
    const flow = (await (await fetch(`${svc.url}/api/flows/${id}`)).json()) as { state: string; result?: unknown };
    if (flow.state === 'SUCCESS') break;
    if (['FAILED', 'CANCELLED', 'INTERRUPTED'].includes(flow.state)) throw new Error(`bench flow ended ${flow.state}: ${JSON.stringify(flow.result)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { cpu: treeCpu(svc.pid) - cpu0, ms: performance.now() - t };
}

async function main(): Promise<void> {
  for (const path of Object.values(BINARIES)) if (!existsSync(path)) throw new Error(`${path} is not installed (apt-get install -y chromium chromium-headless-shell)`);
  const sampler = setInterval(sample, 50);
  const site = await startTestSite();
  const results: Record<string, Record<Which, Array<{ cpu: number; ms: number }>>> = { browser: { full: [], shell: [] }, service: { full: [], shell: [] } };

  const browsers = {} as Record<Which, Browser>;
  for (const which of ['full', 'shell'] as Which[]) browsers[which] = await chromium.launch({ executablePath: BINARIES[which], args: ARGS });
  for (const which of ['full', 'shell'] as Which[]) await browserUnits(browsers[which], which, `${site.url}/form.html`);
  for (let r = 0; r < ROUNDS; r++) {
    for (const which of (r % 2 ? ['shell', 'full'] : ['full', 'shell']) as Which[]) results.browser![which].push(await browserUnits(browsers[which], which, `${site.url}/form.html`));
  }
  for (const b of Object.values(browsers)) await b.close();

  const services = {} as Record<Which, ServiceProcess>;
  for (const which of ['full', 'shell'] as Which[]) {
    services[which] = await startServiceProcess({ flows: { video: false } }, (config) => ({
      ...config,
      plugins: config.plugins.map((p) => (p.use.endsWith('plugins/drivers/playwright') ? { ...p, config: { ...(p.config as object), executablePath: BINARIES[which] } } : p)),
    }));
    await serviceFlow(services[which], site.url);
  }
  for (let r = 0; r < FLOWS; r++) {
    for (const which of (r % 2 ? ['shell', 'full'] : ['full', 'shell']) as Which[]) results.service![which].push(await serviceFlow(services[which], site.url));
  }
  for (const s of Object.values(services)) await s.stop();
  clearInterval(sampler);
  await site.close();

  const fmt = (n: number) => n.toFixed(3);
  console.log(`bench:browser  ${ROUNDS} rounds x ${UNITS} units, ${FLOWS} flows per binary, load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
  for (const part of ['browser', 'service'] as const) {
    const m = (which: Which, key: 'cpu' | 'ms') => median(results[part]![which].map((x) => x[key]));
    const what = part === 'browser' ? 'context + load + 3 screenshots + close; Chromium CPU' : '20-step DETERMINISTIC flow, POST -> SUCCESS; service + browser CPU';
    console.log(`${part} (${what}):`);
    console.log(`  full  Chromium   cpu ${fmt(m('full', 'cpu'))} s  wall ${m('full', 'ms').toFixed(0)} ms`);
    console.log(`  headless shell   cpu ${fmt(m('shell', 'cpu'))} s  wall ${m('shell', 'ms').toFixed(0)} ms`);
    console.log(`  shell / full     cpu ${(m('shell', 'cpu') / m('full', 'cpu')).toFixed(2)}  wall ${(m('shell', 'ms') / m('full', 'ms')).toFixed(2)}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
