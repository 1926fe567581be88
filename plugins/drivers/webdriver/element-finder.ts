/**
 * Finds the element an action targets among its candidates (failover).
 *
 * One `executeScript` runs a presence pass over every candidate at once
 * (in-page/page-lib.ts `findElement`), so a missing first candidate costs
 * nothing more than a present one; the finder repeats the pass until a
 * candidate is present or the budget runs out. The pass that finds the
 * element also records its selectors and reads its state (visible,
 * enabled...), so the common case is a single round trip.
 */
import type { Logger } from '../../../kernel/logger';
import { OBSERVER_STATE_KEY } from '../../../lib/page-scripts/observation/observer-lib';
import type { ElementFacts } from './in-page/locate';
import { DIALOG_HOOKS_KEY, findElement, matchInFrames, type FindResult } from './in-page/page-lib';
import type { ElementBox } from '../../../kernel/contracts/browser-driver';
import { describeCandidates, type Candidate } from './selector-candidates';
import { MIN_AGREEMENT, type Fingerprint } from '../../../lib/page-scripts/selectors/fingerprint';
import { POLL_MS, sleep } from './timing';
import type { Wire } from './wire';
import { isNoSuchWindow, readableMessage } from './webdriver-errors';
import { agreementReasons } from '../../../lib/page-scripts/selectors/candidate-trials';
import { UNSUPPORTED_SYNTAX, matchedReason, orderTrials, withTrials, type SelectorTrial, type SelectorTrials } from '../../../lib/selector-trials/selector-trials';

/** The W3C key of a WebDriver element reference. */
export const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A WebDriver element reference as scripts return and take it. */
export type ElementRef = Record<string, string>;

/** A candidate that matched. */
export interface FoundElement {
  candidate: Candidate;
  element: ElementRef;
  /** The WebDriver element id (for element commands). */
  id: string;
  /** How many elements the candidate matched (1 unless it was the only usable, ambiguous one). */
  matches: number;
  /** Recorded selectors, when asked for. */
  selectors: string[] | null;
  facts: ElementFacts;
  /** The element's fingerprint, recorded with its selectors. */
  fingerprint: Fingerprint | null;
  /** How well the element agrees with the recorded fingerprint (set when the target carried one). */
  agreement: number | null;
  /** Set when the element was accepted under a new name: the recorded name and its name now. */
  renamed: { from: string; to: string } | null;
  /** The candidates tried in the pass that found it, ending with its own (`outcome.selectorsTried`). */
  trials: SelectorTrial[];
  /** When recording: its box in the viewport before the action. */
  box: ElementBox | null;
}

/** What repeated presence passes learned about the candidates. */
export interface ProbeState {
  /** raw candidate -> why it is skipped (the page rejected its syntax). */
  invalid: Map<string, string>;
  /** raw ref candidate -> why it did not resolve (latest pass). */
  refMisses: Map<string, string>;
  /** The last error of a pass that failed as a whole (a navigation replaced the document...). */
  lastError: string | null;
  /** Targets with a fingerprint: what each candidate matched in the latest pass, in words. */
  seen?: string[];
  /** Targets with a fingerprint: the recorded element and the closest one now, in words (latest pass). */
  closest?: string;
  /** Why each candidate was not used in the latest pass (null: not tried), for `selectorsTried` of a failed search. */
  reasons?: (string | null)[];
}

/** Presence passes over a target's candidates, in the active tab of one session. */
export class ElementFinder {
  constructor(private readonly wire: Wire, private readonly logger: Logger) {}

  /** A fresh probe state for one search. */
  newState(): ProbeState {
    return { invalid: new Map(), refMisses: new Map(), lastError: null };
  }

  /** Whether any candidate can still be run. */
  usable(candidates: Candidate[], state: ProbeState): boolean {
    return candidates.some((c) => c.query && !state.invalid.has(c.raw));
  }

  /** One presence pass; null when nothing matched this time. */
  async probe(candidates: Candidate[], state: ProbeState, record: boolean): Promise<FoundElement | null> {
    const queries = candidates.map((c) => (c.query && !state.invalid.has(c.raw) ? c.query : null));
    if (queries.every((q) => q === null)) return null;
    let result: FindResult;
    try {
      result = await this.wire.script<FindResult>(findElement, { queries, observerKey: OBSERVER_STATE_KEY, dialogKey: DIALOG_HOOKS_KEY, record });
    } catch (err) {
      // The active tab closed: the next pass runs in the tab that replaced it.
      if (isNoSuchWindow(err)) throw err;
      // A navigation replaced the document mid-pass: the next pass sees the new one.
      state.lastError = readableMessage(err);
      return null;
    }
    state.lastError = null;
    for (const [i, message] of result.invalid) state.invalid.set(candidates[i]!.raw, message);
    state.refMisses = new Map(result.refMisses.map(([i, why]) => [candidates[i]!.raw, why]));
    if (result.seen) state.seen = result.seen;
    if (result.closest) state.closest = result.closest;
    state.reasons = passReasons(candidates, state, result);
    // In the page an Element; over the wire a WebDriver element reference.
    const ref = result.element as unknown as ElementRef | null;
    const id = ref ? ref[ELEMENT_KEY] : undefined;
    if (result.index < 0 || !id || !result.facts) return null;
    return {
      candidate: candidates[result.index]!,
      element: { [ELEMENT_KEY]: id },
      id,
      matches: result.count,
      selectors: result.selectors,
      facts: result.facts,
      fingerprint: result.fingerprint,
      agreement: result.agreement,
      renamed: result.renamed,
      trials: orderTrials(candidates.map((c) => c.raw), state.reasons, result.index),
      box: result.box ?? null,
    };
  }

  /**
   * Repeats `probe` until a candidate is present or `timeoutMs` passes;
   * `beforePass` runs first each time (the session follows new tabs there).
   */
  async find(candidates: Candidate[], timeoutMs: number, options: { record: boolean; beforePass?: () => Promise<void> }): Promise<FoundElement> {
    const state = this.newState();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await options.beforePass?.();
      const found = await this.probe(candidates, state, options.record);
      if (found) {
        this.noteAmbiguity(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0 || !this.usable(candidates, state)) {
        const hint = await this.frameHint(candidates).catch(() => '');
        throw withTrials(new Error(describeNoMatch(candidates, state, timeoutMs) + hint), failedTrials(candidates, state));
      }
      await sleep(Math.min(POLL_MS, left));
    }
  }

  /**
   * When a candidate matches inside a same-origin frame instead: say so
   * (this driver acts on the top document only, so how to reach it is
   * another driver). '' otherwise.
   */
  private async frameHint(candidates: Candidate[]): Promise<string> {
    const hit = await this.wire.script<{ index: number; count: number; frame: string } | null>(matchInFrames, candidates.map((c) => c.query));
    if (!hit) return '';
    const raw = candidates[hit.index]!.raw;
    return `; ${raw} matches ${hit.count === 1 ? 'an element' : `${hit.count} elements`} inside the frame ${hit.frame}, not in the page itself: the WebDriver driver acts on the top document only; run the flow on a Playwright browser (browser.using.type "device") and target "${hit.frame} >> internal:control=enter-frame >> ${raw}"`;
  }

  /** Logs when the element used is the first visible match of an ambiguous candidate. */
  noteAmbiguity(found: FoundElement): void {
    if (found.matches > 1) {
      this.logger.info(`Selector "${found.candidate.raw}" matches ${found.matches} elements and no other candidate matches exactly one; using its first visible match`);
    }
  }
}

/** Why each candidate was not the one used in this pass (null: the one used, or not reached). */
function passReasons(candidates: Candidate[], state: ProbeState, result: FindResult): (string | null)[] {
  const notRun = candidates.map((c) => (!c.query || state.invalid.has(c.raw) ? UNSUPPORTED_SYNTAX : state.refMisses.get(c.raw) ?? null));
  if (result.matches) return agreementReasons(result.matches, result.pick, notRun);
  return candidates.map((_, i) => {
    if (i === result.index) return null;
    const count = result.counts[i];
    return notRun[i] ?? (count === null || count === undefined ? null : matchedReason(count));
  });
}

/** Every candidate with why it gave no element, in the latest pass (`selectorsTried` of a failed search). */
export function failedTrials(candidates: Candidate[], state: ProbeState): SelectorTrials {
  const reasons = candidates.map((c, i) => state.reasons?.[i] ?? (!c.query || state.invalid.has(c.raw) ? UNSUPPORTED_SYNTAX : state.lastError ?? 'not run'));
  return { selectorUsed: null, selectorsTried: orderTrials(candidates.map((c) => c.raw), reasons, -1) };
}

/**
 * "No element matches any of: #save, text=Save (waited 10000 ms)", then the
 * candidates that were skipped and why.
 */
export function describeNoMatch(candidates: Candidate[], state: ProbeState, timeoutMs: number): string {
  const seen = state.seen;
  let message = seen
    ? `No candidate matched an element agreeing with the recorded one (agreement >= ${MIN_AGREEMENT}) within ${timeoutMs} ms: ${candidates.map((c, i) => `${describeCandidates([c])} matched ${seen[i] ?? 'not run'}`).join('; ')}${state.closest ? `; ${state.closest}` : ''}`
    : `No element matches any of: ${describeCandidates(candidates)} (waited ${timeoutMs} ms)`;
  const notes: string[] = [];
  for (const c of candidates) {
    if (c.skip) notes.push(`skipped "${c.raw}": ${c.skip}`);
    else if (state.invalid.has(c.raw)) notes.push(`skipped "${c.raw}": invalid selector (${state.invalid.get(c.raw)})`);
    else if (state.refMisses.has(c.raw)) notes.push(`${c.raw}: ${state.refMisses.get(c.raw)}`);
  }
  if (state.lastError && !notes.length) notes.push(`last error: ${state.lastError}`);
  if (notes.length) message += `; ${notes.join('; ')}`;
  return message;
}
