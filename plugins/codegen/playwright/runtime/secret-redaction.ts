/**
 * TypeScript twin of kernel/secret-redaction.js, inlined into the helper of
 * generated TypeScript tests (helpers/locate.ts must pass `tsc --noEmit`
 * under `strict`, and JSDoc types count for nothing in a .ts file). The very
 * same code with its JSDoc types written as annotations: a unit test strips
 * the types of both and compares them, so the twin cannot drift from the
 * service's redaction. Change kernel/secret-redaction.js first, then this.
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

/** JSON escapes of one character (one or more levels of JSON inside JSON). */
function jsonForms(ch: string): string[] {
  const code = ch.codePointAt(0) as number;
  // A backslash doubles at each level of JSON: 1, 2, 4, 8 of them.
  if (ch === '\\') return ['\\\\{2,8}'];
  const short: Record<string, string> = { '"': '"', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f', '/': '/' };
  const forms = [];
  // One more backslash (pair) per level: `\"`, `\\\"`, ... (up to 3 levels of nesting).
  if (short[ch] !== undefined) forms.push(`\\\\{1,7}${escapeRe(short[ch])}`);
  if (code < 0x20 || code === 0x2028 || code === 0x2029) forms.push(`\\\\{1,7}u${hexAnyCase(code.toString(16).padStart(4, '0'))}`);
  return forms;
}

/** URL (percent, form) encodings of one character. */
function urlForms(ch: string): string[] {
  const forms = [];
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

/** The pattern that matches one character of a secret in any of its spellings. */
function charPattern(ch: string): string {
  const forms = [escapeRe(ch), ...jsonForms(ch), ...urlForms(ch), ...htmlForms(ch)];
  return forms.length === 1 ? forms[0] : `(?:${forms.join('|')})`;
}

/** Where a cut-off text ends: end of text or line, an ellipsis, a closing quote. */
const CUT_POINT = `(?=$|[\\r\\n"'\`]|…|\\.\\.\\.|\\\\u2026)`;

/**
 * Compiles one secret: the whole value anywhere, and (separately) a prefix of
 * at least MIN_PREFIX characters at a cut point.
 */
function compile(value: string): { whole: RegExp, prefix: RegExp | null } {
  const chars = [...value].map(charPattern);
  const whole = new RegExp(chars.join(''), 'gm');
  if (chars.length <= MIN_PREFIX) return { whole, prefix: null };
  // p1..p8(?:p9(?:p10...)?)? followed by a cut point: the longest prefix first.
  let tail = '';
  for (let i = chars.length - 2; i >= MIN_PREFIX; i--) tail = `(?:${chars[i]}${tail})?`;
  return { whole, prefix: new RegExp(`${chars.slice(0, MIN_PREFIX).join('')}${tail}${CUT_POINT}`, 'gm') };
}

function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A redactor for a set of secrets. */
type Redactor = { redact(text: string): string, redactDeep<T>(value: T): T, readonly size: number };

/**
 * Builds a redactor. `secrets` maps each value to what replaces it (an env
 * variable's `${NAME}`, or `****` for keys); longer values are matched
 * first, so a secret inside another cannot leave a tail behind.
 */
export function createRedactor(secrets: Iterable<readonly [value: string, replacement: string]>): Redactor {
  const entries = [...secrets]
    .filter(([value]) => typeof value === 'string' && value.length >= MIN_SECRET_LENGTH)
    .sort((a, b) => b[0].length - a[0].length);
  const compiled = entries.map(([value, replacement]) => ({ ...compile(value), replacement }));
  // Whole values first, all of them, then cut-off prefixes: a secret that is
  // the start of a longer one is then redacted as itself, not as a prefix.
  const rules = [
    ...compiled.map(({ whole, replacement }) => ({ re: whole, replacement })),
    ...compiled.flatMap(({ prefix, replacement }) => (prefix ? [{ re: prefix, replacement }] : [])),
  ];
  const redact = (text: string) => {
    let out = text;
    for (const { re, replacement } of rules) {
      re.lastIndex = 0;
      out = out.replace(re, () => replacement);
    }
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
