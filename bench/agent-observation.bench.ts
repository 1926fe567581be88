/**
 * Observation benchmark: tokens of our page observation versus Playwright's
 * aria snapshot (default and `mode: 'ai'`, the one with refs) on saved
 * real-world pages and our fixture pages, counted with a real tokenizer
 * (o200k_base), plus how many visible interactive elements got a ref; the
 * time of an observation with and without a screenshot; and the time and
 * output of selector recording on sampled controls (each recorded candidate
 * is re-resolved with Playwright afterwards, outside the timing); and, timed
 * in the page apart from it, the fingerprint capture of the same controls
 * and a replay's scan by fingerprint of their tags.
 *
 * Run: npm run bench:agent-observation   (real Chromium, ~1-2 minutes)
 * Env: BENCH_PAGES=substring to run only matching pages.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getEncoding } from 'js-tiktoken';
import type { ElementHandle, Page } from 'playwright-core';
import { recordSelectors } from '../plugins/drivers/playwright/selectors/record-selectors';
import { MAX_SCANNED, captureFingerprints } from '../lib/page-scripts/selectors/fingerprint';
import { PageObserver } from '../plugins/drivers/playwright/observation/observe-page';
import { ViewportCapture } from '../plugins/drivers/playwright/viewport-capture';
import { OBSERVER_STATE_KEY } from '../lib/page-scripts/observation/observer-lib';
import { estimateTokens } from '../lib/token-estimate/token-estimate';
import { launchChromium, offlineContext } from '../test/fixtures/pages/browser';
import { startStaticServer } from '../test/fixtures/pages/static-server';

// shared/ sits beside the repository (as in CI); BENCH_REAL_PAGES overrides.
const REAL_DIR = process.env.BENCH_REAL_PAGES ?? join(import.meta.dirname, '../../shared/fixtures/real-pages');
const SITE_DIR = join(import.meta.dirname, '../test/fixtures/site');
const OWN_DIR = join(import.meta.dirname, '../test/fixtures/pages');
const DEFAULT_BUDGET = 6000;
const GENEROUS_BUDGET = 1_000_000;

const encoder = getEncoding('o200k_base');
const tokens = (text: string): number => encoder.encode(text).length;

interface Coverage {
  /** Visible interactive elements. */
  visible: number;
  /** Of those, inside aria-hidden or parked off-screen. */
  excluded: number;
  /** visible - excluded: what the observation must address. */
  interactive: number;
  /** Of `interactive`, how many have a ref in the text. */
  covered: number;
}

/** Where a page comes from: the saved real-world pages, our test site (test/fixtures/site), or the observation unit tests' pages (test/fixtures/pages). */
type PageSet = 'real' | 'site' | 'fixture';

interface Row {
  page: string;
  set: PageSet;
  /** One of the saved real-world pages. */
  real: boolean;
  aria: number;
  ariaAi: number;
  full: number;
  /** Our own estimate of `full` (lib/token-estimate/token-estimate.ts), which budgets use. */
  estimated: number;
  /** Tokens of the observation without its page header (url, title, scroll lines), which ariaSnapshot has no counterpart for. */
  body: number;
  budgeted: number;
  truncated: boolean;
  interactive: number;
  excluded: number;
  coveredFull: number;
  coveredBudget: number;
  observeMs: number;
  /** Median of OBSERVE_RUNS observations at the default budget, without and with a screenshot. */
  observeBudgetMs: number;
  observeShotMs: number;
  recording: RecordingStats;
}

/** Selector recording on sampled visible controls. */
interface RecordingStats {
  samples: number;
  p50: number;
  p90: number;
  max: number;
  /** Candidates per element. */
  candidates: number;
  /** Share of elements with a role, label or text candidate among theirs. */
  withEngine: number;
  /** Candidates that did not re-resolve to exactly their element (must be 0). */
  wrong: number;
  /** In-page ms of the fingerprint a recording takes of each sampled control (captureFingerprints, one element, with its look-alikes' names): p50 and max. */
  printP50: number;
  printMax: number;
  /** In-page ms of a replay's scan by fingerprint (captureFingerprints on the first MAX_SCANNED elements of a tag), the slowest of the sampled controls' tags, and how many it scanned. */
  scanMax: number;
  scanned: number;
}

/**
 * In page, timed there (no round trip, no Playwright): the fingerprint of a
 * recording (what element-actions.ts records beside the selectors), and the
 * scan of a replay whose fingerprint looks over its tag (agreement-probe.ts).
 * Not part of recordSelectors' time above: the drivers take the fingerprint
 * in its own evaluate.
 */
const PRINT_TIMES = new Function(`return ((el, scan) => {
  const __name = (f) => f;
  const capture = (${captureFingerprints.toString()});
  const t0 = performance.now();
  const [print] = capture([el], 1, true);
  const record = performance.now() - t0;
  if (!scan) return { record, scan: 0, scanned: 0 };
  const all = Array.from(document.querySelectorAll(el.localName));
  const t1 = performance.now();
  // As agreement-probe.ts scans for this recording: boxes read only when it carries a widget.
  capture(all, ${MAX_SCANNED}, false, !!print.widget);
  return { record, scan: performance.now() - t1, scanned: Math.min(all.length, ${MAX_SCANNED}) };
});`)() as (el: Element, scan: boolean) => { record: number; scan: number; scanned: number };

const RECORD_SAMPLE = 15;
const OBSERVE_RUNS = 3;
const ENGINE_CANDIDATE = /(^|>> )(role=|internal:role=|internal:label=|text=|[\w-]+:has-text\()/;

/** Times recordSelectors on up to RECORD_SAMPLE visible controls spread over the page, then re-resolves every candidate. */
async function recordingStats(page: Page): Promise<RecordingStats> {
  const controls = await page.$$('a[href]:visible, button:visible, input:visible, select:visible');
  // The renderer is busy for a while after handing out thousands of handles (~1 s on Wikipedia): not recording's time.
  await page.evaluate(() => 0);
  const step = Math.max(1, Math.floor(controls.length / RECORD_SAMPLE));
  const times: number[] = [];
  const recorded: { control: ElementHandle<Element>; selectors: string[] }[] = [];
  for (const control of controls.filter((_, i) => i % step === 0).slice(0, RECORD_SAMPLE) as ElementHandle<Element>[]) {
    const started = performance.now();
    const selectors = await recordSelectors(page, control);
    times.push(performance.now() - started);
    recorded.push({ control, selectors });
  }
  // The fingerprints, apart from recordSelectors' time: each control's as recorded, and one scan per tag.
  const prints: number[] = [];
  const scannedTags = new Set<string>();
  let scanMax = 0;
  let scanned = 0;
  for (const { control } of recorded) {
    const tag = await control.evaluate((el) => el.localName);
    const t = await control.evaluate(PRINT_TIMES, !scannedTags.has(tag));
    scannedTags.add(tag);
    prints.push(t.record);
    if (t.scan > scanMax) [scanMax, scanned] = [t.scan, t.scanned];
  }
  prints.sort((a, b) => a - b);
  let wrong = 0;
  for (const { control, selectors } of recorded) {
    for (const selector of selectors) {
      const ok = await page.locator(selector).evaluateAll((els, t) => els.length === 1 && els[0] === t, control).catch(() => false);
      if (!ok) {
        wrong++;
        console.error(`not unique or not the element: ${selector}`);
      }
    }
  }
  times.sort((a, b) => a - b);
  const n = times.length;
  return {
    samples: n,
    p50: n ? median(times) : 0,
    p90: n ? times[Math.min(n - 1, Math.ceil(n * 0.9) - 1)] : 0,
    max: n ? times[n - 1] : 0,
    candidates: n ? recorded.reduce((s, r) => s + r.selectors.length, 0) / n : 0,
    withEngine: n ? recorded.filter((r) => r.selectors.some((sel) => ENGINE_CANDIDATE.test(sel))).length / n : 0,
    wrong,
    printP50: prints.length ? median(prints) : 0,
    printMax: prints.length ? prints[prints.length - 1] : 0,
    scanMax,
    scanned,
  };
}

/** Median time of OBSERVE_RUNS observations with these options. */
async function observeTime(observer: PageObserver, page: Page, screenshot: boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < OBSERVE_RUNS; i++) {
    const started = performance.now();
    await observer.observe(page, { maxTokens: DEFAULT_BUDGET, screenshot });
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Visible interactive elements (shadow roots and same-origin frames
 * included) and how many carry one of `refs`. Elements the observation
 * deliberately leaves out are counted apart: inside aria-hidden="true"
 * (hidden from assistive technology, e.g. the page behind a modal) or
 * parked off-screen (left/top beyond the page: skip links, closed drawers).
 */
async function coverage(page: Page, refs: number[]): Promise<Coverage> {
  return page.evaluate(
    ({ key, refs }) => {
      const wanted = new Set(refs);
      const selector = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=link], [role=checkbox], [role=radio], [role=tab], [role=menuitem], [role=switch], [role=option], [role=combobox], [role=textbox], [onclick], [contenteditable=""], [contenteditable=true]';
      const state = (window as unknown as Record<symbol, { ids: WeakMap<Element, number> }>)[Symbol.for(key)];
      const out = { visible: 0, excluded: 0, interactive: 0, covered: 0 };
      const roots: (Document | ShadowRoot)[] = [document];
      while (roots.length) {
        const root = roots.pop()!;
        for (const el of Array.from(root.querySelectorAll('*'))) {
          if (el.shadowRoot) roots.push(el.shadowRoot);
          if (el.tagName === 'IFRAME') {
            try {
              const doc = (el as HTMLIFrameElement).contentDocument;
              if (doc) roots.push(doc);
            } catch {
              // cross-origin: not counted
            }
          }
          if (!el.matches(selector)) continue;
          const rect = el.getBoundingClientRect();
          if (!el.checkVisibility({ visibilityProperty: true }) || rect.width <= 0 || rect.height <= 0) continue;
          out.visible++;
          const win = el.ownerDocument.defaultView ?? window;
          if (el.closest('[aria-hidden="true"]') || rect.right + win.scrollX <= 0 || rect.bottom + win.scrollY <= 0) {
            out.excluded++;
            continue;
          }
          out.interactive++;
          const ref = state?.ids.get(el);
          if (ref !== undefined && wanted.has(ref)) out.covered++;
        }
      }
      return out;
    },
    { key: OBSERVER_STATE_KEY, refs },
  );
}

const refsIn = (text: string): number[] => Array.from(text.matchAll(/\[(\d+)\]/g), (m) => Number(m[1]));
/** The observation without its header lines (`url:`, `title:`, `scroll ...`). */
function withoutHeader(text: string): string {
  return text.split('\n').filter((l, i) => !(i < 4 && /^(url: |title: |scroll )/.test(l))).join('\n');
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main(): Promise<void> {
  const server = await startStaticServer({ '/real/': REAL_DIR, '/pages/': OWN_DIR, '/site/': SITE_DIR });
  const browser = await launchChromium();
  const filter = process.env.BENCH_PAGES ?? '';
  const pages = [
    ...readdirSync(REAL_DIR).filter((f) => f.endsWith('.html')).map((f) => `/real/${f}`),
    ...readdirSync(OWN_DIR).filter((f) => f.endsWith('.html')).map((f) => `/pages/${f}`),
    ...readdirSync(SITE_DIR).filter((f) => f.endsWith('.html')).map((f) => `/site/${f}`),
  ].filter((p) => p.includes(filter));
  const rows: Row[] = [];
  try {
    for (const path of pages) {
      // Offline machine: external requests fail at once instead of waiting on DNS.
      const context = await offlineContext(browser, [server.origin]);
      const page = await context.newPage();
      await page.goto(server.origin + path, { waitUntil: 'load', timeout: 60_000 });
      const capture = new ViewportCapture(context);
      const observer = new PageObserver((p) => capture.png(p, 30_000));
      const started = performance.now();
      const full = await observer.observe(page, { maxTokens: GENEROUS_BUDGET });
      const observeMs = performance.now() - started;
      const fullCoverage = await coverage(page, refsIn(full.text));
      const budgeted = await observer.observe(page, { maxTokens: DEFAULT_BUDGET });
      const budgetCoverage = await coverage(page, refsIn(budgeted.text));
      const aria = await page.ariaSnapshot({ timeout: 60_000 });
      const ariaAi = await page.ariaSnapshot({ mode: 'ai', timeout: 60_000 });
      const observeBudgetMs = await observeTime(observer, page, false);
      const observeShotMs = await observeTime(observer, page, true);
      const recording = await recordingStats(page);
      rows.push({
        page: path.replace(/^\/\w+\//, ''),
        set: path.startsWith('/real/') ? 'real' : path.startsWith('/site/') ? 'site' : 'fixture',
        real: path.startsWith('/real/'),
        aria: tokens(aria),
        ariaAi: tokens(ariaAi),
        full: tokens(full.text),
        estimated: estimateTokens(full.text),
        body: tokens(withoutHeader(full.text)),
        budgeted: tokens(budgeted.text),
        truncated: budgeted.truncated,
        interactive: fullCoverage.interactive,
        excluded: fullCoverage.excluded,
        coveredFull: fullCoverage.covered,
        coveredBudget: budgetCoverage.covered,
        observeMs,
        observeBudgetMs,
        observeShotMs,
        recording,
      });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  print(rows);
}

function print(rows: Row[]): void {
  const pct = (a: number, b: number): string => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
  console.log('| page | set | aria | aria ai | ours | ours/aria | ours/aria ai | ours@6000 | interactive | left out (aria-hidden, off-screen) | with ref | with ref @6000 | observe ms |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.page} | ${r.set} | ${r.aria} | ${r.ariaAi} | ${r.full} | ${(r.full / r.aria).toFixed(2)} | ${(r.full / r.ariaAi).toFixed(2)} | ${r.budgeted}${r.truncated ? ' (cut)' : ''} | ${r.interactive} | ${r.excluded} | ${pct(r.coveredFull, r.interactive)} | ${pct(r.coveredBudget, r.interactive)} | ${r.observeMs.toFixed(0)} |`);
  }
  const total = (f: (r: Row) => number): number => rows.reduce((s, r) => s + f(r), 0);
  console.log('');
  const real = rows.filter((r) => r.real);
  const ratios = (of: Row[], f: (r: Row) => number = (r) => r.full / r.aria): string => (of.length ? median(of.map(f)).toFixed(2) : '-');
  // The page set: every test-site page and the real-world pages.
  const target = rows.filter((r) => r.set !== 'fixture');
  console.log(`target set, test-site and real pages (${target.length}): median ratio ours/aria ${ratios(target)} (target <= 0.5), ours/aria-ai ${ratios(target, (r) => r.full / r.ariaAi)}`);
  console.log(`real pages (${real.length}): median ratio ours/aria ${ratios(real)}, ours/aria-ai ${ratios(real, (r) => r.full / r.ariaAi)}, ours@${DEFAULT_BUDGET}/aria ${ratios(real, (r) => r.budgeted / r.aria)}`);
  console.log(`all pages, the observation tests' fixture pages too (${rows.length}): median ratio ours/aria ${ratios(rows)}, ours/aria-ai ${ratios(rows, (r) => r.full / r.ariaAi)}`);
  // The url line (~17 tokens on 127.0.0.1) dominates pages of a few dozen tokens; compare like for like too.
  const small = rows.filter((r) => !r.real);
  console.log(`without our page header (url, title, scroll): all pages ${ratios(rows, (r) => r.body / r.aria)}, target set ${ratios(target, (r) => r.body / r.aria)}, small pages ${ratios(small, (r) => r.body / r.aria)}`);
  const estimates = rows.map((r) => r.estimated / r.full).sort((a, b) => a - b);
  console.log(`token estimate / o200k on full observations: min ${estimates[0].toFixed(2)}, median ${median(estimates).toFixed(2)}, max ${estimates[estimates.length - 1].toFixed(2)} (budgets must err high: min >= 1)`);
  const largest = rows.reduce((a, b) => (b.budgeted > a.budgeted ? b : a));
  console.log(`at the default budget of ${DEFAULT_BUDGET}: largest observation ${largest.budgeted} o200k tokens (${largest.page}), ${rows.filter((r) => r.budgeted > DEFAULT_BUDGET).length} pages over the budget`);
  if (rows.some((r) => r.budgeted > DEFAULT_BUDGET)) process.exitCode = 1;
  console.log(`interactive elements with a ref (no budget): ${pct(total((r) => r.coveredFull), total((r) => r.interactive))} of ${total((r) => r.interactive)} (${total((r) => r.excluded)} more left out on purpose: aria-hidden or parked off-screen)`);
  console.log(`interactive elements with a ref (@${DEFAULT_BUDGET}): ${pct(total((r) => r.coveredBudget), total((r) => r.interactive))}`);
  console.log(`median observe time: ${median(rows.map((r) => r.observeMs)).toFixed(0)} ms`);
  console.log('');
  console.log(`| page | observe@${DEFAULT_BUDGET} ms | with screenshot ms |`);
  console.log('|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.page} | ${r.observeBudgetMs.toFixed(0)} | ${r.observeShotMs.toFixed(0)} |`);
  console.log(`median: ${median(rows.map((r) => r.observeBudgetMs)).toFixed(0)} ms without a screenshot, ${median(rows.map((r) => r.observeShotMs)).toFixed(0)} ms with one`);
  console.log('');
  console.log(`| page | recordSelectors p50 ms | p90 ms | max ms | candidates per element | with a role/label/text candidate | wrong |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { page, recording: s } of rows) {
    console.log(`| ${page} | ${s.p50.toFixed(1)} | ${s.p90.toFixed(1)} | ${s.max.toFixed(1)} | ${s.candidates.toFixed(1)} | ${pct(s.withEngine, 1)} | ${s.wrong} |`);
  }
  const samples = total((r) => r.recording.samples);
  // The recording guarantee, checked at scale: a wrong candidate fails the run.
  if (total((r) => r.recording.wrong) > 0) process.exitCode = 1;
  console.log(`${samples} recordings (up to ${RECORD_SAMPLE} sampled controls a page); median of page p50s: ${median(rows.map((r) => r.recording.p50)).toFixed(1)} ms (real pages ${median(real.map((r) => r.recording.p50)).toFixed(1)} ms); candidates that did not re-resolve to their element: ${total((r) => r.recording.wrong)}`);
  console.log('');
  console.log(`| page | fingerprint of a recording p50 ms | max ms | replay scan of a tag (up to ${MAX_SCANNED} elements), slowest ms | elements scanned |`);
  console.log('|---|---:|---:|---:|---:|');
  for (const { page, recording: s } of rows) console.log(`| ${page} | ${s.printP50.toFixed(2)} | ${s.printMax.toFixed(2)} | ${s.scanMax.toFixed(1)} | ${s.scanned} |`);
  console.log(`fingerprint capture, in page: median of page p50s ${median(rows.map((r) => r.recording.printP50)).toFixed(2)} ms (real pages ${median(real.map((r) => r.recording.printP50)).toFixed(2)} ms); slowest tag scan median ${median(rows.map((r) => r.recording.scanMax)).toFixed(1)} ms (real pages ${median(real.map((r) => r.recording.scanMax)).toFixed(1)} ms, worst ${Math.max(...rows.map((r) => r.recording.scanMax)).toFixed(1)} ms)`);
}

await main();
