/**
 * GPT configuration body of type `GOOGLE_GEMINI` (every field but `type`).
 * Talks to the Gemini Developer API (generativelanguage) with an API key;
 * `baseUrl` replaces its endpoint (the SDK appends `/v1beta/models/...`).
 */
import * as v from 'valibot';
import { apiKeyConfigEntries } from '../../../lib/llm/config-fields';

/** GPT configuration `type` this plugin serves. */
export const GEMINI_TYPE = 'GOOGLE_GEMINI';

/** Strict schema of a `GOOGLE_GEMINI` configuration body: `apiKey`, `modelName`, optional `baseUrl`, `vision` and prices. */
export const geminiConfigSchema = v.strictObject(apiKeyConfigEntries);

/** A `GOOGLE_GEMINI` configuration body after validation. */
export type GeminiConfig = v.InferOutput<typeof geminiConfigSchema>;

/** Fields masked on every read. */
export const GEMINI_SECRET_FIELDS = ['apiKey'] as const;

/** Fields that decide where the secrets are sent: a masked secret is kept only while they are unchanged. */
export const GEMINI_ENDPOINT_FIELDS = ['baseUrl'] as const;
