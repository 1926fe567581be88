/**
 * Plugin `llm-bedrock`: the Claude on AWS Bedrock (Converse API) provider. The config slice may set a
 * default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import { definePlugin } from '../../../kernel/plugin';
import { llmProviderManifestParts } from '../../../lib/llm/provider-plugin';
import { BedrockProvider } from './provider';

export default definePlugin({
  id: 'llm-bedrock',
  apiVersion: 2,
  description: 'Claude on AWS Bedrock (Converse API)',
  ...llmProviderManifestParts((options) => new BedrockProvider(options)),
});
