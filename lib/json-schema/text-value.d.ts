/** Types of lib/json-schema/text-value.js (plain JavaScript, inlined into generated tests). */

/** The value of `text` as the first type of `schema.type` it converts to; throws `field: why` when none. */
export declare function textToValue(text: string, schema: { type?: string | string[] }, field: string): string | number | boolean | null;
