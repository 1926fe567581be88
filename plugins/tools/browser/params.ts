/** Parameter schemas shared by the built-in tools. */
import * as v from 'valibot';
import type { ElementActionResult } from '../../../lib/page-actions/page-actions';
import type { ToolResult } from '../../../lib/tool-calls/tool-contract';

/** A selector string, or candidates tried in order (failover). */
export const SelectorParam = v.union([
  v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(2000, 'must be at most 2000 characters')),
  v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(2000))), v.minLength(1, 'needs at least one candidate'), v.maxLength(10, 'at most 10 candidates')),
], 'expected a selector string or an array of selector strings');

export const TimeoutParam = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(60_000, 'must be at most 60000 ms')));

/** Shows a selector input in messages. */
export function showTarget(target: string | string[]): string {
  return Array.isArray(target) ? (target.length === 1 ? target[0]! : `${target[0]} (+${target.length - 1} fallbacks)`) : target;
}

/** The candidate an action used, in messages (a recorded fingerprint is named, not dumped as JSON). */
export function shownMatch(matched: string): string {
  return matched.startsWith('fingerprint=') ? 'the element agreeing with the recorded fingerprint' : matched;
}

/**
 * What an element tool reports about the element it acted on: its recorded
 * selectors, a failover, and the candidates tried with the one used
 * (`outcome.selectorsTried`, `outcome.selectorUsed`).
 */
export function elementReport(r: ElementActionResult | null): Pick<ToolResult, 'selectors' | 'failover' | 'selectorUsed' | 'selectorsTried' | 'box'> {
  if (!r) return { selectors: null };
  return { selectors: r.selectors, failover: r.failover, selectorUsed: r.matchedSelector, selectorsTried: r.selectorsTried, ...(r.box ? { box: r.box } : {}) };
}
