/**
 * Plugin `llm-openai`: the OpenAI chat completions (and OpenAI-compatible servers) provider. The config slice may set a
 * default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import { definePlugin } from '../../../kernel/plugin';
import { llmProviderManifestParts } from '../../../lib/llm/provider-plugin';
import { OpenAiProvider } from './provider';

export default definePlugin({
  id: 'llm-openai',
  apiVersion: 2,
  description: 'OpenAI chat completions (and OpenAI-compatible servers)',
  ...llmProviderManifestParts((options) => new OpenAiProvider(options)),
});
