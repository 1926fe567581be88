/** Types of lib/page-scripts/selectors/fingerprint.js (plain JavaScript, inlined into generated tests). */

/** What an element looked like when a flow acted on it. */
export interface Fingerprint {
  /** Lower-case tag name. */
  tag: string;
  /** Explicit or implicit ARIA role ('' when none). */
  role: string;
  /** Accessible name, whitespace-normalised, at most 80 characters. */
  name: string;
  /** Text content when it differs from the name ('' otherwise). */
  text: string;
  /** Key attributes (type, name, placeholder, href, test ids, aria-label...). */
  attributes: Record<string, string>;
  id: string;
  classes: string[];
  /** Tags of the nearest semantic containers (form, main, aside, li...), closest first. */
  ancestry: string[];
  /** Words of the nearest row, list item, card or form around it that its look-alike siblings lack (at most 120 characters). */
  context: string;
  /** [index, count] among the elements of the same tag and type that read the same. */
  position: number[];
  /** Per-page number of the element (replays only; never recorded). */
  uid?: number;
}

/** What one candidate matched on a replay. */
export interface CandidateMatch {
  /** How many elements it matched. */
  count: number;
  /** Agreement of each matched element (at most MAX_SCORED). */
  agreements: number[];
  /** Per-page number of each scored element. */
  uids: number[];
  /** Why it could not be run. */
  error?: string;
}

/** The least agreement a failover candidate's element needs to be acted on. */
export declare const MIN_AGREEMENT: number;
/** Of several elements one candidate matches, the best must lead the next by this much. */
export declare const AMBIGUITY_MARGIN: number;
/** Elements scored per candidate. */
export declare const MAX_SCORED: number;
/** Elements of the recorded tag scored when the fingerprint itself looks for its element on the whole page. */
export declare const MAX_SCANNED: number;
/** The selector prefix of a recorded fingerprint among the candidates. */
export declare const FINGERPRINT_PREFIX: string;

/** Fingerprints of the first `max` elements; runs in the page, self-contained. */
export declare function captureFingerprints(elements: Element[], max: number): Fingerprint[];
/** Agreement of `seen` with `expected`, 0..1. */
export declare function fingerprintAgreement(expected: Fingerprint, seen: Fingerprint): number;
/** The candidate to act on, by agreement; null when none qualifies. */
export declare function chooseByAgreement(matches: (CandidateMatch | null)[]): { index: number; nth: number; agreement: number } | null;
/** `button "Sign in"`. */
export declare function describeFingerprint(fingerprint: Pick<Fingerprint, 'tag' | 'role' | 'name' | 'text'>): string;
/** What one candidate matched, in words. */
export declare function describeMatch(match: CandidateMatch | null): string;
