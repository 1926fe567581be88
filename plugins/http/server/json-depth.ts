/**
 * Nesting depth of a JSON text, checked before it is parsed. V8's
 * JSON.parse copes with any depth, but everything after it (validation,
 * JSON.stringify, the JSON Schema validator) recurses: a 200,000-deep
 * `parameters` overflowed the stack and answered 500. One linear pass over
 * the text finds the first container nested deeper than the limit and the
 * path to it, without building anything.
 */

/** Objects and arrays nested deeper than this are refused. */
export const MAX_JSON_DEPTH = 64;

/** Path segments named in the message before it is shortened with `...`. */
const SHOWN_SEGMENTS = 4;

const OPEN_OBJECT = 0x7b; // {
const CLOSE_OBJECT = 0x7d; // }
const OPEN_ARRAY = 0x5b; // [
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const COMMA = 0x2c; // ,
const COLON = 0x3a; // :

/** One open container: an object (with where its current key is in the text) or an array (with the current index). */
interface Frame {
  array: boolean;
  index: number;
  keyStart: number;
  keyEnd: number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/**
 * The path (`toolCallsOnStart[0].parameters.a...`) of the first container
 * nested deeper than `maxDepth`, `''` when it is the body itself, or null
 * when the text is within the limit. Malformed JSON is left to JSON.parse:
 * this only counts brackets outside strings.
 */
export function findTooDeep(text: string, maxDepth = MAX_JSON_DEPTH): string | null {
  const stack: Frame[] = [];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i + 1;
      i = endOfString(text, start);
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.keyStart = start;
        top.keyEnd = i;
        top.expectKey = false;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (stack.length >= maxDepth) return pathOf(text, stack);
      stack.push({ array: c === OPEN_ARRAY, index: 0, keyStart: -1, keyEnd: -1, expectKey: c === OPEN_OBJECT });
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      stack.pop();
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    } else if (c === COLON) {
      const top = stack[stack.length - 1];
      if (top && !top.array) top.expectKey = false;
    }
  }
  return null;
}

/** Index of the quote closing the string that starts at `start` (or the text's length). */
function endOfString(text: string, start: number): number {
  let i = start;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return text.length;
    let backslashes = 0;
    for (let k = q - 1; k >= start && text.charCodeAt(k) === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return q;
    i = q + 1;
  }
}

/** The path of the innermost open container, shortened to its first segments. */
function pathOf(text: string, stack: Frame[]): string {
  let out = '';
  // The root frame names nothing; each frame names the member of it the next one is in.
  const segments = Math.min(stack.length, SHOWN_SEGMENTS);
  for (let d = 0; d < segments; d++) {
    const f = stack[d]!;
    if (f.array) out += `[${f.index}]`;
    else out += (out ? '.' : '') + keyText(text, f);
  }
  return stack.length > SHOWN_SEGMENTS ? `${out}...` : out;
}

function keyText(text: string, f: Frame): string {
  if (f.keyStart < 0) return '?';
  const raw = text.slice(f.keyStart, Math.min(f.keyEnd, f.keyStart + 200));
  let key = raw;
  if (raw.includes('\\')) {
    try { key = JSON.parse(`"${raw}"`) as string; } catch { key = raw; }
  }
  return key.length > 50 ? `${key.slice(0, 50)}...` : key;
}
