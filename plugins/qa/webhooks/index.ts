/**
 * Plugin `qa-webhooks`: tells receivers about finished runs, finished flows
 * and new heal proposals, by the Standard Webhooks specification (signed,
 * retried with backoff, logged): /api/webhooks (docs/runs.md, "Webhooks").
 */
import * as v from 'valibot';
import { definePlugin } from '../../../kernel/plugin';
import { FLOW_EVENTS, LIFECYCLE, LOGGER } from '../../../kernel/tokens';
import { ROUTES, HTTP_SERVER } from '../../../lib/http/route-contract';
import { RUN_STORE } from '../../../lib/qa/run-store';
import { RUNS } from '../../../lib/qa/runs-contract';
import { Deliveries } from './deliveries';
import { webhookRoutes } from './webhook-routes';
import { flowFinished, healProposed, runFinished } from './payloads';

const Delay = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(24 * 3600_000));

export default definePlugin({
  id: 'qa-webhooks',
  apiVersion: 2,
  description: 'Webhooks for run.finished, flow.finished and heal.proposed (Standard Webhooks: signed, retried with backoff, logged).',
  configSchema: v.optional(v.strictObject({
    /** Waits before each retry; tries = its length + 1. Default 5 s, 30 s, 2 min, 10 min, 30 min. */
    retryDelaysMs: v.optional(v.pipe(v.array(Delay), v.maxLength(10)), [5_000, 30_000, 120_000, 600_000, 1_800_000]),
    /** A try without an answer after this long fails. */
    timeoutMs: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100), v.maxValue(120_000)), 10_000),
  }), {}),
  provides: [ROUTES, LIFECYCLE],
  deps: { runs: RUNS, store: RUN_STORE, events: FLOW_EVENTS, logger: LOGGER },
  optionalDeps: { server: HTTP_SERVER },
  register({ config, settings, deps, provide }) {
    let deliveries: Deliveries | undefined;
    const get = () => (deliveries ??= new Deliveries(deps.store, deps.logger, { ...config, userAgent: `browserflow/${settings.version} (webhooks)` }));
    const offs: Array<() => void> = [];
    const send = (make: () => Promise<ReturnType<typeof runFinished>> | ReturnType<typeof runFinished>) => {
      void Promise.resolve().then(make).then((p) => get().dispatch(p))
        .catch((err: Error) => deps.logger.warn('webhook event not sent', { error: err.message }));
    };
    provide(ROUTES, () => webhookRoutes(() => deps.store, () => deps.logger));
    provide(LIFECYCLE, () => ({
      name: 'qa-webhooks', order: 60,
      async start() {
        // Secrets sign requests; they must never show in a log line.
        for (const [, hook] of await deps.store.webhooks.entries()) deps.logger.addSecret(hook.secret);
      },
      async ready() {
        const serverUrl = () => { try { return deps.server?.url() ?? null; } catch { return null; } };
        offs.push(deps.runs.subscribe((change) => {
          if (change.type === 'run' && change.phase === 'finished') send(async () => runFinished(await deps.runs.get(change.runId), serverUrl()));
          if (change.type === 'heal' && change.phase === 'proposed') send(async () => healProposed(await deps.runs.heal(change.healId)));
        }));
        offs.push(deps.events.subscribeAll((event) => {
          if (event.type === 'done') send(() => flowFinished(event.flow));
        }));
        await get().resume();
      },
      async stop() {
        for (const off of offs.splice(0)) off();
        get().stop();
      },
    }));
  },
});
