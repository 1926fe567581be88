/**
 * The in-page library of the WebDriver driver and the scripts built from it
 * (see lib/page-scripts/page-function.ts for why it is assembled this
 * way). Each export is the source of a WebDriver `executeScript` body.
 */
import { pageFunction, type PageFactories } from '../../../../lib/page-scripts/page-function';
import { createCssPath, type CssPath } from '../../../../lib/page-scripts/selectors/css-path';
import { createQuote, type Quote } from '../../../../lib/page-scripts/selectors/quote';
import { createVolatility, type Volatility } from '../../../../lib/page-scripts/selectors/volatility';
import { createDialogHooks, type DialogHooks } from './dialog-hooks';
import { createLocate, type ElementFacts, type Locate, type PageQuery } from './locate';
import { createRecorder, type Recorder } from './record';
import { createAgreement, type Agreement } from './agreement';
import type { CandidateMatch, Fingerprint } from '../../../../lib/page-scripts/selectors/fingerprint';
import type { ElementBox } from '../../../../kernel/contracts/browser-driver';
import type { ElementDescription } from '../../../../lib/page-actions/page-actions';
import { createAria, type Aria } from '../../../../lib/page-scripts/selectors/aria';
import { createDescribe, type Describe } from '../../../../lib/page-scripts/point/describe-element';

/** Everything driver code can use inside the page. */
export interface DriverLib {
  volatility: Volatility;
  quote: Quote;
  cssPath: CssPath;
  locate: Locate;
  recorder: Recorder;
  dialogs: DialogHooks;
  agreement: Agreement;
}

const DRIVER_LIB: PageFactories<DriverLib> = {
  volatility: createVolatility,
  quote: createQuote,
  cssPath: createCssPath,
  locate: createLocate,
  recorder: createRecorder,
  dialogs: createDialogHooks,
  agreement: createAgreement,
};

/** The window property (`Symbol.for(DIALOG_HOOKS_KEY)`) holding the dialog log. */
export const DIALOG_HOOKS_KEY = 'browserflow.webdriver.dialogs';

/** What one presence pass is asked. */
export interface FindArgs {
  /** One per candidate; null for candidates this driver skips. */
  queries: (PageQuery | null)[];
  observerKey: string;
  dialogKey: string;
  /** Also record the selectors of the element found. */
  record: boolean;
}

/** What one presence pass found. */
export interface FindResult {
  /** Index of the candidate used, -1 when none matched. */
  index: number;
  /** The element (a WebDriver element reference once serialised). */
  element: Element | null;
  /** How many elements that candidate matched (1 unless no candidate was unique). */
  count: number;
  /** [candidate index, syntax error] of candidates the page rejected. */
  invalid: [number, string][];
  /** [candidate index, reason] of refs that did not resolve. */
  refMisses: [number, string][];
  selectors: string[] | null;
  facts: ElementFacts | null;
  /** Targets with a recorded fingerprint: how well the element found agrees with it. */
  agreement: number | null;
  /** Targets with a recorded fingerprint, when nothing agreed: what each candidate matched, in words. */
  seen: string[] | null;
  /** Targets with a recorded fingerprint, when nothing agreed: the recorded element and the closest one now, in words. */
  closest: string | null;
  /** Set when the element was accepted under a new name: the recorded name and its name now. */
  renamed: { from: string; to: string } | null;
  /** The element's fingerprint, when recording. */
  fingerprint: Fingerprint | null;
  /** How many elements each candidate matched (null: not run), for `outcome.selectorsTried`. */
  counts: (number | null)[];
  /** Targets with a recorded fingerprint: what each candidate matched, and the pick (`choose`), for the same. */
  matches: (CandidateMatch | null)[] | null;
  pick: { index: number; nth: number } | null;
  /** When recording: the element's box in the viewport before the action. */
  box: ElementBox | null;
}

/**
 * One instant pass over the candidates: the first matching exactly one
 * element wins; a candidate matching several is kept (its first visible
 * match) only when no later one is unique. A target carrying a recorded
 * fingerprint is matched by agreement instead (in-page/agreement.ts).
 */
export const findElement = pageFunction<DriverLib, [FindArgs], FindResult>(DRIVER_LIB, (lib, args) => {
  lib.dialogs.install(args.dialogKey);
  const invalid: [number, string][] = [];
  const refMisses: [number, string][] = [];
  let chosen: { index: number; el: Element; count: number } | null = null;
  let fallback: { index: number; el: Element; count: number } | null = null;
  let agreement: number | null = null;
  let seen: string[] | null = null;
  let closest: string | null = null;
  let renamed: { from: string; to: string } | null = null;
  let matched: (CandidateMatch | null)[] | null = null;
  let pick: { index: number; nth: number } | null = null;
  const counts: (number | null)[] = args.queries.map(() => null);
  const run = (i: number): Element[] | null => {
    const query = args.queries[i];
    if (!query) return null;
    try {
      return query.kind === 'fingerprint' ? Array.from(document.querySelectorAll(query.fingerprint.tag)) : lib.locate.query(query, args.observerKey);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (query.kind === 'ref') refMisses.push([i, message]);
      else invalid.push([i, message.split('\n')[0]]);
      return null;
    }
  };
  const recorded = args.queries.find((q) => q !== null && q.kind === 'fingerprint');
  if (recorded && recorded.kind === 'fingerprint') {
    // By agreement with the recorded element: every candidate's matches are fingerprinted, the best agreeing one wins.
    const lists = args.queries.map((_, i) => run(i));
    const matches = lists.map((els, i) => {
      if (!els) return null;
      // The boxes' labels only where the recorded fingerprint has a `widget` to judge them by.
      const prints = lib.agreement.capture(els, args.queries[i]!.kind === 'fingerprint' ? lib.agreement.maxScanned : lib.agreement.maxScored, false, !!recorded.fingerprint.widget);
      return lib.agreement.score(recorded.fingerprint, prints, els.length);
    });
    let best = lib.agreement.choose(matches, recorded.fingerprint);
    if (!best) {
      // Renamed, when the evidence allows and the recorded name names nothing on the page any more.
      const rename = lib.agreement.chooseRenamed(matches, recorded.fingerprint);
      if (rename && rename.renamed && !lib.agreement.labelNamesElement({ label: rename.renamed.from, tag: recorded.fingerprint.tag, control: recorded.fingerprint.control !== undefined, role: recorded.fingerprint.attributes.role })) best = rename;
    }
    // Only what Node reads goes back: counts, agreements and per-page numbers.
    matched = matches.map((m) => (m ? { count: m.count, agreements: m.agreements, uids: m.uids, ...(m.error ? { error: m.error } : {}) } : null));
    pick = best ? { index: best.index, nth: best.nth } : null;
    if (best) {
      chosen = { index: best.index, el: lists[best.index]![best.nth]!, count: 1 };
      agreement = best.agreement;
      renamed = best.renamed || null;
    } else {
      seen = matches.map((m) => lib.agreement.describeMatch(m));
      closest = lib.agreement.describeClosest(recorded.fingerprint, matches);
    }
  } else {
    for (let i = 0; i < args.queries.length && !chosen; i++) {
      const els = run(i);
      if (!els) continue;
      counts[i] = els.length;
      if (args.queries[i]!.kind === 'ref' && !els.length) refMisses.push([i, 'not on the page any more, or not in the latest observation']);
      if (els.length === 1) chosen = { index: i, el: els[0], count: 1 };
      else if (els.length > 1 && !fallback) fallback = { index: i, el: els.find((e) => lib.locate.isVisible(e)) || els[0], count: els.length };
    }
  }
  const found = chosen || fallback;
  return {
    index: found ? found.index : -1,
    element: found ? found.el : null,
    count: found ? found.count : 0,
    invalid,
    refMisses,
    selectors: found && args.record ? lib.recorder.selectors(found.el, args.observerKey) : null,
    facts: found ? lib.locate.facts(found.el) : null,
    agreement,
    renamed,
    seen,
    closest,
    fingerprint: found && args.record ? lib.agreement.capture([found.el], 1, true)[0]! : null,
    counts,
    matches: matched,
    pick,
    box: found && args.record ? (() => {
      const r = found.el.getBoundingClientRect();
      return { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height), viewportWidth: window.innerWidth, viewportHeight: window.innerHeight };
    })() : null,
  };
});

/** Verified selectors of an element (see record.ts). */
export const recordSelectors = pageFunction<DriverLib, [Element, string], string[]>(DRIVER_LIB, (lib, el, observerKey) => lib.recorder.selectors(el, observerKey));

// The small scripts below carry only the part of the library they use: each call sends its source.

/** The element's current facts (visible, enabled...). */
export const elementFacts = pageFunction<{ locate: Locate }, [Element], ElementFacts>({ locate: createLocate }, (lib, el) => lib.locate.facts(el));

/** Installs the dialog hooks in the current document. */
export const installDialogHooks = pageFunction<{ dialogs: DialogHooks }, [string], null>({ dialogs: createDialogHooks }, (lib, key) => {
  lib.dialogs.install(key);
  return null;
});

/** Dialog kinds logged since the last call. */
export const takeDialogKinds = pageFunction<{ dialogs: DialogHooks }, [string], string[]>({ dialogs: createDialogHooks }, (lib, key) => lib.dialogs.take(key));

/** The `executeScript` body that calls `fn` with the script's arguments. */
export function scriptBody(fn: Function): string {
  return `return (${fn.toString()}).apply(null, arguments);`;
}

/** The library of "point and act": the recorder, and elements described. */
interface PointLib {
  volatility: Volatility;
  quote: Quote;
  cssPath: CssPath;
  locate: Locate;
  recorder: Recorder;
  aria: Aria;
  describe: Describe;
}

const POINT_LIB: PageFactories<PointLib> = {
  volatility: createVolatility,
  quote: createQuote,
  cssPath: createCssPath,
  locate: createLocate,
  recorder: createRecorder,
  aria: createAria,
  describe: createDescribe,
};

/** What the page says about the element at a point (its selectors only for an element of the top document: the ones this driver can act on). */
export interface PointResult extends ElementDescription {
  selectors: string[];
  inFrame: boolean;
}

/** The element at (x, y) of the viewport, same-origin frames entered, described with its verified selectors; null when there is none. */
export const pointAt = pageFunction<PointLib, [{ x: number; y: number; observerKey: string }], PointResult | null>(POINT_LIB, (lib, p) => {
  const hit = lib.describe.at(p.x, p.y, true);
  if (!hit) return null;
  const description = lib.describe.describe(hit.element);
  return { ...description, selectors: hit.inFrame ? [] : lib.recorder.selectors(hit.element, p.observerKey), inFrame: hit.inFrame };
});

/** How many elements of the top document `query` matches, the first `limit` described; a syntax error is thrown with its first line. */
export const testQuery = pageFunction<PointLib, [{ query: PageQuery; observerKey: string; limit: number }], { count: number; elements: ElementDescription[] }>(POINT_LIB, (lib, a) => {
  const els = lib.locate.query(a.query, a.observerKey);
  return { count: els.length, elements: els.slice(0, a.limit).map((el) => lib.describe.describe(el)) };
});

/**
 * For a target that matched nothing: the first candidate (a CSS or XPath
 * query) that matches elements in a same-origin child frame, with that
 * frame's element described (`iframe#payment`), or null.
 */
export const matchInFrames = pageFunction<{ quote: Quote }, [(PageQuery | null)[]], { index: number; count: number; frame: string } | null>({ quote: createQuote }, (lib, queries) => {
  const describeFrame = (el: Element): string => {
    const id = el.getAttribute('id');
    if (id) return `${el.localName}#${lib.quote.ident(id)}`;
    for (const attr of ['name', 'title']) {
      const value = el.getAttribute(attr);
      if (value) return `${el.localName}[${attr}=${lib.quote.css(value)}]`;
    }
    return el.localName;
  };
  const frames = Array.from(document.querySelectorAll('iframe, frame')).slice(0, 10);
  for (const [index, query] of queries.entries()) {
    if (!query || (query.kind !== 'css' && query.kind !== 'xpath')) continue;
    for (const frame of frames) {
      let doc: Document | null = null;
      try {
        doc = (frame as HTMLIFrameElement).contentDocument;
      } catch {
        doc = null;
      }
      if (!doc) continue;
      let count = 0;
      try {
        count = query.kind === 'css' ? doc.querySelectorAll(query.value).length
          : doc.evaluate(query.value, doc, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null).snapshotLength;
      } catch {
        count = 0;
      }
      if (count) return { index, count, frame: describeFrame(frame) };
    }
  }
  return null;
});
