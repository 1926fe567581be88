import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, FLOW_EVENTS, FLOWS, ROUTES, STORAGE } from '../../../kernel/tokens';
import { flowRoutes } from './flow-routes';
import { SubscriberLimits } from './subscriber-limits';

/** The /api/flows endpoints. */
export default definePlugin({
  id: 'routes-flows',
  apiVersion: 2,
  description: 'Flow endpoints: create, list, get, delete, rename, exports, media, tool calls, run control, observation, events.',
  provides: [ROUTES],
  deps: { storage: STORAGE, flows: FLOWS, events: FLOW_EVENTS },
  // The `browser.using.type` values CreateFlow accepts.
  optionalDeps: { drivers: BROWSER_DRIVERS },
  register({ settings, deps, provide }) {
    const subscribers = new SubscriberLimits(settings.flows?.maxEventSubscribersPerFlow ?? 32, settings.flows?.maxEventSubscribers ?? 512);
    provide(ROUTES, () => flowRoutes(deps, subscribers));
  },
});
