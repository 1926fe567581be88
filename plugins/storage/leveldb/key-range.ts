/** Iterator ranges over every key that starts with a prefix. */

/** Sorts after any string a key part can hold (U+10FFFF, the largest code point). */
const KEY_MAX = '\u{10FFFF}';

/** The range of keys starting with `prefix`; with `after`, only those greater than `prefix + after`. */
export function keyRange(prefix: string, after?: string): { gte?: string; gt?: string; lt: string } {
  return after === undefined ? { gte: prefix, lt: prefix + KEY_MAX } : { gt: prefix + after, lt: prefix + KEY_MAX };
}
