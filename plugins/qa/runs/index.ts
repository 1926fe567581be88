/**
 * Plugin `qa-runs`: runs of recorded flows with verdicts (RUNS), suites,
 * heal proposals, reports (JUnit XML, HTML), flow tags, and the runs'
 * changes on GET /api/events (docs/runs.md). Records live in RUN_STORE.
 */
import * as v from 'valibot';
import { definePlugin } from '../../../kernel/plugin';
import { FLOW_EVENTS, FLOWS, LIFECYCLE, LOGGER, STORAGE, TOOLS } from '../../../kernel/tokens';
import { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import { ROUTES } from '../../../lib/http/route-contract';
import { CHANGE_FEEDS } from '../../../lib/http/change-feed';
import { RUN_STORE } from '../../../lib/qa/run-store';
import { RUNS } from '../../../lib/qa/runs-contract';
import { RunService } from './run-service';
import { runRoutes } from './run-routes';
import { healRoutes } from './heal-routes';
import { suiteRoutes } from './suite-routes';
import { tagRoutes } from './tag-routes';

export default definePlugin({
  id: 'qa-runs',
  apiVersion: 2,
  description: 'Runs of recorded flows with verdicts, suites, heal proposals, JUnit/HTML reports and flow tags (/api/runs, /api/suites, /api/heals).',
  configSchema: v.optional(v.strictObject({
    /** Flows one run may replay at most. */
    maxFlowsPerRun: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000)), 500),
    /** A run's concurrency when neither the request nor its suite gives one (default: settings.flows.maxConcurrent). */
    defaultConcurrency: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(32))),
  }), {}),
  provides: [RUNS, ROUTES, LIFECYCLE, CHANGE_FEEDS],
  deps: { flows: FLOWS, events: FLOW_EVENTS, storage: STORAGE, store: RUN_STORE, logger: LOGGER },
  optionalDeps: { tools: TOOLS },
  register({ config, settings, deps, provide }) {
    let service: RunService | undefined;
    const runs = () => (service ??= new RunService({
      flows: deps.flows, events: deps.events, storage: deps.storage, store: deps.store, logger: deps.logger,
      tools: new ToolRegistry(deps.tools),
      limits: { maxFlows: config.maxFlowsPerRun, defaultConcurrency: config.defaultConcurrency ?? settings.flows.maxConcurrent },
    }));
    provide(RUNS, runs);
    // After the kernel's flows (50): their recovery has ended the live flows a restart left, and queued the rest.
    provide(LIFECYCLE, () => ({ name: 'qa-runs', order: 55, start: () => runs().recover(), ready: () => runs().ready(), stop: () => runs().stop() }));
    provide(CHANGE_FEEDS, () => ({
      subscribe(listener) {
        const offRuns = runs().subscribe((change) => listener({ ...change }));
        const offFlows = runs().subscribeFlows((change) => listener({ ...change, at: Date.now() }));
        return () => { offRuns(); offFlows(); };
      },
    }));
    provide(ROUTES, () => [
      ...runRoutes(runs, () => deps.storage, () => deps.store),
      ...healRoutes(runs),
      ...suiteRoutes(() => deps.store, runs),
      ...tagRoutes(() => deps.flows, () => deps.storage, runs),
    ]);
  },
});
