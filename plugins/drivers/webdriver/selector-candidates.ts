/**
 * Turns a SelectorInput into the queries this driver runs in the page.
 *
 * The contract's selector syntax is Playwright's. This driver runs the part
 * of it that plain DOM APIs can run exactly — CSS, XPath, text, test ids, ids
 * and observation refs — and skips the rest (`role=`, `internal:label=`,
 * `>>` chains, Playwright-only CSS pseudo-classes), as the contract allows:
 * "a driver skips candidates whose syntax it cannot run". A skipped
 * candidate is named, with the reason, when nothing matched.
 */
import type { SelectorInput } from '../../../lib/page-actions/page-actions';
import { selectorCandidates } from '../../../lib/element-states/selector-input';
import { isFingerprintCandidate, parseFingerprintCandidate, type Fingerprint } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import { describeFingerprint } from '../../../lib/page-scripts/selectors/fingerprint';

/** What the page runs for one candidate (see in-page/locate.ts). */
export type Query =
  | { kind: 'css'; value: string }
  | { kind: 'xpath'; value: string }
  /** Innermost elements whose whitespace-normalised text equals (exact) or contains `value`. */
  | { kind: 'text'; value: string; exact: boolean; ignoreCase: boolean }
  | { kind: 'ref'; ref: number }
  /** The recorded element: the page's element of its tag agreeing best (in-page/agreement.ts). */
  | { kind: 'fingerprint'; fingerprint: Fingerprint };

/** One candidate: a query to run, or the reason this driver skips it. */
export type Candidate =
  | { raw: string; query: Query; skip: null }
  | { raw: string; query: null; skip: string };

const REF_RE = /^ref=(\d{1,9})$/;
/** `engine=body`: Playwright's engine prefix (`css=`, `internal:testid=`...). */
const ENGINE_RE = /^([a-zA-Z][\w-]*(?::[a-zA-Z][\w-]*)?)(?::light)?=([\s\S]*)$/;
/** CSS pseudo-classes only Playwright's CSS engine knows. */
const PLAYWRIGHT_CSS_RE = /:(has-text|text|text-is|text-matches|nth-match|left-of|right-of|above|below|near)\(|:visible\b/;
const TEST_ID_ENGINES = new Set(['data-testid', 'data-test-id', 'data-test']);

/** Parses the target of an element action; throws when it holds no candidate at all. */
export function parseCandidates(input: SelectorInput): Candidate[] {
  return selectorCandidates(input).map(toCandidate);
}

/** The candidates as a person reads them: `#save, text=Save`. */
export function describeCandidates(candidates: Candidate[]): string {
  return candidates.map((c) => (c.query?.kind === 'fingerprint' ? `fingerprint of ${describeFingerprint(c.query.fingerprint)}` : c.raw)).join(', ');
}

/** One candidate from its trimmed text. */
export function toCandidate(raw: string): Candidate {
  const run = (query: Query): Candidate => ({ raw, query, skip: null });
  const skip = (why: string): Candidate => ({ raw, query: null, skip: why });

  const ref = REF_RE.exec(raw);
  if (ref) return run({ kind: 'ref', ref: Number(ref[1]) });
  if (isFingerprintCandidate(raw)) return run({ kind: 'fingerprint', fingerprint: parseFingerprintCandidate(raw) });
  const engine = ENGINE_RE.exec(raw);
  if (engine) {
    const [, name, body] = engine as unknown as [string, string, string];
    const value = body.trim();
    switch (name) {
      case 'css': return isChain(value) ? skip(CHAIN) : cssOrSkip(raw, value);
      case 'xpath': return isChain(value) ? skip(CHAIN) : run({ kind: 'xpath', value });
      case 'text': return textQuery(raw, value, 'text');
      case 'internal:text': return textQuery(raw, value, 'internal:text');
      case 'id': return run({ kind: 'css', value: `[id=${cssString(value)}]` });
      case 'internal:testid': return testIdQuery(raw, value);
      case 'ref': return skip('ref= takes the number of an element of the latest observation, e.g. ref=12');
      default:
        if (TEST_ID_ENGINES.has(name)) return run({ kind: 'css', value: `[${name}=${cssString(unquote(value) ?? value)}]` });
        return skip(`${name}= selectors are Playwright syntax this driver cannot run`);
    }
  }
  if (isChain(raw)) return skip(CHAIN);
  if (raw.startsWith('//') || raw.startsWith('(') || raw.startsWith('..')) return run({ kind: 'xpath', value: raw });
  return cssOrSkip(raw, raw);
}

const CHAIN = 'selector chains (>>) are Playwright syntax this driver cannot run';

function isChain(selector: string): boolean {
  return /(^|\s)>>(\s|$)/.test(selector);
}

function cssOrSkip(raw: string, css: string): Candidate {
  if (PLAYWRIGHT_CSS_RE.test(css)) return { raw, query: null, skip: 'Playwright-only CSS pseudo-classes (:has-text, :visible...) cannot run in this driver' };
  return { raw, query: { kind: 'css', value: css }, skip: null };
}

/**
 * `text=Save` (case-insensitive substring), `text="Save"` (exact, case
 * sensitive), `internal:text="Save"i` / `"Save"s`; regexes are skipped.
 */
function textQuery(raw: string, body: string, engine: string): Candidate {
  if (/^\/.*\/[a-z]*$/.test(body)) return { raw, query: null, skip: `${engine}= regular expressions cannot run in this driver` };
  const quoted = /^(["'])([\s\S]*)\1([is]?)$/.exec(body);
  if (quoted) {
    const value = unquote(`${quoted[1]}${quoted[2]}${quoted[1]}`) ?? quoted[2]!;
    // Playwright: quoted text is an exact match unless flagged `i`.
    const exact = quoted[3] !== 'i' || engine === 'text';
    return { raw, query: { kind: 'text', value, exact, ignoreCase: quoted[3] === 'i' }, skip: null };
  }
  if (!body) return { raw, query: null, skip: 'empty text selector' };
  return { raw, query: { kind: 'text', value: body, exact: false, ignoreCase: true }, skip: null };
}

/** `internal:testid=[data-testid="x"s]` (exact) or `[...="x"i]` (case-insensitive). */
function testIdQuery(raw: string, body: string): Candidate {
  const m = /^\[\s*([\w-]+)\s*=\s*("(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')\s*([is]?)\s*\]$/.exec(body);
  if (!m) return { raw, query: null, skip: 'internal:testid= must look like [data-testid="value"s]' };
  const value = unquote(m[2]!) ?? m[2]!.slice(1, -1);
  return { raw, query: { kind: 'css', value: `[${m[1]}=${cssString(value)}${m[3] === 'i' ? ' i' : ''}]` }, skip: null };
}

/** The value of a `"..."` or `'...'` literal, or null when `text` is not one. */
function unquote(text: string): string | null {
  if (text.length < 2) return null;
  const q = text[0];
  if ((q !== '"' && q !== "'") || text[text.length - 1] !== q) return null;
  const inner = text.slice(1, -1);
  if (q === '"') {
    try {
      return JSON.parse(text) as string;
    } catch {
      return inner.replace(/\\(.)/g, '$1');
    }
  }
  return inner.replace(/\\(.)/g, '$1');
}

/** A CSS string literal. */
export function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `)}"`;
}
