/**
 * Plugin `routes-system`: ping, version, the built-in tool list and the
 * OpenAPI document generated from every loaded route.
 */
import { definePlugin } from '../../../kernel/plugin';
import { TOOLS } from '../../../kernel/tokens';
import { systemRoutes } from './system-routes';
import { ROUTES } from '../../../lib/http/route-contract';

export default definePlugin({
  id: 'routes-system',
  apiVersion: 2,
  description: 'GET /api/ping, /api/version, /api/tools, /api/openapi.json',
  provides: [ROUTES],
  // The tool list and the OpenAPI document (which covers every plugin's routes, this one's included).
  optionalDeps: { tools: TOOLS, routes: ROUTES },
  register({ settings, deps, provide }) {
    provide(ROUTES, () => systemRoutes(settings.version, deps));
  },
});
