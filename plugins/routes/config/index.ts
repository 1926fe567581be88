/**
 * Plugin `routes-config`: GPT configurations (secrets masked on every
 * read), environment variables and agent assignments. Every stored secret
 * is handed to the logger's redactor at startup and on each write.
 */
import { definePlugin } from '../../../kernel/plugin';
import { AGENTS, LIFECYCLE, LLM_PROVIDERS, LOGGER, ROUTES, STORAGE, provide, resolve, resolveAll } from '../../../kernel/tokens';
import { ConfigStore } from './config-store';
import { configRoutes, secretsLifecycle } from './config-routes';

export default definePlugin({
  id: 'routes-config',
  apiVersion: 1,
  description: '/api/gpt-configs, /api/env and /api/agents',
  provides: [ROUTES, LIFECYCLE],
  requires: [STORAGE, AGENTS, LOGGER],
  optional: [LLM_PROVIDERS],
  register({ container }) {
    let store: ConfigStore | undefined;
    const getStore = () => (store ??= new ConfigStore(
      resolve(container, STORAGE), resolveAll(container, LLM_PROVIDERS), resolveAll(container, AGENTS), resolve(container, LOGGER),
    ));
    provide(container, ROUTES, () => configRoutes(getStore()));
    provide(container, LIFECYCLE, () => secretsLifecycle(getStore()));
  },
});
