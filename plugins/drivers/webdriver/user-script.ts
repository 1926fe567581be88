/**
 * Runs a flow's JavaScript (custom tools, the evaluate tool) in the page
 * with WebDriver `executeAsyncScript`: the body becomes an async function
 * called with `params`, and its result travels back as JSON text, so what
 * the flow gets is exactly what `JSON.stringify` makes of it (undefined
 * becomes null) whatever the endpoint's own serialisation does. WebDriver
 * compiles the script outside the page's Content-Security-Policy.
 */
import { capJsonInPage, MAX_SCRIPT_ERROR_CHARS, readCappedJson, scriptErrorInPage, type CappedJson } from '../../../lib/page-scripts/result-cap';
import { isAlertOpen, isTimeoutError, readableMessage } from './webdriver-errors';
import type { Wire } from './wire';

/** Why a script has no result. */
export const DIALOG_LOST = 'The script opened a dialog before it finished (the dialog was answered with the dialog policy); its result is lost';

/** What the page reports back: the result's JSON capped in the page (lib/page-scripts/result-cap.ts), or a bounded error. */
type Outcome = ({ ok: true } & CappedJson) | { ok: false; error: string };

/** The executeAsyncScript body that runs `javascript` with `arguments[0]` as `params`, its result capped at `maxBytes`. */
export function buildUserScript(javascript: string, maxBytes: number): string {
  // The newline ends a trailing `// comment` in the body before the closing brace.
  return `const done = arguments[arguments.length - 1];
const fail = (e) => done({ ok: false, error: (${scriptErrorInPage.toString()})(e, ${MAX_SCRIPT_ERROR_CHARS}) });
let running;
try {
  running = (async (params) => {
${javascript}
})(arguments[0]);
} catch (e) { fail(e); return; }
running.then((value) => {
  let capped;
  try { capped = (${capJsonInPage.toString()})(value, ${maxBytes}); } catch (e) { fail(e); return; }
  done({ ok: true, json: capped.json, truncated: capped.truncated, bytes: capped.bytes });
}, fail);`;
}

/** A script's result; `lost` when the endpoint answered before the script did (a dialog interrupted it). */
export interface UserScriptResult {
  value: unknown;
  lost: boolean;
}

/**
 * Evaluates `javascript` in the active tab; resolves with its result or
 * rejects with the page's own message. Bounded by the script timeout the
 * session set (`timeoutMs`).
 */
export async function runUserScript(wire: Wire, javascript: string, params: unknown, timeoutMs: number, maxBytes: number): Promise<UserScriptResult> {
  let outcome: Outcome;
  try {
    outcome = await wire.run((b) => b.executeAsyncScript(buildUserScript(javascript, maxBytes), [params ?? null]) as Promise<Outcome>, false);
  } catch (err) {
    if (isTimeoutError(err)) throw new Error(`The script did not finish within ${timeoutMs} ms`);
    if (isAlertOpen(err)) throw new Error(DIALOG_LOST);
    throw new Error(readableMessage(err));
  }
  // chromedriver answers null at once when the script opens a dialog: the real result never comes.
  if (!outcome || typeof outcome !== 'object') return { value: null, lost: true };
  if (!outcome.ok) throw new Error(outcome.error || 'The script failed');
  return { value: readCappedJson(outcome, maxBytes), lost: false };
}
