/**
 * Turns a SelectorInput into the ordered candidates the element finder tries.
 * The contract's syntax is Playwright's with two additions: a bare string is
 * CSS unless it starts with `//` or `(` (XPath), and `ref=N` names element N
 * of the latest observation.
 */
import type { SelectorInput } from '../../../lib/page-actions/page-actions';
import { selectorCandidates } from '../../../lib/element-states/selector-input';
import { isFingerprintCandidate, parseFingerprintCandidate, type Fingerprint } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import { describeFingerprint } from '../../../lib/page-scripts/selectors/fingerprint';

/** One candidate: a Playwright selector string, an observation ref, or the recorded fingerprint of the element. */
export type Candidate =
  | { raw: string; kind: 'selector'; selector: string }
  | { raw: string; kind: 'ref'; ref: number }
  | { raw: string; kind: 'fingerprint'; fingerprint: Fingerprint };

const REF_RE = /^ref=(\d{1,9})$/;
/** `engine=...` prefixes Playwright understands on a bare selector string. */
const ENGINE_PREFIX_RE = /^(css|xpath|text|role|id|data-testid|data-test-id|data-test|nth|visible|internal:[a-z-]+)(:light)?=/;

/** Parses the target of an element action; throws when it holds no usable candidate. */
export function parseCandidates(input: SelectorInput): Candidate[] {
  return selectorCandidates(input).map(toCandidate);
}

function toCandidate(raw: string): Candidate {
  const ref = REF_RE.exec(raw);
  if (ref) return { raw, kind: 'ref', ref: Number(ref[1]) };
  if (isFingerprintCandidate(raw)) return { raw, kind: 'fingerprint', fingerprint: parseFingerprintCandidate(raw) };
  if (ENGINE_PREFIX_RE.test(raw)) return { raw, kind: 'selector', selector: raw };
  if (raw.startsWith('//') || raw.startsWith('(')) return { raw, kind: 'selector', selector: `xpath=${raw}` };
  // Playwright itself reads a quoted bare string as text; the contract says CSS.
  if (/^["']/.test(raw)) return { raw, kind: 'selector', selector: `css=${raw}` };
  return { raw, kind: 'selector', selector: raw };
}

/** The candidates as a person reads them: `#save, text=Save`. */
export function describeCandidates(candidates: Candidate[]): string {
  return candidates.map(describeCandidate).join(', ');
}

/** One candidate as a person reads it (a fingerprint as the element it describes, not its JSON). */
export function describeCandidate(candidate: Candidate): string {
  return candidate.kind === 'fingerprint' ? `fingerprint of ${describeFingerprint(candidate.fingerprint)}` : candidate.raw;
}
