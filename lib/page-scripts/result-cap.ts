/**
 * The cap on what a page hands back to the service. A flow's JavaScript (a
 * custom tool, `evaluate`) can return anything: 30 MB three times raised
 * the service's memory by 700 MB and made `GET tool-calls` 90 MB. So the
 * result is serialised and measured in the page, and only a bounded part of
 * it ever crosses to the service: a result above the limit arrives as a
 * preview with `truncated: true`. Shared by every driver (Playwright runs
 * the function inside its evaluate, WebDriver inside its script).
 */
import { pageFunction } from './page-function';

/** Default largest result, in bytes of UTF-8 JSON (a driver's `maxResultBytes`). */
export const DEFAULT_MAX_RESULT_BYTES = 100_000;
/** Longest error message a page script may send back, in characters. */
export const MAX_SCRIPT_ERROR_CHARS = 2_000;
/** Longest page title read (tabs, title()), in characters. */
export const MAX_TITLE_CHARS = 1_000;
/** Longest dialog message kept (the browser sends it whole; only this much is kept). */
export const MAX_DIALOG_MESSAGE_CHARS = 1_000;

/** An expression, evaluated in the page, for its title cut to MAX_TITLE_CHARS. */
export const TITLE_IN_PAGE = `(() => { const t = String(document.title); return t.length > ${MAX_TITLE_CHARS} ? t.slice(0, ${MAX_TITLE_CHARS}) + '…' : t; })()`;

/** What the page sends back: the JSON text of the result, whole or cut. */
export interface CappedJson {
  /** The result as JSON text; a prefix of it when `truncated`. */
  json: string;
  truncated: boolean;
  /** UTF-8 size of the whole JSON text. */
  bytes: number;
}

/** What a flow gets for a result above the limit. */
export interface TruncatedResult {
  truncated: true;
  /** Size of the whole result, in bytes of UTF-8 JSON. */
  bytes: number;
  limitBytes: number;
  /** The beginning of the result's JSON text; its own JSON form stays within the limit. */
  preview: string;
}

type NoLib = Record<string, never>;
const NO_LIB = {} as NoLib;

/**
 * In page: `value` as capped JSON. Throws a readable error for a value
 * JSON cannot represent (a cycle); `undefined` (and a lone function) is null.
 */
export const capJsonInPage = pageFunction<NoLib, [unknown, number], CappedJson>(NO_LIB, (_lib, value, maxBytes) => {
  let json: string | undefined;
  try {
    json = JSON.stringify(value === undefined ? null : value);
  } catch (e) {
    throw new Error(`The script result is not JSON-serialisable: ${String(e && (e as Error).message ? (e as Error).message : e).slice(0, 200)}`);
  }
  if (json === undefined) json = 'null';
  const encoder = new TextEncoder();
  const bytes = encoder.encode(json).length;
  // UTF-8 never takes fewer bytes than UTF-16 units: the length check holds even if the page patched TextEncoder.
  if (bytes <= maxBytes && json.length <= maxBytes) return { json, truncated: false, bytes };
  // The preview is stored as a JSON string: its escaped, encoded form must fit, with room for the fields around it.
  const room = Math.max(0, maxBytes - 200);
  const fits = (n: number) => encoder.encode(JSON.stringify(json!.slice(0, n))).length <= room;
  let lo = 0;
  let hi = Math.min(json.length, room);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  // Never end on half a surrogate pair.
  const last = json.charCodeAt(lo - 1);
  if (lo > 0 && last >= 0xd800 && last <= 0xdbff) lo--;
  return { json: json.slice(0, lo), truncated: true, bytes };
});

/** In page: the readable message of what a script threw, bounded (`TypeError: x`; a plain Error's message alone). */
export const scriptErrorInPage = pageFunction<NoLib, [unknown, number], string>(NO_LIB, (_lib, error, maxChars) => {
  const e = error as { name?: unknown; message?: unknown } | null;
  const message = e && typeof e === 'object' && 'message' in e ? String(e.message) : String(error);
  const name = e && typeof e === 'object' && typeof e.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : '';
  const text = name + message;
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text || 'The script failed';
});

/**
 * The flow's value of what the page sent: the result itself, or a
 * TruncatedResult. A page that patched the builtins the cap uses could send
 * more than the limit: that is cut here too, so it is never stored.
 */
export function readCappedJson(capped: CappedJson, limitBytes: number): unknown {
  const json = typeof capped?.json === 'string' ? capped.json : 'null';
  if (!capped?.truncated && json.length <= limitBytes) return JSON.parse(json) as unknown;
  const result: TruncatedResult = {
    truncated: true,
    bytes: typeof capped?.bytes === 'number' ? capped.bytes : json.length,
    limitBytes,
    preview: json.slice(0, Math.max(0, limitBytes - 200)),
  };
  return result;
}
