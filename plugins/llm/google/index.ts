/**
 * Plugin `llm-google`: Google's two Gemini endpoints on one SDK
 * (`@google/genai`, mapped once in ./genai): the Gemini Developer API
 * (`GOOGLE_GEMINI`, an API key) and Gemini on Vertex AI (`GOOGLE_VERTEX`,
 * a service account or an access token). The config slice may set each
 * one's default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import * as v from 'valibot';
import { definePlugin } from '../../../kernel/plugin';
import { LOGGER } from '../../../kernel/tokens';
import { llmPluginConfigSchema } from '../../../lib/llm/config-fields';
import { GeminiProvider } from './gemini-provider';
import { VertexProvider } from './vertex-provider';
import { LLM_PROVIDERS } from '../../../lib/llm/provider-contract';

export default definePlugin({
  id: 'llm-google',
  apiVersion: 2,
  description: 'Google Gemini Developer API and Gemini on Vertex AI',
  configSchema: v.optional(v.strictObject({ gemini: llmPluginConfigSchema, vertex: llmPluginConfigSchema }), {}),
  provides: [LLM_PROVIDERS],
  deps: { logger: LOGGER },
  register({ config, deps, provide }) {
    provide(LLM_PROVIDERS, () => new GeminiProvider({ baseUrl: config.gemini.baseUrl, logger: deps.logger }));
    provide(LLM_PROVIDERS, () => new VertexProvider({ baseUrl: config.vertex.baseUrl, logger: deps.logger }));
  },
});
