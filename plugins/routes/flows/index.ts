import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, FLOW_EVENTS, FLOW_RUNNER, FLOW_SERVICE, ROUTES, SETTINGS, STORAGE, provide } from '../../../kernel/tokens';
import { flowRoutes } from './flow-routes';
import { observationRoute } from './observation-route';
import { SubscriberLimits } from './subscriber-limits';

/** The /api/flows endpoints. */
export default definePlugin({
  id: 'routes-flows',
  apiVersion: 1,
  description: 'Flow endpoints: create, list, get, delete, rename, exports, media, tool calls, run control, events.',
  provides: [ROUTES],
  requires: [STORAGE, FLOW_SERVICE, FLOW_RUNNER, FLOW_EVENTS, SETTINGS],
  optional: [BROWSER_DRIVERS],
  register({ container, settings }) {
    const subscribers = new SubscriberLimits(settings.flows?.maxEventSubscribersPerFlow ?? 32, settings.flows?.maxEventSubscribers ?? 512);
    provide(container, ROUTES, (c) => [...flowRoutes(c, subscribers), observationRoute(c)]);
  },
});
