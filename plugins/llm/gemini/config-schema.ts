/**
 * GPT configuration body of type `GOOGLE_GEMINI` (every field but `type`).
 * Talks to the Gemini Developer API (generativelanguage) with an API key.
 */
import * as v from 'valibot';

/** GPT configuration `type` this plugin serves. */
export const GEMINI_TYPE = 'GOOGLE_GEMINI';

const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));
const key = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(10000, 'must be at most 10000 characters'));
const httpUrl = v.pipe(
  v.string(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.url('must be a URL'),
  v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'must be an http or https URL'),
);

/** Strict schema of an `GOOGLE_GEMINI` configuration body. */
export const geminiConfigSchema = v.strictObject({
  apiKey: key,
  modelName: name,
  /** Gemini API endpoint (the SDK appends `/v1beta/models/...`). */
  baseUrl: v.optional(httpUrl),
  /** Overrides whether screenshots are attached (default true). */
  vision: v.optional(v.boolean()),
});

/** An `GOOGLE_GEMINI` configuration body after validation. */
export type GeminiConfig = v.InferOutput<typeof geminiConfigSchema>;

/** Fields masked on every read. */
export const GEMINI_SECRET_FIELDS = ['apiKey'] as const;
