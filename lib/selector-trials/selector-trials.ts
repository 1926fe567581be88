/**
 * "Selectors tried and the one used" of an element step (issue 12, the Flow
 * view): the shape the drivers report, the tools pass on and the tool-call
 * record stores, and the short reasons a candidate was not used. A leaf
 * library: the kernel's contracts name these types, the drivers fill them.
 */

/** One candidate of an element target as the driver tried it. */
export interface SelectorTrial {
  /** The candidate as given (`#save`, `text=Save`, `fingerprint={...}`). */
  selector: string;
  /** Why it was not used (`matched 0 elements`...); null for the candidate used. */
  error: string | null;
}

/** What an element step reports about its target's candidates. */
export interface SelectorTrials {
  /** The candidate that gave the element acted on; null when none did. */
  selectorUsed: string | null;
  /**
   * The candidates in the order tried, ending with the one used (its `error`
   * null), or all of them with their reasons when none gave the element.
   */
  selectorsTried: SelectorTrial[] | null;
}

/** A candidate this driver cannot run (or the page rejected its syntax). */
export const UNSUPPORTED_SYNTAX = 'syntax not supported by this driver';

/** `matched 0 elements`, `matched 1 element`, `matched 3 elements`. */
export function matchedReason(count: number): string {
  return `matched ${count} element${count === 1 ? '' : 's'}`;
}

/**
 * The trials of a search, from one reason per candidate (null: not tried)
 * and the index of the candidate used (-1: none): the others in candidate
 * order, then the used one with no error.
 */
export function orderTrials(selectors: readonly string[], reasons: readonly (string | null)[], usedIndex: number): SelectorTrial[] {
  const tried: SelectorTrial[] = [];
  selectors.forEach((selector, i) => {
    if (i !== usedIndex && reasons[i] != null) tried.push({ selector, error: reasons[i]! });
  });
  if (usedIndex >= 0 && selectors[usedIndex] !== undefined) tried.push({ selector: selectors[usedIndex]!, error: null });
  return tried;
}

/** Marks an error (a failed search or action) with its trials, so the tool-call record can list them. */
export function withTrials<E extends Error>(err: E, trials: SelectorTrials): E & SelectorTrials {
  return Object.assign(err, trials);
}

/**
 * The trials a tool result or a thrown error carries, both fields null when
 * it carries none (a tool without an element, an error from elsewhere).
 */
export function selectorTrialsOf(source: unknown): SelectorTrials {
  const s = (source ?? {}) as Partial<SelectorTrials>;
  const used = typeof s.selectorUsed === 'string' ? s.selectorUsed : null;
  const tried = Array.isArray(s.selectorsTried) ? s.selectorsTried.map((t) => ({ selector: String(t.selector), error: t.error == null ? null : String(t.error) })) : null;
  return { selectorUsed: used, selectorsTried: tried };
}
