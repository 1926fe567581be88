/**
 * Safe JavaScript literals for generated code. Every value that comes from a
 * flow (names, texts, selectors, URLs) enters the output only through these
 * functions, so a hostile value cannot end a string or a comment and inject
 * code.
 */

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * A JavaScript literal of a JSON value. JSON.stringify leaves U+2028 and
 * U+2029 raw; they are legal in a string literal but end a `//` comment, so
 * they are escaped too, which makes the result safe inside comments as well.
 */
export function lit(value: unknown): string {
  const json = JSON.stringify(value);
  if (json === undefined) return 'undefined';
  return json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * An expression for a parameter value in which each `${NAME}` placeholder
 * whose NAME is in `envNames` becomes `env("NAME")` (read from process.env
 * when the test runs); other text stays literal. Names used are added to
 * `used`. Objects and arrays are rebuilt element by element.
 */
export function valueExpr(value: unknown, envNames: ReadonlySet<string>, used: Set<string>): string {
  if (typeof value === 'string') return stringExpr(value, envNames, used);
  if (Array.isArray(value)) return `[${value.map((v) => valueExpr(v, envNames, used)).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${lit(k)}: ${valueExpr(v, envNames, used)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return lit(value ?? null);
}

function stringExpr(text: string, envNames: ReadonlySet<string>, used: Set<string>): string {
  const parts: string[] = [];
  let last = 0;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!envNames.has(m[1])) continue;
    if (m.index! > last) parts.push(lit(text.slice(last, m.index)));
    parts.push(`env(${lit(m[1])})`);
    used.add(m[1]);
    last = m.index! + m[0].length;
  }
  if (parts.length === 0) return lit(text);
  if (last < text.length) parts.push(lit(text.slice(last)));
  return parts.join(' + ');
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
