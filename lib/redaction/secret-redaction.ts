/**
 * The one redaction of secret values, for every way a value comes back.
 *
 * A secret typed into a page returns in many spellings: as typed, JSON-escaped
 * (`\"`, `\\`, `\u0001`), URL-encoded in a page URL (`%22`, `%20`, `+`,
 * `%e2%82%ac`), HTML-escaped (`&quot;`, `&#39;`, `&amp;`), or cut short by a
 * length limit (`s3cr3t-pa…`). Every character position of a secret accepts
 * each of its spellings, so mixed spellings match too, plus a rule for
 * truncation: a prefix of at least MIN_PREFIX characters that ends where text
 * is cut (end of text, `…`, `...`, a closing quote) is redacted as well.
 * Callers still redact before they cut; the prefix rule is the safety net for
 * cuts made where the secret is unknown (inside the page).
 *
 * Matching is linear: a small expression finds where a secret may start, and
 * fixed per-character steps (alternations without nested quantifiers) follow
 * it from there.
 *
 * No imports on purpose: the generated Playwright helper inlines this very
 * source (`scrub()` of AI healing; its types stripped for JavaScript
 * projects, plugins/codegen/playwright/strip-types.ts), so the service and
 * the generated tests redact with the same code.
 */

/** Values shorter than this are never redacted (they would match everywhere). */
export const MIN_SECRET_LENGTH = 4;
/** A cut-off prefix is redacted from this many characters on. */
export const MIN_PREFIX = 8;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `%e2` and `%E2` both: hex digits in either case. */
function hexAnyCase(hex: string): string {
  return hex.replace(/[a-fA-F]/g, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}

/** JSON escapes of one character: one, two or three levels of JSON inside JSON. */
function jsonForms(ch: string): string[] {
  const code = ch.codePointAt(0) as number;
  // Each level doubles the backslashes before the escape: `\n`, `\\\n`, `\\\\\\\n`.
  const levels = (escape: string) => [7, 3, 1].map((n) => `${'\\\\'.repeat(n)}${escape}`);
  // A backslash itself becomes 2, 4, 8 of them.
  if (ch === '\\') return [8, 4, 2].map((n) => '\\\\'.repeat(n));
  const short: Record<string, string> = { '"': '"', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f', '/': '\\/' };
  const forms: string[] = [];
  if (short[ch] !== undefined) forms.push(...levels(short[ch]));
  if (code < 0x20 || code === 0x2028 || code === 0x2029) forms.push(...levels(`u${hexAnyCase(code.toString(16).padStart(4, '0'))}`));
  return forms;
}

/** URL (percent, form) encodings of one character. */
function urlForms(ch: string): string[] {
  const forms: string[] = [];
  const bytes = [...new TextEncoder().encode(ch)];
  // Any character but letters and digits may be percent-encoded (URLSearchParams encodes `!`, encodeURI does not).
  if (!/^[A-Za-z0-9]$/.test(ch)) {
    forms.push(bytes.map((b) => `%${hexAnyCase(hex2(b))}`).join(''));
    // Double-encoded (`%2522`): a URL inside a URL parameter.
    forms.push(bytes.map((b) => `%25${hexAnyCase(hex2(b))}`).join(''));
  }
  if (ch === ' ') forms.push('\\+');
  return forms;
}

/** HTML entity spellings of one character. */
function htmlForms(ch: string): string[] {
  if (/^[A-Za-z0-9]$/.test(ch)) return [];
  const code = ch.codePointAt(0) as number;
  const named: Record<string, string[]> = { '&': ['amp'], '<': ['lt'], '>': ['gt'], '"': ['quot'], "'": ['apos'], ' ': ['nbsp'], '\u00a0': ['nbsp'] };
  const forms = (named[ch] ?? []).map((n) => `&${n};`);
  forms.push(`&#0*${code};`, `&#[xX]0*${hexAnyCase(code.toString(16))};`);
  return forms;
}

/**
 * Every spelling of one character, longest first (`&amp;` before `&`, so the
 * first one that fits is usually the right one).
 */
function charForms(ch: string): string[] {
  return [...jsonForms(ch), ...urlForms(ch), ...htmlForms(ch), escapeRe(ch)];
}

/** One pattern for a character (for the head expression, which backtracks by itself). */
function charPattern(ch: string): string {
  const forms = charForms(ch);
  return forms.length === 1 ? forms[0] : `(?:${forms.join('|')})`;
}

/** Where a cut-off text ends: end of text, an ellipsis, a closing quote (not a line end: a PEM header is no cut). */
const CUT_POINT = /$|["'`]|…|\.\.\.|\\u2026/y;

/** Sticky patterns per distinct character, shared by every secret (a 64 KB value has few distinct characters). */
const STEP_CACHE = new Map<string, RegExp[]>();
function stepFor(ch: string): RegExp[] {
  let forms = STEP_CACHE.get(ch);
  if (!forms) {
    forms = charForms(ch).map((f) => new RegExp(f, 'y'));
    STEP_CACHE.set(ch, forms);
  }
  return forms;
}

/** Values up to this length compile into native expressions; longer ones are followed step by step. */
const NATIVE_MAX = 200;
/**
 * Most spellings tried in one text for long values. Only a repetitive value
 * in a repetitive text comes near it; past it the rest of the text is
 * withheld rather than risk a leak or a stalled thread.
 */
const STEP_BUDGET = 2_000_000;
const WITHHELD = ' [rest withheld: too costly to redact]';

/**
 * A compiled secret. Short values (nearly all) become two native
 * expressions: the whole value, and a prefix of at least MIN_PREFIX
 * characters at a cut point (`p1..p8(?:p9(?:p10...)?)?`, longest first).
 * Such an expression grows with the value (a 64 KB value does not compile),
 * so a longer value gets an expression for its first MIN_PREFIX characters,
 * to find where it may start, and the spellings of every character, to
 * follow it from there.
 */
type Compiled = { whole: RegExp | null, prefix: RegExp | null, head: RegExp, steps: RegExp[][], replacement: string };

function compile(value: string, replacement: string): Compiled {
  const chars = [...value];
  const head = new RegExp(chars.slice(0, MIN_PREFIX).map(charPattern).join(''), 'g');
  if (chars.length > NATIVE_MAX) return { whole: null, prefix: null, head, steps: chars.map(stepFor), replacement };
  const patterns = chars.map(charPattern);
  const whole = new RegExp(patterns.join(''), 'g');
  if (chars.length <= MIN_PREFIX) return { whole, prefix: null, head, steps: [], replacement };
  let tail = '';
  for (let i = chars.length - 2; i >= MIN_PREFIX; i--) tail = `(?:${patterns[i]}${tail})?`;
  const prefix = new RegExp(`${patterns.slice(0, MIN_PREFIX).join('')}${tail}(?=${CUT_POINT.source})`, 'g');
  return { whole, prefix, head, steps: [], replacement };
}

function atCut(text: string, at: number): boolean {
  CUT_POINT.lastIndex = at;
  return CUT_POINT.test(text);
}

/**
 * Follows a long value from `from` (where its head matched) through the
 * spellings of each character, depth first; a (character, position) pair is
 * tried once, so ambiguous spellings (`&` or `&amp;`) cost no more than a
 * second look. Answers the end of the whole value when it is all there, and
 * the end of the longest prefix of MIN_PREFIX or more characters followed by
 * a cut point (-1 for none).
 * Spends `budget.left`; answers null once it is spent.
 */
function follow(c: Compiled, text: string, from: number, budget: { left: number }): { wholeEnd: number, cutEnd: number } | null {
  let wholeEnd = -1;
  let cutEnd = -1;
  const seen = new Set<number>();
  const stack: [number, number][] = [[0, from]];
  while (stack.length) {
    const [i, at] = stack.pop() as [number, number];
    if (i === c.steps.length) {
      wholeEnd = Math.max(wholeEnd, at);
      continue;
    }
    for (const form of c.steps[i]) {
      if (--budget.left < 0) return null;
      form.lastIndex = at;
      const m = form.exec(text);
      if (!m) continue;
      const next = at + m[0].length;
      const key = (i + 1) * (text.length + 1) + next;
      if (seen.has(key)) continue;
      seen.add(key);
      if (i + 1 >= MIN_PREFIX && next > cutEnd && atCut(text, next)) cutEnd = next;
      stack.push([i + 1, next]);
    }
  }
  return { wholeEnd, cutEnd };
}

/**
 * Replaces each occurrence of `c` in `text`: the whole value, or with
 * `prefixes`, a cut-off prefix.
 */
function replaceAll(c: Compiled, text: string, prefixes: boolean): string {
  const native = prefixes ? c.prefix : c.whole;
  if (native) {
    native.lastIndex = 0;
    return text.replace(native, () => c.replacement);
  }
  if (!c.steps.length) return text;
  let out = '';
  let last = 0;
  const budget = { left: STEP_BUDGET };
  c.head.lastIndex = 0;
  for (let m = c.head.exec(text); m; m = c.head.exec(text)) {
    const found = follow(c, text, m.index, budget);
    if (!found) return out + c.replacement + WITHHELD;
    const end = prefixes ? found.cutEnd : found.wholeEnd;
    if (end < 0) {
      c.head.lastIndex = m.index + 1;
      continue;
    }
    out += text.slice(last, m.index) + c.replacement;
    last = end;
    c.head.lastIndex = Math.max(end, m.index + 1);
  }
  return last === 0 ? text : out + text.slice(last);
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Redacts a fixed set of secrets in every spelling they come back in. */
export interface Redactor {
  /** `text` with every secret (raw, JSON, URL/form, HTML-escaped, or a cut-off prefix) replaced. */
  redact(text: string): string;
  /** Deep copy of plain objects, arrays and strings with `redact` applied to every string. */
  redactDeep<T>(value: T): T;
  /** Number of secrets it redacts. */
  readonly size: number;
}

/**
 * Builds a redactor. `secrets` maps each value to what replaces it (an env
 * variable's `${NAME}`, or `****` for keys); longer values are matched
 * first, so a secret inside another cannot leave a tail behind.
 */
export function createRedactor(secrets: Iterable<readonly [value: string, replacement: string]>): Redactor {
  const entries = [...secrets]
    .filter(([value]) => typeof value === 'string' && value.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b[0].length - a[0].length);
  const compiled = entries.map(([value, replacement]) => compile(value, replacement));
  // Whole values first, all of them, then cut-off prefixes: a secret that is
  // the start of a longer one is then redacted as itself, not as a prefix.
  const redact = (text: string) => {
    let out = text;
    for (const c of compiled) out = replaceAll(c, out, false);
    for (const c of compiled) out = replaceAll(c, out, true);
    return out;
  };
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object' && isPlainObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v);
      return out;
    }
    return value;
  };
  return {
    redact: compiled.length ? redact : (text) => text,
    redactDeep: (compiled.length ? walk : (value) => value) as <T>(value: T) => T,
    size: compiled.length,
  };
}
