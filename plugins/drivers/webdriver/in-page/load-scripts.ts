/**
 * In-page functions of best-effort page loads (see ../page-load.ts): a mark
 * that tells the document a navigation left from the one it arrived at, and
 * the load state of the current document. Self-contained, run with
 * WebDriver `executeScript`.
 */
import { pageFunction } from '../../../../lib/page-scripts/page-function';

type NoLib = Record<string, never>;
const NO_LIB = {} as Record<string, never>;

/** Marks the current document with `token` (a window property the page does not see in enumerations). */
export const markDocument = pageFunction<NoLib, [string, string], null>(NO_LIB, (_lib, key, token) => {
  Object.defineProperty(window, Symbol.for(key), { value: token, configurable: true, enumerable: false });
  return null;
});

/** Whether the current document still carries `token`: no new document arrived. */
export const isMarkedDocument = pageFunction<NoLib, [string, string], boolean>(NO_LIB, (_lib, key, token) => {
  return (window as unknown as Record<symbol, unknown>)[Symbol.for(key)] === token;
});

/** The current document's load state. */
export interface PageLoadState {
  /** `document.readyState`. */
  readyState: string;
  /** Resource timing entries so far: a change means the network is busy. */
  resources: number;
  /**
   * Resources the DOM asks for that have not finished: images not complete,
   * scripts, stylesheets and frames without a timing entry. An estimate:
   * WebDriver cannot see requests in flight.
   */
  pending: number;
}

/** The load state of the current document (see PageLoadState). */
export const pageLoadState = pageFunction<NoLib, [], PageLoadState>(NO_LIB, () => {
  const entries = performance.getEntriesByType('resource');
  const done = new Set(entries.map((e) => e.name));
  let pending = 0;
  for (const img of Array.from(document.images)) if (img.src && !img.complete) pending++;
  const linked = document.querySelectorAll('script[src], link[rel~="stylesheet"][href], iframe[src]');
  for (const el of Array.from(linked)) {
    const url = (el as HTMLScriptElement).src || (el as HTMLLinkElement).href || '';
    if (/^https?:/.test(url) && !done.has(url)) pending++;
  }
  return { readyState: document.readyState, resources: entries.length, pending };
});
