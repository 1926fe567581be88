/**
 * GPT configuration body of type `ANTHROPIC` (every field but `type`).
 * `baseUrl` points the Anthropic SDK at another Messages API endpoint (the
 * SDK appends `/v1/messages`).
 */
import * as v from 'valibot';
import { apiKeyConfigEntries } from '../../../lib/llm/config-fields';

/** GPT configuration `type` this plugin serves. */
export const ANTHROPIC_TYPE = 'ANTHROPIC';

/** Strict schema of an `ANTHROPIC` configuration body: `apiKey`, `modelName`, optional `baseUrl`, `vision` and prices. */
export const anthropicConfigSchema = v.strictObject(apiKeyConfigEntries);

/** An `ANTHROPIC` configuration body after validation. */
export type AnthropicConfig = v.InferOutput<typeof anthropicConfigSchema>;

/** Fields masked on every read. */
export const ANTHROPIC_SECRET_FIELDS = ['apiKey'] as const;

/** Fields that decide where the secrets are sent: a masked secret is kept only while they are unchanged. */
export const ANTHROPIC_ENDPOINT_FIELDS = ['baseUrl'] as const;
