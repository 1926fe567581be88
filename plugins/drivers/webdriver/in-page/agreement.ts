/**
 * The in-page part of failover by agreement for the WebDriver driver: the
 * element fingerprints of lib/page-scripts/selectors/fingerprint.ts
 * (the same functions the Playwright driver and generated tests use), built
 * into a page-library factory from their source, so one `executeScript`
 * pass fingerprints every candidate's matches, picks the element agreeing
 * best and hands it back.
 */
import {
  ACTION_WORDS, FUNCTION_WORDS, WORD_FORMS, AMBIGUITY_MARGIN, MARGIN_SLACK, MAX_SCANNED, MAX_SCORED, MIN_AGREEMENT, PEER_CHARS, bestOf, captureFingerprints, chooseByAgreement, chooseRenamed, reach, describeClosest, describeElement,
  actionsOf, describeFingerprint, describeMatch, fingerprintAgreement, labelNamesElement, renamedRival, sameAction, scoreMatch, wordForms,
  type CandidateMatch, type Choice, type Fingerprint,
} from '../../../../lib/page-scripts/selectors/fingerprint';

/** Fingerprints and the choice by agreement (or rename), in the page. */
export interface Agreement {
  capture(elements: Element[], max: number, record?: boolean, boxes?: boolean): Fingerprint[];
  score(expected: Fingerprint, seen: Fingerprint[], count: number): CandidateMatch;
  choose(matches: (CandidateMatch | null)[], expected?: Fingerprint): Choice | null;
  chooseRenamed(matches: (CandidateMatch | null)[], expected: Fingerprint): Choice | null;
  labelNamesElement(named: { label: string; tag?: string; control?: boolean; role?: string }): boolean;
  describeMatch(match: CandidateMatch | null): string;
  describeClosest(expected: Fingerprint, matches: (CandidateMatch | null)[]): string;
  describe(fingerprint: Fingerprint): string;
  /** Elements scored per selector candidate / for the fingerprint's own scan of the page. */
  readonly maxScored: number;
  readonly maxScanned: number;
}

/**
 * Page-safe factory of the agreement helpers. Built from the shared
 * functions' source (their only free names are the constants defined
 * here), so its own source is all the page needs.
 */
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- the point: a factory whose source embeds the shared functions.
export const createAgreement = new Function('lib', `
  const __name = (f) => f;
  const MIN_AGREEMENT = ${MIN_AGREEMENT};
  const AMBIGUITY_MARGIN = ${AMBIGUITY_MARGIN};
  const PEER_CHARS = ${PEER_CHARS};
  const MARGIN_SLACK = ${MARGIN_SLACK};
  const ACTION_WORDS = ${JSON.stringify(ACTION_WORDS)};
  const FUNCTION_WORDS = ${JSON.stringify(FUNCTION_WORDS)};
  const WORD_FORMS = ${JSON.stringify(WORD_FORMS)};
  ${[actionsOf, sameAction, wordForms, fingerprintAgreement, describeFingerprint, describeElement, scoreMatch, bestOf, reach, renamedRival, chooseByAgreement, chooseRenamed, labelNamesElement, describeMatch, describeClosest]
    .map((fn) => fn.toString()).join('\n  ')}
  return {
    capture: ${captureFingerprints.toString()},
    score: scoreMatch,
    choose: chooseByAgreement,
    chooseRenamed,
    labelNamesElement,
    describeMatch,
    describeClosest,
    describe: describeFingerprint,
    maxScored: ${MAX_SCORED},
    maxScanned: ${MAX_SCANNED},
  };
`) as (lib: unknown) => Agreement;
