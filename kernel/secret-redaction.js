// @ts-check
/**
 * The one redaction of secret values, for every way a value comes back.
 *
 * A secret typed into a page returns in many spellings: as typed, JSON-escaped
 * (`\"`, `\\`, `\u0001`), URL-encoded in a page URL (`%22`, `%20`, `+`,
 * `%e2%82%ac`), HTML-escaped (`&quot;`, `&#39;`, `&amp;`), or cut short by a
 * length limit (`s3cr3t-pa…`). Each secret is compiled into one regular
 * expression in which every character position accepts each of its
 * encodings, so mixed spellings match too, plus a rule for truncation: a
 * prefix of at least MIN_PREFIX characters that ends where text is cut (end
 * of text or line, `…`, `...`, a closing quote) is redacted as well. Callers
 * still redact before they cut; the prefix rule is the safety net for cuts
 * made where the secret is unknown (inside the page).
 *
 * The expressions are linear: a sequence of alternations without nested
 * quantifiers (the optional tail for prefixes nests groups, but each level is
 * tried at most once per start position).
 *
 * This file is plain JavaScript with no imports on purpose: the generated
 * Playwright helper inlines its source (`scrub()` of AI healing), so the
 * service and the generated tests redact with the very same code.
 */

/** Values shorter than this are never redacted (they would match everywhere). */
export const MIN_SECRET_LENGTH = 4;
/** A cut-off prefix is redacted from this many characters on. */
export const MIN_PREFIX = 8;

/** @param {string} s */
function escapeRe(s) {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** `%e2` and `%E2` both: hex digits in either case. @param {string} hex */
function hexAnyCase(hex) {
  return hex.replace(/[a-fA-F]/g, (d) => `[${d.toLowerCase()}${d.toUpperCase()}]`);
}

/** @param {number} n */
function hex2(n) {
  return n.toString(16).padStart(2, '0');
}

/** JSON escapes of one character (one or more levels of JSON inside JSON). @param {string} ch */
function jsonForms(ch) {
  const code = /** @type {number} */ (ch.codePointAt(0));
  // A backslash doubles at each level of JSON: 1, 2, 4, 8 of them.
  if (ch === '\\') return ['\\\\{2,8}'];
  /** @type {Record<string, string>} */
  const short = { '"': '"', '\n': 'n', '\r': 'r', '\t': 't', '\b': 'b', '\f': 'f', '/': '/' };
  const forms = [];
  // One more backslash (pair) per level: `\"`, `\\\"`, ... (up to 3 levels of nesting).
  if (short[ch] !== undefined) forms.push(`\\\\{1,7}${escapeRe(short[ch])}`);
  if (code < 0x20 || code === 0x2028 || code === 0x2029) forms.push(`\\\\{1,7}u${hexAnyCase(code.toString(16).padStart(4, '0'))}`);
  return forms;
}

/** URL (percent, form) encodings of one character. @param {string} ch */
function urlForms(ch) {
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

/** HTML entity spellings of one character. @param {string} ch */
function htmlForms(ch) {
  if (/^[A-Za-z0-9]$/.test(ch)) return [];
  const code = /** @type {number} */ (ch.codePointAt(0));
  /** @type {Record<string, string[]>} */
  const named = { '&': ['amp'], '<': ['lt'], '>': ['gt'], '"': ['quot'], "'": ['apos'], ' ': ['nbsp'], '\u00a0': ['nbsp'] };
  const forms = (named[ch] ?? []).map((n) => `&${n};`);
  forms.push(`&#0*${code};`, `&#[xX]0*${hexAnyCase(code.toString(16))};`);
  return forms;
}

/** The pattern that matches one character of a secret in any of its spellings. @param {string} ch */
function charPattern(ch) {
  const forms = [escapeRe(ch), ...jsonForms(ch), ...urlForms(ch), ...htmlForms(ch)];
  return forms.length === 1 ? forms[0] : `(?:${forms.join('|')})`;
}

/** Where a cut-off text ends: end of text or line, an ellipsis, a closing quote. */
const CUT_POINT = `(?=$|[\\r\\n"'\`]|…|\\.\\.\\.|\\\\u2026)`;

/**
 * Compiles one secret: the whole value anywhere, and (separately) a prefix of
 * at least MIN_PREFIX characters at a cut point.
 * @param {string} value
 * @returns {{ whole: RegExp, prefix: RegExp | null }}
 */
function compile(value) {
  const chars = [...value].map(charPattern);
  const whole = new RegExp(chars.join(''), 'gm');
  if (chars.length <= MIN_PREFIX) return { whole, prefix: null };
  // p1..p8(?:p9(?:p10...)?)? followed by a cut point: the longest prefix first.
  let tail = '';
  for (let i = chars.length - 2; i >= MIN_PREFIX; i--) tail = `(?:${chars[i]}${tail})?`;
  return { whole, prefix: new RegExp(`${chars.slice(0, MIN_PREFIX).join('')}${tail}${CUT_POINT}`, 'gm') };
}

/** @param {object} value */
function isPlainObject(value) {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A redactor for a set of secrets.
 * @typedef {{ redact(text: string): string, redactDeep<T>(value: T): T, readonly size: number }} Redactor
 */

/**
 * Builds a redactor. `secrets` maps each value to what replaces it (an env
 * variable's `${NAME}`, or `****` for keys); longer values are matched
 * first, so a secret inside another cannot leave a tail behind.
 * @param {Iterable<readonly [value: string, replacement: string]>} secrets
 * @returns {Redactor}
 */
export function createRedactor(secrets) {
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
  /** @param {string} text */
  const redact = (text) => {
    let out = text;
    for (const { re, replacement } of rules) {
      re.lastIndex = 0;
      out = out.replace(re, () => replacement);
    }
    return out;
  };
  /** @param {unknown} value @returns {unknown} */
  const walk = (value) => {
    if (typeof value === 'string') return redact(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object' && isPlainObject(value)) {
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v);
      return out;
    }
    return value;
  };
  return {
    redact: compiled.length ? redact : (text) => text,
    redactDeep: /** @type {<T>(value: T) => T} */ (compiled.length ? walk : (value) => value),
    size: compiled.length,
  };
}
