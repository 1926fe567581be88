/**
 * The presence pass of a target that carries the recorded fingerprint of its
 * element (`fingerprint=` among its candidates): every candidate's matches
 * are fingerprinted in the page and the candidate whose element agrees best
 * wins, if it agrees well enough (lib/page-scripts/selectors/fingerprint.ts).
 * A candidate that now matches a different element is thus never acted on,
 * whatever its place in the list; the fingerprint itself is the last
 * candidate: the element of its tag on the page that agrees best.
 */
import type { ElementHandle, Locator, Page } from 'playwright-core';
import {
  MAX_SCANNED, MAX_SCORED, captureFingerprints, chooseByAgreement, chooseRenamed, describeClosest, describeMatch, labelNamesElement, scoreMatch,
  type CandidateMatch, type Choice, type Fingerprint,
} from '../../../lib/page-scripts/selectors/fingerprint';
import type { FoundElement, ProbeState } from './found-element';
import { describeCandidate, type Candidate } from './selector-candidates';
import { firstLine, isClosedTargetError, isSelectorSyntaxError } from './readable-errors';
import { agreementReasons } from '../../../lib/page-scripts/selectors/candidate-trials';
import { UNSUPPORTED_SYNTAX, orderTrials } from '../../../lib/selector-trials/selector-trials';

/**
 * Functions Playwright sends to the page, built from source so that their
 * `toString()` carries the shared capture function and a shim of tsx's
 * `__name` helper (which the page lacks).
 */
const inPage = <F>(source: string): F => new Function(`return (${source});`)() as F;
/**
 * In page: how many elements matched, and the fingerprints of the first
 * `max` (with the labels of their boxes when `boxes`: the recorded
 * fingerprint carries a `widget` to judge them by).
 */
const CAPTURE_ALL = inPage<(els: Element[], args: [max: number, boxes: boolean]) => Captured>(`(els, [max, boxes]) => {
  const __name = (f) => f;
  return { count: els.length, prints: (${captureFingerprints.toString()})(els, max, false, boxes) };
}`);
/** In page: the fingerprint of one element, with its look-alikes' names (a recording). */
const CAPTURE_ONE = inPage<(el: Element) => Fingerprint>(`(el) => {
  const __name = (f) => f;
  return (${captureFingerprints.toString()})([el], 1, true)[0];
}`);
/** In page: whether a name still names an element. */
const LABEL_NAMES_ELEMENT = inPage<(named: { label: string; tag: string; control: boolean; role?: string }) => boolean>(`(named) => {
  const __name = (f) => f;
  return (${labelNamesElement.toString()})(named);
}`);

interface Captured {
  count: number;
  prints: Fingerprint[];
}

/** The fingerprint of `candidates`, or null when they carry none. */
export function fingerprintOf(candidates: Candidate[]): Fingerprint | null {
  const found = candidates.find((c) => c.kind === 'fingerprint');
  return found?.kind === 'fingerprint' ? found.fingerprint : null;
}

/** The fingerprint of an element now (for recording). */
export function captureElement(handle: ElementHandle<Element>): Promise<Fingerprint> {
  return handle.evaluate(CAPTURE_ONE);
}

/**
 * One instant pass by agreement. Returns the chosen element (with its
 * agreement) or null; `state.agreement` keeps what each candidate matched,
 * for the failure message.
 */
export async function probeByAgreement(page: Page, candidates: Candidate[], expected: Fingerprint, state: ProbeState): Promise<FoundElement | null> {
  // Every candidate at once: one round trip of latency per pass, however many candidates.
  const passes = await Promise.all(candidates.map(async (candidate): Promise<{ match: CandidateMatch | null; target: Locator | null }> => {
    if (state.invalid.has(candidate.raw)) return { match: null, target: null };
    // A ref names an element of an observation made in the recording flow: it means nothing here.
    if (candidate.kind === 'ref') return { match: null, target: null };
    const target = page.locator(candidate.kind === 'fingerprint' ? `css=${candidate.fingerprint.tag}` : candidate.selector);
    try {
      const captured = await target.evaluateAll(CAPTURE_ALL, [candidate.kind === 'fingerprint' ? MAX_SCANNED : MAX_SCORED, !!expected.widget] as [number, boolean]);
      return { match: scoreMatch(expected, captured.prints, captured.count), target };
    } catch (err) {
      if (isClosedTargetError(err)) throw err;
      if (isSelectorSyntaxError(err)) state.invalid.set(candidate.raw, firstLine(err));
      // Anything else (a navigation replaced the document) is retried on the next pass.
      return { match: { count: 0, agreements: [], uids: [], error: firstLine(err) }, target };
    }
  }));
  const matches = passes.map((p) => p.match);
  const locators = passes.map((p) => p.target);
  const chosen = chooseByAgreement(matches, expected) ?? await renamed(page, matches, expected);
  state.agreement = `${candidates.map((c, i) => `${describeCandidate(c)} matched ${describeMatch(matches[i])}`).join('; ')}; ${describeClosest(expected, matches)}`;
  const notRun = candidates.map((c) => (state.invalid.has(c.raw) ? UNSUPPORTED_SYNTAX : c.kind === 'ref' ? 'a ref names an element of another observation' : null));
  state.reasons = agreementReasons(matches, chosen, notRun);
  if (!chosen) return null;
  const locator = locators[chosen.index] as Locator;
  const count = matches[chosen.index]!.count;
  const one = count > 1 ? locator.nth(chosen.nth) : locator;
  const trials = orderTrials(candidates.map((c) => c.raw), state.reasons, chosen.index);
  return { candidate: candidates[chosen.index]!, page, target: one, locator: one, matches: count, handle: null, agreement: chosen.agreement, trials, ...(chosen.renamed ? { renamed: chosen.renamed } : {}) };
}

/** The element renamed, when the evidence allows (`chooseRenamed`) and the recorded name names nothing on the page any more. */
async function renamed(page: Page, matches: (CandidateMatch | null)[], expected: Fingerprint): Promise<Choice | null> {
  const choice = chooseRenamed(matches, expected);
  if (!choice) return null;
  const stillNamed = await page.evaluate(LABEL_NAMES_ELEMENT, { label: choice.renamed!.from, tag: expected.tag, control: expected.control !== undefined, role: expected.attributes.role }).catch(() => true);
  return stillNamed ? null : choice;
}
