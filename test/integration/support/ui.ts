/**
 * Helpers for the web UI tests: one real Chromium per test file (the
 * machine's, as the other tests launch it), pages that fail the test on any
 * script error, and an axe-core scan.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../fixtures/pages/browser';
import { ROOT } from '../../helpers/service';

export { launchChromium };

/** A page of the UI with the errors it logged. */
export interface UiPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions and console errors, as text. */
  errors: string[];
  close(): Promise<void>;
}

/** Failed loads the tests cause on purpose, not worth failing over. */
const EXPECTED_CONSOLE = /the server responded with a status of (400|404|409)/;

/**
 * A fresh context (own storage, 1280x720 unless told) on the service, where
 * nothing but `allowed` origins can be reached.
 */
export async function openUi(browser: Browser, allowed: string[], options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<UiPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 720 },
    acceptDownloads: true,
    colorScheme: options.colorScheme ?? 'light',
  });
  await context.route((url) => !allowed.some((o) => url.href.startsWith(o)), (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !EXPECTED_CONSOLE.test(msg.text())) errors.push(`console: ${msg.text()}`);
  });
  return { page, context, errors, close: () => context.close() };
}

/** Asserts that the page logged no error. */
export function assertNoErrors(ui: UiPage): void {
  assert.deepEqual(ui.errors, [], 'the page logged errors');
}

let axeSource: string | undefined;

/** A violation as axe reports it, trimmed for messages. */
export interface AxeViolation { id: string; impact: string; help: string; nodes: string[] }

/**
 * Runs axe-core in the page (injected from node_modules, evaluated through
 * the DevTools protocol so the page's CSP does not apply) and returns the
 * serious and critical violations.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= await readFile(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: any[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n: any) => `${n.target.join(' ')}: ${n.failureSummary}`) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Waits until `fn` holds in node (polling), for conditions outside the page. */
export async function eventually<T>(fn: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < until) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}
