import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, FLOW_EVENTS, FLOWS, ROUTES, SETTINGS, STORAGE, provide } from '../../../kernel/tokens';
import { flowRoutes } from './flow-routes';
import { SubscriberLimits } from './subscriber-limits';

/** The /api/flows endpoints. */
export default definePlugin({
  id: 'routes-flows',
  apiVersion: 1,
  description: 'Flow endpoints: create, list, get, delete, rename, exports, media, tool calls, run control, observation, events.',
  provides: [ROUTES],
  requires: [STORAGE, FLOWS, FLOW_EVENTS, SETTINGS],
  optional: [BROWSER_DRIVERS],
  register({ container, settings }) {
    const subscribers = new SubscriberLimits(settings.flows?.maxEventSubscribersPerFlow ?? 32, settings.flows?.maxEventSubscribers ?? 512);
    provide(container, ROUTES, (c) => flowRoutes(c, subscribers));
  },
});
