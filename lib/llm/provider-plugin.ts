/**
 * The manifest parts every LLM provider plugin shares: the config slice
 * (an optional default `baseUrl`), `provides: [LLM_PROVIDERS]`,
 * `deps: { logger: LOGGER }`, and a `register` that provides one provider built
 * from the slice and the logger. A plugin's `index.ts` spreads them into its
 * own `definePlugin({ id, apiVersion, description, ... })`.
 */
import type { LlmProvider } from './provider-contract';
import type { PluginManifest } from '../../kernel/plugin';
import { LOGGER } from '../../kernel/tokens';
import { llmPluginConfigSchema } from './config-fields';
import type { LlmProviderOptions } from './sdk-provider';
import { LLM_PROVIDERS } from './provider-contract';

/** The shared part of an LLM provider plugin's manifest. */
export type LlmProviderManifestParts = Pick<
  PluginManifest<typeof llmPluginConfigSchema, { logger: typeof LOGGER }, {}>,
  'configSchema' | 'provides' | 'deps' | 'register'
>;

/** Manifest parts that register the provider `create` builds. */
export function llmProviderManifestParts(create: (options: LlmProviderOptions) => LlmProvider): LlmProviderManifestParts {
  return {
    configSchema: llmPluginConfigSchema,
    provides: [LLM_PROVIDERS],
    deps: { logger: LOGGER },
    register({ config, deps, provide }) {
      provide(LLM_PROVIDERS, () => create({ baseUrl: config.baseUrl, logger: deps.logger }));
    },
  };
}
