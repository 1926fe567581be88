/**
 * Safe JavaScript literals for generated code. Every value that comes from a
 * flow (names, texts, selectors, URLs) enters the output only through these
 * functions, so a hostile value cannot end a string or a comment and inject
 * code. Strings are single-quoted, as Playwright's own codegen writes them.
 */

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };
/**
 * What cannot stand raw in a single-quoted literal that may also sit in a
 * `//` comment: the quote, backslashes, control characters, U+2028/U+2029
 * (they end a comment) and lone surrogates (not encodable in UTF-8).
 */
const UNSAFE = /[\\'\u0000-\u001f\u007f\u2028\u2029]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A single-quoted JavaScript string literal of `text`, safe inside a line comment too. */
export function str(text: string): string {
  return `'${text.replace(UNSAFE, (ch) => ESCAPES[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`;
}

/**
 * A JavaScript literal of a JSON-like value: strings single-quoted, object
 * keys bare when they are identifiers. `env` turns `${NAME}` placeholders of
 * strings into env('NAME') calls (see valueExpr).
 */
export function jsValue(value: unknown, env?: (text: string) => string): string {
  if (typeof value === 'string') return env ? env(value) : str(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'null';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => jsValue(v, env)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${IDENTIFIER.test(k) ? k : str(k)}: ${jsValue(v, env)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return 'null';
}

/** Whether `name` can be written `data.name` (else `data['name']`). */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/**
 * An expression for a parameter value in which each `${NAME}` placeholder
 * whose NAME is in `envNames` becomes `env('NAME')` (read from process.env
 * when the test runs), or `totp('NAME')` (its current code) when NAME is in
 * `totpNames`; other text stays literal. Names used are added to
 * `used`. Objects and arrays are rebuilt element by element.
 */
export function valueExpr(value: unknown, envNames: ReadonlySet<string>, used: Set<string>, totpNames: ReadonlySet<string> = new Set()): string {
  return jsValue(value, (text) => stringExpr(text, envNames, used, totpNames));
}

function stringExpr(text: string, envNames: ReadonlySet<string>, used: Set<string>, totpNames: ReadonlySet<string>): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!envNames.has(m[1])) continue;
    if (m.index! > last) parts.push(str(text.slice(last, m.index)));
    parts.push(`${totpNames.has(m[1]) ? 'totp' : 'env'}(${str(m[1])})`);
    used.add(m[1]);
    last = m.index! + m[0].length;
  }
  if (parts.length === 0) return str(text);
  if (last < text.length) parts.push(str(text.slice(last)));
  return parts.join(' + ');
}

/**
 * A regular expression literal (`/\/app$/i`) matching what
 * `new RegExp(source, flags)` matches: unescaped slashes outside character
 * classes are escaped (an identity escape in every mode). Falls back to
 * `new RegExp('...', '...')` for a source a literal cannot hold (line
 * terminators) and throws for an invalid one.
 */
export function regexLiteral(source: string, flags: string): string {
  new RegExp(source, flags); // throws on an invalid pattern: never emit one
  if (/[\n\r\u2028\u2029]/.test(source) || source === '') return `new RegExp(${str(source)}${flags ? `, ${str(flags)}` : ''})`;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (inClass && c === ']') inClass = false;
    else if (!inClass && c === '[') inClass = true;
    out += c === '/' && !inClass ? '\\/' : c;
  }
  return `/${out}/${flags}`;
}

/** The source and flags of an assertUrl pattern written as `/source/flags`; null for a plain substring. */
export function parseRegexPattern(pattern: string): { source: string; flags: string } | null {
  const m = /^\/(.+)\/([dgimsuvy]*)$/s.exec(pattern);
  if (!m) return null;
  try {
    new RegExp(m[1], m[2]);
    return { source: m[1], flags: m[2] };
  } catch {
    return null;
  }
}

/** Escapes `text` for use inside a RegExp source (a literal substring match). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
