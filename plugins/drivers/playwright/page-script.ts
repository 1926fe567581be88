/**
 * Runs a flow's JavaScript (custom tools, the evaluate tool) inside the page.
 *
 * The body is compiled by the DevTools protocol as part of one expression,
 * not with `new Function` in the page: the page's Content-Security-Policy
 * then cannot refuse it, and no helper injected by the TypeScript loader can
 * leak into the page (functions passed to `page.evaluate` are serialised
 * with whatever tsx added to them).
 */
import type { Page } from 'playwright-core';
import { capJsonInPage, MAX_SCRIPT_ERROR_CHARS, readCappedJson, scriptErrorInPage, type CappedJson } from '../../../lib/page-scripts/result-cap';
import { describeScriptFailure, isTimeout } from './readable-errors';

/**
 * The expression that calls `javascript` as an async function body with
 * `params`, and hands back its result as JSON capped at `maxBytes` in the
 * page (lib/page-scripts/result-cap.ts), or throws a bounded message.
 */
export function buildPageScript(javascript: string, params: unknown, maxBytes: number): string {
  const json = JSON.stringify(params ?? null) ?? 'null';
  // The newline ends a trailing `// comment` in the body before the closing brace.
  return `(async (params) => {\n${javascript}\n})(${json}).then(
  (value) => (${capJsonInPage.toString()})(value, ${maxBytes}),
  (error) => { throw new Error((${scriptErrorInPage.toString()})(error, ${MAX_SCRIPT_ERROR_CHARS})); })`;
}

/**
 * Evaluates `javascript` in `page`; resolves with its JSON-serialisable
 * result (undefined becomes null), or a TruncatedResult when its JSON is
 * larger than `maxBytes`; rejects with the page's own message.
 */
export async function runPageScript(page: Page, javascript: string, params: unknown, timeoutMs: number, maxBytes: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The script did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const capped = await Promise.race([page.evaluate(buildPageScript(javascript, params, maxBytes)) as Promise<CappedJson>, timeout]);
    return readCappedJson(capped, maxBytes);
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('The script did not finish')) throw err;
    if (isTimeout(err)) throw new Error(`The script did not finish within ${timeoutMs} ms`);
    throw describeScriptFailure(err);
  } finally {
    clearTimeout(timer);
  }
}
