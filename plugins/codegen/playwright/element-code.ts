/**
 * How a step reaches its element: its recorded candidates as locator code,
 * and either the locator itself (one candidate) or locate() over all of them.
 */
import { ApiError } from '../../../kernel/errors';
import type { ToolCallRecord } from '../../../kernel/flows/flow-types';
import { jsValue, str } from './js-literal';
import { isFingerprintCandidate, parseFingerprintCandidate, type Fingerprint } from '../../../lib/page-scripts/selectors/fingerprint-candidate';
import { locatorCode, type LocatorOptions, type Target } from './locator-code';
import { elementName } from './step-title';

/** The candidates of an element as code, best first, and what they say about it. */
export interface ElementCode {
  codes: string[];
  targets: Target[];
  /** The element as recorded (its `fingerprint=` candidate), for locate() to judge elements by; null when none was recorded. */
  fingerprint: Fingerprint | null;
}

/** Longest `const element = await locate([...]);` kept on one line (indented by 4 in a step). */
const LINE_MAX = 110;
const FRAME_PREFIX = /^page(?:\.frameLocator\('(?:[^'\\]|\\.)*'\))+(?=\.)/;

/** The candidates of element parameter `param` as locator code; the ones with no public form are left out. */
export function elementCode(call: ToolCallRecord, param: string, selectors: string[], options: LocatorOptions): ElementCode {
  const codes: string[] = [];
  const targets: Target[] = [];
  let fingerprint: Fingerprint | null = null;
  for (const selector of selectors) {
    if (isFingerprintCandidate(selector)) {
      fingerprint = readFingerprint(selector);
      continue;
    }
    const located = locatorCode(selector, options);
    if (!located || codes.includes(located.code)) continue;
    codes.push(located.code);
    targets.push(located.target);
  }
  if (codes.length === 0) {
    const shown = selectors.filter((s) => !isFingerprintCandidate(s));
    const why = shown.length ? `none of its selectors (${shown.join(', ')}) can be written with Playwright's public API` : `it has no "${param}"`;
    throw new ApiError('INVALID_REQUEST', `Tool call ${call.id} (${call.name}) cannot be turned into code: ${why}.`);
  }
  return { codes, targets, fingerprint };
}

/** The fingerprint of a recorded candidate; null when it does not parse (the step then fails over by order, as before). */
function readFingerprint(selector: string): Fingerprint | null {
  try {
    return parseFingerprintCandidate(selector);
  } catch {
    return null;
  }
}

/**
 * How a step reaches its element: the locator itself when it has one
 * candidate, no recorded fingerprint, and is used once (`await
 * page.getByRole(...).click()`), else `const element = ...`, through
 * locate() when there are several candidates or a fingerprint (or always,
 * in the AI variant), with the element in words for messages. A fingerprint
 * always goes through locate(): one recorded locator is then judged by
 * agreement, and the element renamed found, as the service's replay does
 * with the same candidates.
 */
export function elementRef(el: ElementCode, uses: number, ai: boolean): { setup: string[]; ref: string; locate: boolean } {
  if (el.codes.length === 1 && !ai && !el.fingerprint) {
    return uses === 1 ? { setup: [], ref: el.codes[0], locate: false } : { setup: [`const element = ${el.codes[0]};`], ref: 'element', locate: false };
  }
  // A CSS description would only repeat the first locator, which locate() shows anyway.
  const description = elementName(el.targets);
  const described = el.targets.some((t) => t.kind !== 'css');
  const expected = described && !el.fingerprint ? `, { description: ${str(description)} }` : '';
  // Candidates inside the same frame share it: `const frame = page.frameLocator(...)`.
  const frame = commonFrame(el.codes);
  const setup = frame ? [`const frame = ${frame};`] : [];
  const codes = frame ? el.codes.map((c) => `frame${c.slice(frame.length)}`) : el.codes;
  if (el.fingerprint) {
    // What the element looked like when recorded: locate() acts only on an element agreeing with it.
    const options = [...(described ? [`  description: ${str(description)},`] : []), `  fingerprint: ${jsValue(el.fingerprint)},`];
    return { setup: [...setup, 'const element = await locate([', ...codes.map((c) => `  ${c},`), '], {', ...options, '});'], ref: 'element', locate: true };
  }
  const oneLiner = `const element = await locate([${codes.join(', ')}]${expected});`;
  if (oneLiner.length + 4 <= LINE_MAX) return { setup: [...setup, oneLiner], ref: 'element', locate: true };
  return { setup: [...setup, 'const element = await locate([', ...codes.map((c) => `  ${c},`), `]${expected});`], ref: 'element', locate: true };
}

/** `page.frameLocator('...')` (nested ones included) when every candidate starts with the same one. */
function commonFrame(codes: string[]): string | null {
  const prefix = FRAME_PREFIX.exec(codes[0])?.[0];
  return prefix && codes.length > 1 && codes.every((c) => c.startsWith(`${prefix}.`)) ? prefix : null;
}
