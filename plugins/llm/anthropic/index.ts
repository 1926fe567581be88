/**
 * Plugin `llm-anthropic`: the Anthropic Messages API provider. The config slice may set a
 * default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import { definePlugin } from '../../../kernel/plugin';
import { llmProviderManifestParts } from '../../../lib/llm/provider-plugin';
import { AnthropicProvider } from './provider';

export default definePlugin({
  id: 'llm-anthropic',
  apiVersion: 2,
  description: 'Anthropic Messages API',
  ...llmProviderManifestParts((options) => new AnthropicProvider(options)),
});
