/**
 * Plugin `ui`: the web UI at `/` (flows list, new flow, flow view with live
 * control and export, compare, settings). Static ES modules (Preact, htm,
 * signals) served from the installed packages through an import map, no
 * build step; the API stays under /api.
 */
import { join } from 'node:path';
import { definePlugin } from '../../kernel/plugin';
import { uiRoutes } from './ui-routes';
import { ROUTES } from '../../lib/http/route-contract';

export default definePlugin({
  id: 'ui',
  apiVersion: 2,
  description: 'Web UI served at / (static files under /ui/)',
  provides: [ROUTES],
  register({ pluginDir, provide }) {
    provide(ROUTES, () => uiRoutes(join(pluginDir, 'public'), pluginDir));
  },
});
