/**
 * Reads Playwright selector strings (the syntax the drivers record and flows
 * may carry) the way Playwright itself does, so locator-code.ts can rewrite
 * them as public locator calls without changing what they match. Ports of
 * Playwright's own parsing rules (playwright-core selectorParser): how a
 * selector splits at ` >> `, how an engine name is told from CSS, and the
 * attribute syntax of `role=` / `internal:*` engines.
 */

/** One ` >> `-separated part: `role=button[name="Save"]` is `{ name: 'role', body: 'button[name="Save"]' }`. */
export interface SelectorPart {
  /** Engine name; `css`, `xpath` or `text` when the part has no `engine=` prefix. */
  name: string;
  /** The text after `engine=`, or the whole part. */
  body: string;
  /** The part as written (trimmed). */
  raw: string;
}

/**
 * Splits `selector` into its parts. A ` >> ` inside quotes is not a
 * separator; an unquoted `text=` body may hold quotes that do not open a
 * string (`text=It's >> css`), as in Playwright.
 */
export function splitSelector(selector: string): SelectorPart[] {
  const parts: SelectorPart[] = [];
  let start = 0;
  let index = 0;
  let quote: string | undefined;
  const append = () => parts.push(part(selector.substring(start, index).trim()));
  if (!selector.includes('>>')) {
    index = selector.length;
    append();
    return parts;
  }
  const quoteIsText = () => {
    const match = /^\s*text\s*=(.*)$/s.exec(selector.substring(start, index));
    return !!match && !!match[1];
  };
  while (index < selector.length) {
    const c = selector[index];
    if (c === '\\' && index + 1 < selector.length) {
      index += 2;
    } else if (c === quote) {
      quote = undefined;
      index++;
    } else if (!quote && (c === '"' || c === "'" || c === '`') && !quoteIsText()) {
      quote = c;
      index++;
    } else if (!quote && c === '>' && selector[index + 1] === '>') {
      append();
      index += 2;
      start = index;
    } else {
      index++;
    }
  }
  append();
  return parts;
}

function part(raw: string): SelectorPart {
  const eq = raw.indexOf('=');
  if (eq !== -1 && /^[a-zA-Z_0-9-+:*]+$/.test(raw.substring(0, eq).trim())) {
    return { name: raw.substring(0, eq).trim(), body: raw.substring(eq + 1), raw };
  }
  if (raw.length > 1 && ((raw[0] === '"' && raw.endsWith('"')) || (raw[0] === "'" && raw.endsWith("'")))) return { name: 'text', body: raw, raw };
  if (/^\(*\/\//.test(raw) || raw.startsWith('..')) return { name: 'xpath', body: raw, raw };
  return { name: 'css', body: raw, raw };
}

/** A string, or a regular expression, as an engine reads it. */
export type TextValue = { kind: 'string'; value: string; caseSensitive: boolean } | { kind: 'regex'; source: string; flags: string };

/** One `[name op value flag]` of an attribute selector (`role=`, `internal:role=`, `internal:attr=`...). */
export interface AttributePart {
  name: string;
  /** `<truthy>` for `[checked]`; else `=`, `*=`, `^=`, `$=`, `|=`, `~=`. */
  op: string;
  value: TextValue | boolean | number | null;
}

/** `button[name="Save"i][pressed]`: a name and its attributes, or null when it is not that syntax. */
export function parseAttributeSelector(text: string): { name: string; attributes: AttributePart[] } | null {
  let i = 0;
  const peek = () => text[i] ?? '';
  const skipSpaces = () => { while (i < text.length && /\s/.test(text[i])) i++; };
  const isNameChar = (c: string) => c >= '\x80' || /[0-9A-Za-z_-]/.test(c);
  const identifier = () => {
    skipSpaces();
    const from = i;
    while (i < text.length && isNameChar(text[i])) i++;
    return text.slice(from, i);
  };
  const quoted = (): string | null => {
    const q = peek();
    if (q !== '"' && q !== "'") return null;
    i++;
    let out = '';
    while (i < text.length && text[i] !== q) {
      if (text[i] === '\\') i++;
      out += text[i++] ?? '';
    }
    if (text[i] !== q) return null;
    i++;
    return out;
  };
  const regex = (): { source: string; flags: string } | null => {
    i++; // the opening slash
    let source = '';
    let inClass = false;
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') {
        source += c + (text[i + 1] ?? '');
        i += 2;
        continue;
      }
      if (inClass && c === ']') inClass = false;
      else if (!inClass && c === '[') inClass = true;
      else if (!inClass && c === '/') break;
      source += c;
      i++;
    }
    if (text[i] !== '/') return null;
    i++;
    let flags = '';
    while (/[dgimsuvy]/.test(peek())) flags += text[i++];
    try {
      new RegExp(source, flags);
    } catch {
      return null;
    }
    return { source, flags };
  };

  const name = identifier();
  const attributes: AttributePart[] = [];
  skipSpaces();
  while (peek() === '[') {
    i++;
    skipSpaces();
    const attr = peek() === '"' || peek() === "'" ? quoted() : identifier();
    if (!attr) return null;
    skipSpaces();
    if (peek() === ']') {
      i++;
      attributes.push({ name: attr, op: '<truthy>', value: null });
      skipSpaces();
      continue;
    }
    const op = ['*=', '^=', '$=', '|=', '~='].includes(text.slice(i, i + 2)) ? text.slice(i, i + 2) : peek() === '=' ? '=' : '';
    if (!op) return null;
    i += op.length;
    skipSpaces();
    let value: AttributePart['value'];
    if (peek() === '/') {
      const re = regex();
      if (!re || op !== '=') return null;
      value = { kind: 'regex', ...re };
    } else if (peek() === '"' || peek() === "'") {
      const s = quoted();
      if (s === null) return null;
      skipSpaces();
      let caseSensitive = true;
      if (/[iI]/.test(peek())) { caseSensitive = false; i++; } else if (/[sS]/.test(peek())) i++;
      value = { kind: 'string', value: s, caseSensitive };
    } else {
      let word = '';
      while (i < text.length && (isNameChar(text[i]) || text[i] === '+' || text[i] === '.')) word += text[i++];
      if (word === 'true' || word === 'false') value = word === 'true';
      else if (word !== '' && !Number.isNaN(Number(word))) value = Number(word);
      else return null;
    }
    skipSpaces();
    if (peek() !== ']') return null;
    i++;
    attributes.push({ name: attr, op, value });
    skipSpaces();
  }
  if (i < text.length || (!name && !attributes.length)) return null;
  return { name, attributes };
}

/**
 * The body of a text engine (`text=`, `internal:text=`, `internal:label=`,
 * `internal:has-text=`): `"Save"` exact, `"Save"i` substring ignoring case,
 * `/re/i` a regular expression, `Save` (unquoted, `text=` only) substring
 * ignoring case. Quoted bodies are JSON for `internal:*` engines and
 * backslash-escaped for `text=`, as Playwright reads them. Null when the
 * body is none of these.
 */
export function parseTextBody(body: string, internal: boolean): TextValue | null {
  const last = body.lastIndexOf('/');
  if (body[0] === '/' && last > 0) {
    const source = body.substring(1, last);
    const flags = body.substring(last + 1);
    try {
      new RegExp(source, flags);
    } catch {
      return null;
    }
    return { kind: 'regex', source, flags };
  }
  const unquote = (quotedText: string): string | null => {
    if (!internal) return backslashUnescape(quotedText.slice(1, -1));
    try {
      const value: unknown = JSON.parse(quotedText);
      return typeof value === 'string' ? value : null;
    } catch {
      return null;
    }
  };
  const flagged = /^("[\s\S]*")([is])$/.exec(body);
  if (body.length > 1 && body[0] === '"' && body.endsWith('"')) {
    const value = unquote(body);
    return value === null ? null : { kind: 'string', value, caseSensitive: true };
  }
  if (internal && flagged) {
    const value = unquote(flagged[1]);
    return value === null ? null : { kind: 'string', value, caseSensitive: flagged[2] === 's' };
  }
  if (!internal && body.length > 1 && body[0] === "'" && body.endsWith("'")) {
    return { kind: 'string', value: backslashUnescape(body.slice(1, -1)), caseSensitive: true };
  }
  if (internal || !body.trim()) return null;
  return { kind: 'string', value: body, caseSensitive: false };
}

function backslashUnescape(text: string): string {
  return text.replace(/\\([\s\S])/g, '$1');
}

/**
 * The value of a CSS string literal (`"a \"b\" \a "`): backslash escapes,
 * hexadecimal ones included. Null when `literal` is not exactly one
 * double-quoted CSS string.
 */
export function cssStringValue(literal: string): string | null {
  if (!/^"(?:[^"\\\n]|\\[\s\S])*"$/.test(literal)) return null;
  return literal.slice(1, -1).replace(/\\(?:([0-9a-fA-F]{1,6})[ \t\n]?|([\s\S]))/g, (_m, hex: string | undefined, ch: string | undefined) => {
    if (hex === undefined) return ch === '\n' ? '' : ch!;
    const code = parseInt(hex, 16);
    return code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
  });
}
