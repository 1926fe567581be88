/**
 * GPT configuration body of type `OPENAI` (every field but `type`). Also
 * serves OpenAI-compatible servers (vLLM, Ollama, LM Studio...) via `baseUrl`,
 * e.g. `http://127.0.0.1:11434/v1`.
 */
import * as v from 'valibot';
import { apiKeyConfigEntries } from '../../../lib/llm/config-fields';

/** GPT configuration `type` this plugin serves. */
export const OPENAI_TYPE = 'OPENAI';

/** Strict schema of an `OPENAI` configuration body: `apiKey`, `modelName`, optional `baseUrl`, `vision` and prices. */
export const openAiConfigSchema = v.strictObject(apiKeyConfigEntries);

/** An `OPENAI` configuration body after validation. */
export type OpenAiConfig = v.InferOutput<typeof openAiConfigSchema>;

/** Fields masked on every read. */
export const OPENAI_SECRET_FIELDS = ['apiKey'] as const;

/** Fields that decide where the secrets are sent: a masked secret is kept only while they are unchanged. */
export const OPENAI_ENDPOINT_FIELDS = ['baseUrl'] as const;
