/**
 * Cron schedules of suites, read by croner (a maintained cron library):
 * exactly five fields, an optional IANA time zone. Both the runs plugin
 * (validating a suite, its `nextRunAt`) and the schedules plugin (starting
 * runs) read them here, so they agree on every expression.
 */
import { Cron } from 'croner';
import { invalidRequest } from '../../kernel/errors';
import type { SuiteSchedule } from './run-types';

/** A paused croner job for `schedule` (it never fires by itself); throws what croner says. */
export function cronOf(schedule: SuiteSchedule): Cron {
  return new Cron(schedule.cron, { mode: '5-part', paused: true, ...(schedule.timezone ? { timezone: schedule.timezone } : {}) });
}

/**
 * Checks a schedule: a 400 INVALID_REQUEST naming `schedule` (or
 * `timezone`) with croner's reason when it cannot run, or when it never
 * fires (`0 0 30 2 *`).
 */
export function checkSchedule(schedule: SuiteSchedule): void {
  let cron: Cron;
  try {
    cron = cronOf(schedule);
  } catch (err) {
    throw invalidRequest(`schedule: ${describeCronError(err)}`);
  }
  let next: Date | null;
  try {
    next = cron.nextRun();
  } catch (err) {
    throw invalidRequest(`timezone: ${describeCronError(err)}`);
  }
  if (!next) throw invalidRequest(`schedule: "${schedule.cron}" never fires`);
}

/** The first slot of `schedule` strictly after `from` (epoch ms), or null when there is none. */
export function nextSlot(schedule: SuiteSchedule, from: number = Date.now()): number | null {
  try {
    return cronOf(schedule).nextRun(new Date(from))?.getTime() ?? null;
  } catch {
    return null;
  }
}

/** croner's reason without its class prefix, short. */
function describeCronError(err: unknown): string {
  const message = (err as Error).message ?? String(err);
  const cut = message.replace(/^Cron\w*:\s*/, '').split(/\. Original error/)[0]!;
  return cut.length > 300 ? `${cut.slice(0, 300)}…` : cut;
}
