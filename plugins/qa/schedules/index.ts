/**
 * Plugin `qa-schedules`: starts the runs of suites that have a cron
 * `schedule` at its times (`trigger: "schedule"`), and once after a
 * downtime that missed a slot (docs/runs.md, "Schedules").
 */
import { definePlugin } from '../../../kernel/plugin';
import { LIFECYCLE, LOGGER } from '../../../kernel/tokens';
import { RUN_STORE } from '../../../lib/qa/run-store';
import { RUNS } from '../../../lib/qa/runs-contract';
import { SuiteScheduler } from './suite-scheduler';

export default definePlugin({
  id: 'qa-schedules',
  apiVersion: 2,
  description: 'Runs scheduled suites at their cron times (croner), and once after a downtime that missed a slot.',
  provides: [LIFECYCLE],
  deps: { runs: RUNS, store: RUN_STORE, logger: LOGGER },
  register({ deps, provide }) {
    let scheduler: SuiteScheduler | undefined;
    const get = () => (scheduler ??= new SuiteScheduler(deps));
    // Armed once the whole service is up (the runs plugin resumes its runs in its own ready, before this one: order 60 > 55).
    provide(LIFECYCLE, () => ({ name: 'qa-schedules', order: 60, ready: () => get().start(), stop: async () => get().stop() }));
  },
});
