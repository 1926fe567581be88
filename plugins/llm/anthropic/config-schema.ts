/**
 * GPT configuration body of type `ANTHROPIC` (every field but `type`).
 * `baseUrl` points the Anthropic SDK at another Messages API endpoint.
 */
import * as v from 'valibot';

/** GPT configuration `type` this plugin serves. */
export const ANTHROPIC_TYPE = 'ANTHROPIC';

const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));
const key = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(10000, 'must be at most 10000 characters'));
const httpUrl = v.pipe(
  v.string(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.url('must be a URL'),
  v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'must be an http or https URL'),
);

/** Strict schema of an `ANTHROPIC` configuration body. */
export const anthropicConfigSchema = v.strictObject({
  apiKey: key,
  modelName: name,
  /** Messages API endpoint (the SDK appends `/v1/messages`). */
  baseUrl: v.optional(httpUrl),
  /** Overrides whether screenshots are attached (default true). */
  vision: v.optional(v.boolean()),
});

/** An `ANTHROPIC` configuration body after validation. */
export type AnthropicConfig = v.InferOutput<typeof anthropicConfigSchema>;

/** Fields masked on every read. */
export const ANTHROPIC_SECRET_FIELDS = ['apiKey'] as const;
