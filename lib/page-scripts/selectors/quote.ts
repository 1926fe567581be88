/**
 * Quoting of values inside Playwright selectors. Each engine has its own
 * string syntax: CSS strings (css engine, `:has-text()`), the attribute
 * syntax of `role=`/`internal:*` engines, and the text engine's JSON-like
 * quoted form. Self-contained so it runs in the page.
 */

/** Quoting helpers. */
export interface Quote {
  /** A CSS string literal: `"a \"b\""`; control characters as CSS escapes. */
  css(value: string): string;
  /** A CSS identifier (for `#id`). */
  ident(value: string): string;
  /** A value of `role=x[name=...]` / `internal:*=[...]`: `"..."` with `\` escapes. */
  attr(value: string): string;
  /** A value of the text engine: `"..."`, JSON-escaped. */
  text(value: string): string;
}

/** Page-safe factory of the quoting helpers. */
export function createQuote(): Quote {
  function cssEscapeChar(ch: string): string {
    if (ch === '"' || ch === '\\') return `\\${ch}`;
    // Control characters cannot appear raw in a CSS string: hex escape plus a terminating space.
    return `\\${ch.charCodeAt(0).toString(16)} `;
  }
  function cssIdent(value: string): string {
    if (typeof CSS !== 'undefined' && typeof CSS.escape === 'function') return CSS.escape(value);
    return value.replace(/[^a-zA-Z0-9_\u00a0-\uffff-]/g, (ch) => `\\${ch}`);
  }
  return {
    css: (value) => `"${value.replace(/["\\\u0000-\u001f\u007f]/g, cssEscapeChar)}"`,
    ident: cssIdent,
    attr: (value) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    text: (value) => JSON.stringify(value),
  };
}
