/**
 * What the element finder hands to actions: the element a candidate matched
 * and the state of one search. Apart from the finder so the agreement probe
 * can use them without importing the finder (no import cycle).
 */
import type { ElementHandle, Locator, Page } from 'playwright-core';
import type { Candidate } from './selector-candidates';
import type { SelectorTrial } from '../../../lib/selector-trials/selector-trials';

/** What element actions run on: a locator, or the handle of an observation ref. */
export type ActionTarget = Locator | ElementHandle<Element>;

/** A candidate that matched. */
export interface FoundElement {
  candidate: Candidate;
  /** The page the element is on. */
  page: Page;
  target: ActionTarget;
  /** Set for selector candidates (refs have only a handle). */
  locator: Locator | null;
  /** How many elements the candidate matched (1 unless it was the only usable, ambiguous one). */
  matches: number;
  /**
   * The element itself, when the probe got it along with the count (a
   * selector matching exactly one element): selector recording needs a
   * handle, and fetching it in parallel saves a round trip per action.
   * Whoever ends up with the FoundElement releases it (`releaseFound`).
   */
  handle: ElementHandle<Element> | null;
  /** How well the element agrees with the recorded fingerprint (set when the target carried one). */
  agreement?: number;
  /** Set when the element was accepted under a new name (`chooseRenamed`): the recorded name and its name now. */
  renamed?: { from: string; to: string };
  /** The candidates tried in the pass that found it, ending with its own (`outcome.selectorsTried`). */
  trials: SelectorTrial[];
}

/** One presence pass over the candidates; remembers candidates found unusable. */
export interface ProbeState {
  /** raw candidate -> why it is skipped (bad syntax). */
  invalid: Map<string, string>;
  /** raw ref candidate -> why it did not resolve. */
  refMisses: Map<string, string>;
  /** What each candidate matched in the latest pass by agreement (targets with a fingerprint). */
  agreement?: string;
  /** Why each candidate was not used in the latest pass (null: not tried), for `selectorsTried` of a failed search. */
  reasons?: (string | null)[];
}
