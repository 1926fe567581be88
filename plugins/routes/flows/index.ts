import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, FLOW_EVENTS, FLOW_RUNNER, FLOW_SERVICE, ROUTES, STORAGE, provide } from '../../../kernel/tokens';
import { flowRoutes } from './flow-routes';

/** The /api/flows endpoints. */
export default definePlugin({
  id: 'routes-flows',
  apiVersion: 1,
  description: 'Flow endpoints: create, list, get, delete, rename, exports, media, tool calls, run control, events.',
  provides: [ROUTES],
  requires: [STORAGE, FLOW_SERVICE, FLOW_RUNNER, FLOW_EVENTS],
  optional: [BROWSER_DRIVERS],
  register({ container }) {
    provide(container, ROUTES, (c) => flowRoutes(c));
  },
});
