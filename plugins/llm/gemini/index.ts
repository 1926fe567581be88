/**
 * Plugin `llm-gemini`: the Google Gemini Developer API provider. The config slice may set a
 * default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import { definePlugin } from '../../../kernel/plugin';
import { llmProviderManifestParts } from '../../../lib/llm/provider-plugin';
import { GeminiProvider } from './provider';

export default definePlugin({
  id: 'llm-gemini',
  apiVersion: 2,
  description: 'Google Gemini Developer API',
  ...llmProviderManifestParts((options) => new GeminiProvider(options)),
});
