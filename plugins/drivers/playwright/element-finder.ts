/**
 * Finds the element an action targets among its candidates (failover).
 *
 * Waiting the full action timeout on each missing candidate in turn would
 * make failover cost N timeouts, so the finder polls instant presence checks
 * of all candidates, in order, until one is present or the budget runs out;
 * the action then waits for actionability on that one only.
 */
import type { ElementHandle, Locator, Page } from 'playwright-core';
import type { Logger } from '../../../kernel/logger';
import type { PageObserver } from './observation/observe-page';
import { describeCandidates, type Candidate } from './selector-candidates';
import { isClosedTargetError, isSelectorSyntaxError, firstLine } from './readable-errors';
import { fingerprintOf, probeByAgreement } from './agreement-probe';
import { frameHint } from './frame-hint';
import type { ActionTarget, FoundElement, ProbeState } from './found-element';

export type { ActionTarget, FoundElement, ProbeState } from './found-element';
import { MIN_AGREEMENT } from '../../../lib/page-scripts/selectors/fingerprint';
import { UNSUPPORTED_SYNTAX, matchedReason, orderTrials, withTrials } from '../../../lib/selector-trials/selector-trials';
import { sleep } from '../../../lib/async/timing';

/**
 * Runs `source`, a function expression `(el, arg) => ...`, on the element.
 * Playwright calls only real functions with the element (a string is a bare
 * expression), and a function compiled by the TypeScript loader may carry
 * helpers the page lacks (`__name`), so the function is built from source here.
 */
export function evaluateOn<R>(target: ActionTarget, source: string, arg?: unknown): Promise<R> {
  const fn = pageFunction(source) as (el: Element, arg: unknown) => R;
  return isHandle(target) ? target.evaluate(fn, arg) : target.evaluate(fn, arg);
}

const compiled = new Map<string, Function>();

/** A function object whose `toString()` is exactly `source`. */
export function pageFunction(source: string): Function {
  let fn = compiled.get(source);
  if (!fn) {
    fn = new Function(`return (${source});`)() as Function;
    compiled.set(source, fn);
  }
  return fn;
}

function isHandle(target: ActionTarget): target is ElementHandle<Element> {
  return typeof (target as ElementHandle<Element>).asElement === 'function';
}

/** Releases the handle a probe fetched, without waiting (it only frees a page-side reference). */
export function releaseFound(found: FoundElement | null): void {
  const handle = found?.handle;
  if (!handle) return;
  found.handle = null;
  void handle.dispose().catch(() => undefined);
}


const POLL_MS = 100;

export class ElementFinder {
  constructor(private readonly observer: PageObserver, private readonly logger: Logger) {}

  /** A fresh probe state for one search. */
  newState(): ProbeState {
    return { invalid: new Map(), refMisses: new Map() };
  }

  /**
   * One instant pass. A target carrying a recorded fingerprint is matched
   * by agreement (agreement-probe.ts). Otherwise the first candidate
   * matching exactly one element wins;
   * a candidate matching several is kept only as a fallback (its first
   * visible match) when no later candidate is unique.
   */
  async probe(page: Page, candidates: Candidate[], state: ProbeState): Promise<FoundElement | null> {
    const fingerprint = fingerprintOf(candidates);
    if (fingerprint) return probeByAgreement(page, candidates, fingerprint, state);
    let ambiguous: FoundElement | null = null;
    // Why each candidate was not used in this pass (null: not reached), for `outcome.selectorsTried`.
    const reasons: (string | null)[] = candidates.map(() => null);
    state.reasons = reasons;
    const found = (i: number, f: Omit<FoundElement, 'trials'>): FoundElement => ({ ...f, trials: orderTrials(candidates.map((c) => c.raw), reasons, i) });
    for (const [i, candidate] of candidates.entries()) {
      if (state.invalid.has(candidate.raw)) {
        reasons[i] = UNSUPPORTED_SYNTAX;
        continue;
      }
      if (candidate.kind === 'fingerprint') continue; // only read by agreement (above)
      if (candidate.kind === 'ref') {
        const handle = await this.resolveRef(page, candidate, state);
        if (handle) return found(i, { candidate, page, target: handle, locator: null, matches: 1, handle: null });
        reasons[i] = state.refMisses.get(candidate.raw) ?? 'not found';
        continue;
      }
      const locator = page.locator(candidate.selector);
      // Both queries go out at once: the handle is used only when the count says the match is unique.
      const element = page.$(candidate.selector).catch(() => null) as Promise<ElementHandle<Element> | null>;
      let count: number;
      try {
        count = await locator.count();
      } catch (err) {
        releaseLater(element);
        if (isClosedTargetError(err)) throw err;
        if (isSelectorSyntaxError(err)) state.invalid.set(candidate.raw, firstLine(err));
        // Anything else (a navigation replaced the document) is retried on the next pass.
        reasons[i] = isSelectorSyntaxError(err) ? UNSUPPORTED_SYNTAX : firstLine(err);
        continue;
      }
      if (count === 1) {
        releaseFound(ambiguous);
        return found(i, { candidate, page, target: locator, locator, matches: 1, handle: await element });
      }
      releaseLater(element);
      reasons[i] = matchedReason(count);
      if (count > 1 && !ambiguous) {
        const firstVisible = locator.filter({ visible: true }).first();
        ambiguous = { candidate, page, target: firstVisible, locator: firstVisible, matches: count, handle: null, trials: [] };
      }
    }
    // The ambiguous candidate is used only now that every later one was tried: it goes last.
    if (ambiguous) ambiguous.trials = orderTrials(candidates.map((c) => c.raw), reasons, candidates.indexOf(ambiguous.candidate));
    return ambiguous;
  }

  /**
   * Polls `probe` until a candidate is present or `timeoutMs` passes; throws
   * an Error listing the candidates tried and the wait.
   */
  async find(page: () => Promise<Page>, candidates: Candidate[], timeoutMs: number): Promise<FoundElement> {
    const state = this.newState();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await this.probe(await page(), candidates, state);
      if (found) {
        this.noteAmbiguity(found);
        return found;
      }
      const usable = candidates.filter((c) => !state.invalid.has(c.raw));
      const left = deadline - Date.now();
      if (left <= 0 || !usable.length) {
        const hint = await frameHint(await page(), candidates).catch(() => '');
        throw withTrials(new Error(describeNoMatch(candidates, state, timeoutMs) + hint), failedTrials(candidates, state));
      }
      await sleep(Math.min(POLL_MS, left));
    }
  }

  /** Logs when the element used is the first visible match of an ambiguous candidate. */
  noteAmbiguity(found: FoundElement): void {
    if (found.matches > 1 && found.agreement === undefined) {
      this.logger.info(`Selector "${found.candidate.raw}" matches ${found.matches} elements and no other candidate matches exactly one; using its first visible match`);
    }
  }

  private async resolveRef(page: Page, candidate: Candidate & { kind: 'ref' }, state: ProbeState): Promise<ElementHandle<Element> | null> {
    try {
      const handle = await this.observer.resolveRef(page, candidate.ref);
      if (handle && (await evaluateOn<boolean>(handle, '(el) => el.isConnected'))) return handle;
      state.refMisses.set(candidate.raw, 'not on the page any more, or not in the latest observation');
    } catch (err) {
      if (isClosedTargetError(err)) throw err;
      state.refMisses.set(candidate.raw, firstLine(err));
    }
    return null;
  }
}

/** "No element matches any of: #save, text=Save (waited 10000 ms)" plus skipped candidates. */
export function describeNoMatch(candidates: Candidate[], state: ProbeState, timeoutMs: number): string {
  let message = state.agreement
    ? `No candidate matched an element agreeing with the recorded one (agreement >= ${MIN_AGREEMENT}) within ${timeoutMs} ms: ${state.agreement}`
    : `No element matches any of: ${describeCandidates(candidates)} (waited ${timeoutMs} ms)`;
  const notes: string[] = [];
  for (const [raw, why] of state.invalid) notes.push(`skipped "${raw}": invalid selector (${why})`);
  for (const [raw, why] of state.refMisses) notes.push(`${raw}: ${why}`);
  if (notes.length) message += `; ${notes.join('; ')}`;
  return message;
}

/** Every candidate with why it gave no element, in the latest pass (`selectorsTried` of a failed search). */
export function failedTrials(candidates: Candidate[], state: ProbeState) {
  const reasons = candidates.map((c, i) => state.reasons?.[i] ?? (state.invalid.has(c.raw) ? UNSUPPORTED_SYNTAX : 'not run'));
  return { selectorUsed: null, selectorsTried: orderTrials(candidates.map((c) => c.raw), reasons, -1) };
}

/** Releases a handle still being fetched once it arrives. */
function releaseLater(element: Promise<ElementHandle<Element> | null>): void {
  void element.then((handle) => handle?.dispose()).catch(() => undefined);
}

