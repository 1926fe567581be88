import { definePlugin } from '../../../kernel/plugin';
import { BROWSER_DRIVERS, FLOW_EVENTS, FLOWS, STORAGE, TOOLS } from '../../../kernel/tokens';
import { CODEGEN_EMITTERS } from '../../../lib/export/codegen-emitter';
import { FlowExports } from './flow-exports';
import { FlowFiles } from './flow-files';
import { flowRoutes } from './flow-routes';
import { FlowChanges } from './flow-changes';
import { SubscriberLimits } from './subscriber-limits';
import { ROUTES } from '../../../lib/http/route-contract';
import { CHANGE_FEEDS } from '../../../lib/http/change-feed';

/** The /api/flows endpoints. */
export default definePlugin({
  id: 'routes-flows',
  apiVersion: 2,
  description: 'Flow endpoints: create, list, get, delete, rename, exports, media, tool calls, run control, observation, events (per flow and service-wide).',
  provides: [ROUTES],
  deps: { storage: STORAGE, flows: FLOWS, events: FLOW_EVENTS },
  // The `browser.using.type` values CreateFlow accepts; the tools and code generators the exports use.
  optionalDeps: { drivers: BROWSER_DRIVERS, tools: TOOLS, emitters: CODEGEN_EMITTERS, feeds: CHANGE_FEEDS },
  register({ settings, deps, provide }) {
    const subscribers = new SubscriberLimits(settings.flows.maxEventSubscribersPerFlow, settings.flows.maxEventSubscribers);
    provide(ROUTES, () => flowRoutes({ ...deps, exports: new FlowExports(deps.flows, deps.tools, deps.emitters), files: new FlowFiles(deps.flows, deps.storage), changes: new FlowChanges(deps.events, deps.feeds) }, subscribers));
  },
});
