/**
 * Whether an element action failed over (its first candidate did not give
 * the element), in the shape the flow's `healed` list reports.
 */
import type { Failover } from '../../../lib/page-actions/page-actions';
import type { FoundElement } from './element-finder';
import type { Candidate } from './selector-candidates';

/** `{ failover }` when `found` is not the target's first candidate or was accepted renamed, else nothing. */
export function failoverOf(candidates: Candidate[], found: FoundElement): { failover?: Failover } {
  const first = candidates[0];
  if (!first || (found.candidate === first && !found.renamed)) return {};
  return { failover: { recorded: first.raw, used: found.candidate.raw, agreement: found.agreement ?? null, ...(found.renamed ? { renamed: found.renamed } : {}) } };
}
