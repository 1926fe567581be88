/**
 * GPT configuration body of type `OPENAI` (every field but `type`). Also
 * serves OpenAI-compatible servers (vLLM, Ollama, LM Studio...) via `baseUrl`.
 */
import * as v from 'valibot';

/** GPT configuration `type` this plugin serves. */
export const OPENAI_TYPE = 'OPENAI';

const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));
const key = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(10000, 'must be at most 10000 characters'));
const httpUrl = v.pipe(
  v.string(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.url('must be a URL'),
  v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'must be an http or https URL'),
);

/** Strict schema of an `OPENAI` configuration body. */
export const openAiConfigSchema = v.strictObject({
  apiKey: key,
  modelName: name,
  /** OpenAI-compatible endpoint, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: v.optional(httpUrl),
  /** Overrides whether screenshots are attached (default true). */
  vision: v.optional(v.boolean()),
});

/** An `OPENAI` configuration body after validation. */
export type OpenAiConfig = v.InferOutput<typeof openAiConfigSchema>;

/** Fields masked on every read. */
export const OPENAI_SECRET_FIELDS = ['apiKey'] as const;
