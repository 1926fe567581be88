/**
 * Agent step benchmark (`npm run bench:agent`): the service's own overhead
 * per AUTONOMOUS step.
 *
 * The real service (every plugin of config/default.json, screenshots on,
 * video off) runs an AUTONOMOUS flow of STEPS `hover` calls on the links of
 * the test site's home page, then markObjectiveComplete, against the fake
 * OpenAI server, which answers at once from a script that reads the refs out
 * of the observation it was sent. From the stored tool-call records:
 *   step     = completedAt(i) - completedAt(i-1)
 *   tool     = completedAt(i) - startedAt(i)   (the action, its screenshot, the record writes)
 *   overhead = startedAt(i) - completedAt(i-1) (state writes, observation, the model round trip)
 * and, from the agent's debug log, the observation and model-call parts of
 * the overhead. Baseline: the same hovers (plus a screenshot each) in a
 * hand-written playwright-core script in the same run. Target: median
 * overhead <= 150 ms.
 *
 * Also the model's input per step, in o200k tokens of what the fake server
 * received (tool definitions, and the messages), against the tool
 * definitions with the full schemas of GET /api/tools (same run, same tools).
 */
import 'reflect-metadata';
import { chromium } from 'playwright-core';
import { cpus, loadavg } from 'node:os';
import { startService } from '../test/helpers/service';
import { startTestSite } from '../test/fixtures/site/serve';
import { getEncoding } from 'js-tiktoken';
import { createFakeLlmServer, seenByModel, type ScriptItem } from '../test/fixtures/fake-llm/fake-llm-server';
import { toolJsonSchema } from '../lib/json-schema/tool-json-schema';
import { assertionTools } from '../plugins/tools/browser/assertion-tools';
import { controlTools } from '../plugins/tools/browser/control-tools';
import { elementTools } from '../plugins/tools/browser/element-tools';
import { navigationTools } from '../plugins/tools/browser/navigation-tools';
import { TEST_CHROMIUM } from '../test/helpers/chromium';

const STEPS = 20;
const WARMUP_STEPS = 4;
const TARGET_OVERHEAD_MS = 150;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const median = (xs: number[]) => percentile(xs, 50);
function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}
const fmt = (n: number) => `${Math.round(n)} ms`;

/** Refs of the links in an observation (`[3] link "Login form"`, or `[3] a "Login form"`). */
function linkRefs(page: string): number[] {
  const refs: number[] = [];
  for (const line of page.split('\n')) {
    const m = /\[(\d+)\]\s*(link|a)\b/i.exec(line);
    if (m) refs.push(Number(m[1]));
  }
  return refs;
}

/** `count` hovers on the page's links in turn, then markObjectiveComplete. */
function hoverScript(count: number): ScriptItem[] {
  const items: ScriptItem[] = [];
  for (let i = 0; i < count; i++) {
    items.push((req) => {
      const user = seenByModel('openai', req.body).userTexts.join('\n');
      const refs = linkRefs(user.slice(user.indexOf('<page>')));
      if (!refs.length) throw new Error(`no link in the observation:\n${user}`);
      return { text: `Hover link ${i % refs.length}.`, toolCall: { name: 'hover', arguments: { selector: `ref=${refs[i % refs.length]}` } } };
    });
  }
  items.push({ text: 'Done.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: `${count} hovers` } } });
  return items;
}

interface StepFigures {
  step: number[]; tool: number[]; overhead: number[]; observe: number[]; model: number[];
  /** o200k tokens per model request: the tool definitions as sent, the messages, and the tools with full schemas. */
  toolTokens: number[]; messageTokens: number[]; fullToolTokens: number[];
}

const o200k = getEncoding('o200k_base');
const BUILTINS = new Map([...navigationTools, ...elementTools, ...assertionTools, ...controlTools].map((t) => [t.name, t]));

/** Token counts of one OpenAI chat request as the fake received it. */
function requestTokens(body: { tools?: Array<{ function: { name: string } }>; messages?: unknown }): { tools: number; messages: number; fullTools: number } {
  const tools = body.tools ?? [];
  const full = tools.map((t) => {
    const tool = BUILTINS.get(t.function.name);
    return tool ? { ...t, function: { ...t.function, parameters: toolJsonSchema(tool) } } : t;
  });
  return { tools: o200k.encode(JSON.stringify(tools)).length, messages: o200k.encode(JSON.stringify(body.messages)).length, fullTools: o200k.encode(JSON.stringify(full)).length };
}

async function runServiceFlow(steps: number): Promise<StepFigures> {
  // One hover more than measured: the first follows the page load, not a step.
  const fake = await createFakeLlmServer('openai', hoverScript(steps + 1));
  try {
    const name = `bench-${Date.now()}`;
    await svc.request('POST', `/api/gpt-configs/${name}`, fake.gptConfig());
    await svc.request('POST', '/api/agents/flow-runner', { gptConfigName: name });
    const created = await svc.request('POST', '/api/flows', {
      name: 'agent step bench', targetWebsite: `${site.url}/index.html`, initialRunMode: 'AUTONOMOUS',
      overallObjective: 'Hover every link of the page in turn', maxToolCalls: steps + 10,
    });
    if (created.status !== 201) throw new Error(`create failed: ${created.text}`);
    const id = created.body.id as string;
    const logStart = svc.logs.length;
    for (const until = Date.now() + 120_000; ;) {
      const flow = (await svc.request('GET', `/api/flows/${id}`)).body;
      if (flow.state === 'SUCCESS' || flow.state === 'FAILED') {
        if (flow.state !== 'SUCCESS') throw new Error(`flow failed: ${JSON.stringify(flow.result)}`);
        break;
      }
      if (Date.now() > until) throw new Error('flow did not finish in 120 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const calls = (await svc.request('GET', `/api/flows/${id}/tool-calls`)).body as Array<{ name: string; startedAt: number; completedAt: number }>;
    const figures: StepFigures = { step: [], tool: [], overhead: [], observe: [], model: [], toolTokens: [], messageTokens: [], fullToolTokens: [] };
    for (const req of fake.requests) {
      if (!req.body) continue;
      const t = requestTokens(req.body as Parameters<typeof requestTokens>[0]);
      figures.toolTokens.push(t.tools);
      figures.messageTokens.push(t.messages);
      figures.fullToolTokens.push(t.fullTools);
    }
    for (let i = 1; i < calls.length; i++) {
      if (calls[i]!.name !== 'hover') continue;
      figures.step.push(calls[i]!.completedAt - calls[i - 1]!.completedAt);
      figures.tool.push(calls[i]!.completedAt - calls[i]!.startedAt);
      figures.overhead.push(calls[i]!.startedAt - calls[i - 1]!.completedAt);
    }
    for (const line of svc.logs.slice(logStart)) {
      const m = /agent step .*"observeMs":(\d+),"modelMs":(\d+)/.exec(line);
      if (m) { figures.observe.push(Number(m[1])); figures.model.push(Number(m[2])); }
    }
    figures.observe.shift();
    figures.model.shift();
    return figures;
  } finally {
    await fake.close();
  }
}

/** The same hovers in plain playwright-core: time per action, and per action plus a screenshot. */
async function baseline(steps: number): Promise<{ action: number[]; actionAndShot: number[] }> {
  const browser = await chromium.launch({ executablePath: TEST_CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`${site.url}/index.html`);
    const links = page.locator('a');
    const count = await links.count();
    const action: number[] = [];
    const actionAndShot: number[] = [];
    for (let i = 0; i < WARMUP_STEPS + steps; i++) {
      const t0 = performance.now();
      await links.nth(i % count).hover();
      const t1 = performance.now();
      await page.screenshot();
      const t2 = performance.now();
      if (i >= WARMUP_STEPS) { action.push(t1 - t0); actionAndShot.push(t2 - t0); }
    }
    return { action, actionAndShot };
  } finally {
    await browser.close();
  }
}

const site = await startTestSite();
const svc = await startService({ settings: { flows: { video: false, screenshots: true } } });
try {
  await runServiceFlow(WARMUP_STEPS); // JIT, browser launch, first connections
  const f = await runServiceFlow(STEPS);
  const b = await baseline(STEPS);
  const rows: Array<[string, number[]]> = [
    ['step (wall time)', f.step], ['tool (action + screenshot + records)', f.tool], ['overhead (step - tool)', f.overhead],
    ['  of which observation', f.observe], ['  of which model call (fake, ~0 ms server time)', f.model],
    ['baseline: playwright-core hover', b.action], ['baseline: hover + screenshot', b.actionAndShot],
  ];
  console.log(`agent step benchmark: ${f.step.length} AUTONOMOUS hover steps, screenshots on, video off; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(2)}`);
  console.log(`${'measure'.padEnd(50)} ${'median'.padStart(8)} ${'p90'.padStart(8)}`);
  for (const [label, xs] of rows) console.log(`${label.padEnd(50)} ${fmt(median(xs)).padStart(8)} ${fmt(percentile(xs, 90)).padStart(8)}`);
  const ratio = median(f.step) / median(b.actionAndShot);
  console.log(`ratio step / (hover + screenshot): ${ratio.toFixed(2)}x`);
  const tokens = (xs: number[]) => String(median(xs)).padStart(8);
  console.log(`model input per step, o200k tokens (median): tool definitions ${tokens(f.toolTokens)}, messages ${tokens(f.messageTokens)}; the tools with full schemas would be ${tokens(f.fullToolTokens)} (ratio ${(median(f.toolTokens) / median(f.fullToolTokens)).toFixed(2)})`);
  const overhead = median(f.overhead);
  console.log(`median overhead ${fmt(overhead)}: ${overhead <= TARGET_OVERHEAD_MS ? 'PASS' : 'FAIL'} (target <= ${TARGET_OVERHEAD_MS} ms)`);
  process.exitCode = overhead <= TARGET_OVERHEAD_MS ? 0 : 1;
} finally {
  await svc.stop();
  await site.close();
}
