/**
 * Agent request benchmark (`npm run bench:agent`, third part): how big the
 * AUTONOMOUS agent's whole model request is, against Playwright's AI-mode
 * snapshot (`page.ariaSnapshot({ mode: 'ai' })`) of the same page.
 *
 * For each page of the shared real-page set, the real flow-runner agent
 * takes its first step (default settings: observation budget 6,000, no
 * screenshot, the 24 built-in tools as the agent offers them, an objective
 * and no history yet)
 * through the real OpenAI provider against the fake OpenAI server, which
 * records the JSON body exactly as the SDK sent it; that body is counted
 * with o200k_base. The fixed part is what a blank page costs: the same
 * request on `about:blank` (system prompt, tool schemas, the objective and
 * an empty page), and, within it, the system prompt and tool definitions
 * alone.
 *
 * Content pages are the pages with something to read: an AI snapshot of at
 * least CONTENT_MIN_TOKENS tokens (a consent wall or an error page is not).
 * Targets (issue 15 item 6): median request / snapshot over content pages
 * <= 1/3, fixed part < 1,000 tokens.
 *
 * Run: npm run bench:agent-request (also part of npm run bench:agent; real
 * Chromium, under a minute)
 * Env: BENCH_REAL_PAGES=dir of the shared real pages (default
 * ../shared/fixtures/real-pages beside the repository).
 */
import 'reflect-metadata';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getEncoding } from 'js-tiktoken';
import type { Page } from 'playwright-core';
import type { BrowserSession } from '../kernel/contracts/browser-driver';
import type { Storage } from '../kernel/contracts/storage';
import type { ToolDefinition } from '../lib/tool-calls/tool-contract';
import { createFlowRunnerAgent } from '../plugins/agents/flow-runner/flow-runner-agent';
import { PageObserver } from '../plugins/drivers/playwright/observation/observe-page';
import { OpenAiProvider } from '../plugins/llm/openai/provider';
import { assertionTools } from '../plugins/tools/browser/assertion-tools';
import { controlTools } from '../plugins/tools/browser/control-tools';
import { elementTools } from '../plugins/tools/browser/element-tools';
import { navigationTools } from '../plugins/tools/browser/navigation-tools';
import { createFakeLlmServer } from '../test/fixtures/fake-llm/fake-llm-server';
import { launchChromium, offlineContext } from '../test/fixtures/pages/browser';
import { startStaticServer } from '../test/fixtures/pages/static-server';
import { flowOf, settingsOf } from '../test/unit/agent/agent-fixtures';
import { createLogger } from '../lib/logging/logger';

const REAL_DIR = process.env.BENCH_REAL_PAGES ?? join(import.meta.dirname, '../../shared/fixtures/real-pages');
const CONTENT_MIN_TOKENS = 1_000;
const TARGET_RATIO = 1 / 3;
const TARGET_FIXED = 1_000;
const OBJECTIVE = 'Find the search field, search for "weather" and open the first result';

const o200k = getEncoding('o200k_base');
const tokens = (text: string): number => o200k.encode(text).length;
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const tools = new Map<string, ToolDefinition>([...navigationTools, ...elementTools, ...assertionTools, ...controlTools].map((t) => [t.name, t]));
const fake = await createFakeLlmServer('openai');
const storage = { gptConfigs: { get: async () => fake.gptConfig() } } as unknown as Storage;
const logger = createLogger('silent');
const agent = createFlowRunnerAgent({ storage, settings: settingsOf(), logger, providers: [new OpenAiProvider({ logger })] });

/** The JSON body of the agent's first request on `page`, as the fake server received it. */
async function firstRequest(page: Page): Promise<{ raw: string; body: { messages: Array<{ role: string; content: unknown }>; tools?: unknown[] } }> {
  const observer = new PageObserver();
  // The agent only observes through its session; the rest of a session plays no part in a request.
  const session: Pick<BrowserSession, 'observe' | 'tabs'> = {
    observe: (options) => observer.observe(page, options),
    tabs: async () => page.context().pages().map((p, index) => ({ index, url: p.url(), title: '', active: p === page })),
  };
  const before = fake.requests.length;
  fake.push({ text: 'Done.', toolCall: { name: 'markObjectiveComplete', arguments: { summary: 'measured' } } });
  await agent.nextStep({
    flow: flowOf({ envVars: [], overallObjective: OBJECTIVE }), session: session as BrowserSession, tools, history: [], signal: new AbortController().signal,
    redact: (t) => t, onUsage: async () => {},
  });
  const req = fake.requests[before]!;
  return { raw: req.rawBody, body: req.body as never };
}

interface Row { page: string; snapshot: number; request: number; observation: number; tools: number }

async function main(): Promise<void> {
  const server = await startStaticServer({ '/real/': REAL_DIR });
  const browser = await launchChromium();
  const rows: Row[] = [];
  let fixed = 0;
  let prefix = 0;
  let blankTools = 0;
  try {
    const blank = await (await offlineContext(browser, [server.origin])).newPage();
    const empty = await firstRequest(blank);
    fixed = tokens(empty.raw);
    prefix = tokens(JSON.stringify([empty.body.messages[0], empty.body.tools]));
    blankTools = empty.body.tools?.length ?? 0;
    for (const file of readdirSync(REAL_DIR).filter((f) => f.endsWith('.html')).sort()) {
      const context = await offlineContext(browser, [server.origin]);
      const page = await context.newPage();
      await page.goto(`${server.origin}/real/${file}`, { waitUntil: 'load', timeout: 60_000 });
      const snapshot = tokens(await page.ariaSnapshot({ mode: 'ai', timeout: 60_000 }));
      const { raw, body } = await firstRequest(page);
      const user = body.messages.find((m) => m.role === 'user');
      const text = typeof user?.content === 'string' ? user.content : '';
      const observation = tokens(text.slice(text.indexOf('<page>'), text.indexOf('</page>')));
      rows.push({ page: file.replace(/\.html$/, ''), snapshot, request: tokens(raw), observation, tools: body.tools?.length ?? 0 });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await fake.close();
  }

  console.log('| page | AI snapshot | whole request | of which observation | tools offered | request / snapshot |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.page} | ${r.snapshot} | ${r.request} | ${r.observation} | ${r.tools} | ${(r.request / r.snapshot).toFixed(2)} |`);
  const content = rows.filter((r) => r.snapshot >= CONTENT_MIN_TOKENS);
  const ratio = median(content.map((r) => r.request / r.snapshot));
  console.log('');
  console.log(`fixed part (the whole request on about:blank): ${fixed} o200k tokens, of which system prompt + ${blankTools} tool definitions ${prefix}: ${fixed < TARGET_FIXED ? 'PASS' : 'FAIL'} (target < ${TARGET_FIXED})`);
  console.log(`median request / AI snapshot, content pages (${content.length} of ${rows.length}, snapshot >= ${CONTENT_MIN_TOKENS} tokens): ${ratio.toFixed(2)}: ${ratio <= TARGET_RATIO ? 'PASS' : 'FAIL'} (target <= 0.33); all pages ${median(rows.map((r) => r.request / r.snapshot)).toFixed(2)}; largest request ${Math.max(...rows.map((r) => r.request))} tokens`);
  if (fixed >= TARGET_FIXED || ratio > TARGET_RATIO) process.exitCode = 1;
}

await main();
