/**
 * Starts the runs of scheduled suites (`trigger: "schedule"`): one croner
 * job per suite with a schedule, re-armed whenever a suite is saved or
 * deleted (RUNS changes). Each start is marked in RUN_STORE
 * (`scheduleMarks`) before the run starts; at startup a suite whose
 * schedule had a slot between its mark (or when the schedule was set) and
 * now runs once: a downtime that missed several slots makes up for them
 * with one run, not one per slot. A slot that comes while a run of the
 * suite is still RUNNING (however it was started) is skipped (logged).
 */
import { Cron } from 'croner';
import type { Logger } from '../../../kernel/logger';
import type { RunStore } from '../../../lib/qa/run-store';
import type { SuiteRecord } from '../../../lib/qa/run-types';
import type { Runs } from '../../../lib/qa/runs-contract';
import { nextSlot } from '../../../lib/qa/schedule';

export interface SchedulerDeps {
  runs: Runs;
  store: RunStore;
  logger: Logger;
}

export class SuiteScheduler {
  private readonly jobs = new Map<string, Cron>();
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  /** Re-arms one after the other, so two saves of one suite never leave two jobs. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: SchedulerDeps) {}

  /** Arms every scheduled suite, running once those that missed a slot while the service was down. */
  async start(): Promise<void> {
    this.unsubscribe = this.deps.runs.subscribe((change) => {
      if (change.type === 'suite') this.enqueue(() => this.rearm(change.name));
    });
    const now = Date.now();
    for (const [name, suite] of await this.deps.store.suites.entries()) {
      if (!suite.schedule) continue;
      const mark = (await this.deps.store.scheduleMarks.get(name)) ?? 0;
      const since = Math.max(mark, suite.scheduleSince ?? suite.updatedAt);
      const missed = nextSlot(suite.schedule, since);
      if (missed !== null && missed <= now) {
        this.deps.logger.info('scheduled suite missed a slot while the service was down: running it once', { suite: name, missedAt: new Date(missed).toISOString() });
        await this.fire(name);
      }
      this.arm(suite);
    }
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    for (const job of this.jobs.values()) job.stop();
    this.jobs.clear();
  }

  /** When the suite's job fires next (for tests and diagnostics). */
  nextRun(name: string): Date | null {
    return this.jobs.get(name)?.nextRun() ?? null;
  }

  private enqueue(task: () => Promise<void>): void {
    this.chain = this.chain.then(task).catch((err: Error) => this.deps.logger.warn('suite schedule could not be updated', { error: err.message }));
  }

  private async rearm(name: string): Promise<void> {
    this.jobs.get(name)?.stop();
    this.jobs.delete(name);
    const suite = await this.deps.store.suites.get(name);
    if (suite?.schedule && !this.stopped) this.arm(suite);
  }

  private arm(suite: SuiteRecord): void {
    if (!suite.schedule || this.stopped) return;
    const job = new Cron(suite.schedule.cron, {
      mode: '5-part', protect: true, name: `suite:${suite.name}`,
      ...(suite.schedule.timezone ? { timezone: suite.schedule.timezone } : {}),
    }, () => this.fire(suite.name));
    this.jobs.set(suite.name, job);
  }

  /** Marks the slot, then starts the suite's run unless one still runs. */
  private async fire(name: string): Promise<void> {
    if (this.stopped) return;
    try {
      await this.deps.store.scheduleMarks.put(name, Date.now());
      const live = (await this.deps.runs.list({ suite: name, state: 'RUNNING', limit: 1 })).runs[0];
      if (live) {
        this.deps.logger.info('scheduled suite skipped: a run of it still runs', { suite: name, runId: live.id });
        return;
      }
      await this.deps.runs.start({ suite: name }, 'schedule');
    } catch (err) {
      this.deps.logger.warn('scheduled suite could not start', { suite: name, error: (err as Error).message });
    }
  }
}
