/** Everything the config plugin contributes, assembled from one ConfigStore. */
import type { Lifecycle } from '../../../kernel/contracts/lifecycle';
import type { RouteDefinition } from '../../../lib/http/route-contract';
import { agentRoutes } from './agent-routes';
import type { ConfigStore } from './config-store';
import { envRoutes } from './env-routes';
import { gptConfigRoutes } from './gpt-config-routes';

/** The routes of /api/gpt-configs, /api/env and /api/agents. */
export function configRoutes(store: ConfigStore): RouteDefinition[] {
  return [...gptConfigRoutes(store), ...envRoutes(store), ...agentRoutes(store)];
}

/**
 * Hands every stored secret to the logger's redactor once storage is open
 * (order 60: after storage, before the HTTP server at 100), so nothing
 * logged afterwards can print one.
 */
export function secretsLifecycle(store: ConfigStore, profiles?: () => { registerStoredSecrets(): Promise<void> }): Lifecycle {
  return { name: 'config-secrets', order: 60, start: async () => { await store.registerStoredSecrets(); await profiles?.().registerStoredSecrets(); } };
}
