/**
 * Plugin `llm-openai`: the OpenAI chat completions (and OpenAI-compatible servers) provider. The config slice may set a
 * default `baseUrl`; a GPT configuration's own `baseUrl` wins over it.
 */
import * as v from 'valibot';
import { definePlugin } from '../../../kernel/plugin';
import { LLM_PROVIDERS, LOGGER, provide, resolve } from '../../../kernel/tokens';
import { OpenAiProvider } from './provider';

const pluginConfigSchema = v.optional(
  v.strictObject({
    baseUrl: v.optional(v.pipe(v.string(), v.maxLength(2000, 'must be at most 2000 characters'), v.url('must be a URL'), v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'must be an http or https URL'))),
  }),
  {},
);

export default definePlugin({
  id: 'llm-openai',
  apiVersion: 1,
  description: 'OpenAI chat completions (and OpenAI-compatible servers)',
  configSchema: pluginConfigSchema,
  provides: [LLM_PROVIDERS],
  requires: [LOGGER],
  register(ctx) {
    provide(ctx.container, LLM_PROVIDERS, (c) => new OpenAiProvider({ baseUrl: ctx.config.baseUrl, logger: resolve(c, LOGGER) }));
  },
});
