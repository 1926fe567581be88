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
import { describeScriptFailure, isTimeout } from './readable-errors';

/** The expression that calls `javascript` as an async function body with `params`. */
export function buildPageScript(javascript: string, params: unknown): string {
  const json = JSON.stringify(params ?? null) ?? 'null';
  // The newline ends a trailing `// comment` in the body before the closing brace.
  return `(async (params) => {\n${javascript}\n})(${json})`;
}

/**
 * Evaluates `javascript` in `page`; resolves with its JSON-serialisable
 * result (undefined becomes null); rejects with the page's own message.
 */
export async function runPageScript(page: Page, javascript: string, params: unknown, timeoutMs: number): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The script did not finish within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const result = await Promise.race([page.evaluate(buildPageScript(javascript, params)), timeout]);
    return result === undefined ? null : result;
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('The script did not finish')) throw err;
    if (isTimeout(err)) throw new Error(`The script did not finish within ${timeoutMs} ms`);
    throw describeScriptFailure(err);
  } finally {
    clearTimeout(timer);
  }
}
