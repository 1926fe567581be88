/**
 * Plugin `llm-vertex`: the Gemini on Google Vertex AI provider. The config slice may set a
 * default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import { definePlugin } from '../../../kernel/plugin';
import { llmProviderManifestParts } from '../../../lib/llm/provider-plugin';
import { VertexProvider } from './provider';

export default definePlugin({
  id: 'llm-vertex',
  apiVersion: 2,
  description: 'Gemini on Google Vertex AI',
  ...llmProviderManifestParts((options) => new VertexProvider(options)),
});
