/**
 * Plugin `routes-system`: ping, version, the built-in tool list and the
 * OpenAPI document generated from every loaded route.
 */
import { definePlugin } from '../../../kernel/plugin';
import { ROUTES, SETTINGS, TOOLS, provide } from '../../../kernel/tokens';
import { systemRoutes } from './system-routes';

export default definePlugin({
  id: 'routes-system',
  apiVersion: 1,
  description: 'GET /api/ping, /api/version, /api/tools, /api/openapi.json',
  provides: [ROUTES],
  requires: [SETTINGS],
  optional: [TOOLS],
  register({ container }) {
    provide(container, ROUTES, (c) => systemRoutes(c));
  },
});
