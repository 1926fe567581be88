/** Types of lib/redaction/secret-redaction.js (plain JavaScript, inlined into generated tests). */

/** Values shorter than this are never redacted (they would match everywhere). */
export declare const MIN_SECRET_LENGTH: number;
/** A cut-off prefix is redacted from this many characters on. */
export declare const MIN_PREFIX: number;

/** Redacts a fixed set of secrets in every spelling they come back in. */
export interface Redactor {
  /** `text` with every secret (raw, JSON, URL/form, HTML-escaped, or a cut-off prefix) replaced. */
  redact(text: string): string;
  /** Deep copy of plain objects, arrays and strings with `redact` applied to every string. */
  redactDeep<T>(value: T): T;
  /** Number of secrets it redacts. */
  readonly size: number;
}

/** Builds a redactor from `[value, replacement]` pairs (longest value matched first). */
export declare function createRedactor(secrets: Iterable<readonly [value: string, replacement: string]>): Redactor;
