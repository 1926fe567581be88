/**
 * The manifest parts every LLM provider plugin shares: the config slice
 * (an optional default `baseUrl`), `provides: [LLM_PROVIDERS]`,
 * `requires: [LOGGER]`, and a `register` that provides one provider built
 * from the slice and the logger. A plugin's `index.ts` spreads them into its
 * own `definePlugin({ id, apiVersion, description, ... })`.
 */
import type { LlmProvider } from '../contracts/llm-provider';
import type { PluginManifest } from '../plugin';
import { LLM_PROVIDERS, LOGGER, provide, resolve } from '../tokens';
import { llmPluginConfigSchema } from './config-fields';
import type { LlmProviderOptions } from './sdk-provider';

/** The shared part of an LLM provider plugin's manifest. */
export type LlmProviderManifestParts = Pick<
  PluginManifest<typeof llmPluginConfigSchema>,
  'configSchema' | 'provides' | 'requires' | 'register'
>;

/** Manifest parts that register the provider `create` builds. */
export function llmProviderManifestParts(create: (options: LlmProviderOptions) => LlmProvider): LlmProviderManifestParts {
  return {
    configSchema: llmPluginConfigSchema,
    provides: [LLM_PROVIDERS],
    requires: [LOGGER],
    register(ctx) {
      provide(ctx.container, LLM_PROVIDERS, (c) => create({ baseUrl: ctx.config.baseUrl, logger: resolve(c, LOGGER) }));
    },
  };
}
