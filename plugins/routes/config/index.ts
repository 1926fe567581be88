/**
 * Plugin `routes-config`: GPT configurations (secrets masked on every
 * read), environment variables, agent assignments and browser profiles
 * (values never read back). Every stored secret
 * is handed to the logger's redactor at startup and on each write.
 */
import { definePlugin } from '../../../kernel/plugin';
import { LIFECYCLE, LOGGER, STORAGE } from '../../../kernel/tokens';
import { ConfigStore } from './config-store';
import { configRoutes, secretsLifecycle } from './config-routes';
import { LLM_PROVIDERS } from '../../../lib/llm/provider-contract';
import { ROUTES } from '../../../lib/http/route-contract';
import { AGENTS } from '../../../lib/llm/agent-contract';
import { envUsageRoute } from './env-usage';
import { ProfileStore } from './profile-store';
import { profileRoutes } from './profile-routes';

export default definePlugin({
  id: 'routes-config',
  apiVersion: 2,
  description: '/api/gpt-configs, /api/env, /api/env-usage, /api/agents and /api/profiles',
  provides: [ROUTES, LIFECYCLE],
  deps: { storage: STORAGE, logger: LOGGER },
  // GPT configuration types come from the loaded providers, agent names from the loaded agents.
  optionalDeps: { providers: LLM_PROVIDERS, agents: AGENTS },
  register({ deps, provide }) {
    let store: ConfigStore | undefined;
    const getStore = () => (store ??= new ConfigStore(deps.storage, deps.providers, deps.agents, deps.logger));
    let profiles: ProfileStore | undefined;
    const getProfiles = () => (profiles ??= new ProfileStore(deps.storage, deps.logger));
    provide(ROUTES, () => [...configRoutes(getStore()), envUsageRoute(() => deps.storage), ...profileRoutes(getProfiles)]);
    provide(LIFECYCLE, () => secretsLifecycle(getStore(), getProfiles));
  },
});
