/**
 * The candidates of a SelectorInput as every driver reads them: trimmed,
 * empty ones dropped, duplicates removed, order kept.
 */
import type { SelectorInput } from '../page-actions/page-actions';

/** The distinct non-empty candidates; throws when none is left. */
export function selectorCandidates(input: SelectorInput): string[] {
  const list = Array.isArray(input) ? input : [input];
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== 'string') continue;
    const raw = item.trim();
    if (raw && !out.includes(raw)) out.push(raw);
  }
  if (!out.length) throw new Error('No selector given: pass a selector string or a non-empty list of candidates');
  return out;
}
