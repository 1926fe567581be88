/**
 * Suites: a named selection of flows (tags and/or flow ids) with run
 * options and an optional cron schedule. Saved whole (create or replace);
 * answered with the next time the schedule fires and the suite's latest run.
 */
import type * as v from 'valibot';
import { invalidRequest, apiError } from '../../../kernel/errors';
import type { RunStore } from '../../../lib/qa/run-store';
import type { SuiteRecord, SuiteSchedule, SuiteView } from '../../../lib/qa/run-types';
import { checkSchedule, nextSlot } from '../../../lib/qa/schedule';
import { normaliseBaseUrl } from './base-url';
import type { SuiteBody } from './schemas';

export async function suiteView(store: RunStore, suite: SuiteRecord, now = Date.now()): Promise<SuiteView> {
  const last = (await store.runs.list({ suite: suite.name, limit: 1 })).runs[0];
  return {
    name: suite.name, tags: suite.tags, flowIds: suite.flowIds, repeat: suite.repeat, concurrency: suite.concurrency, baseUrl: suite.baseUrl,
    schedule: suite.schedule?.cron ?? null, timezone: suite.schedule?.timezone ?? null,
    nextRunAt: suite.schedule ? nextSlot(suite.schedule, now) : null,
    lastRun: last ? { id: last.id, state: last.state, createdAt: last.createdAt } : null,
    createdAt: suite.createdAt, updatedAt: suite.updatedAt,
  };
}

/** The suite record a body makes (checked: something selected, a valid baseUrl and schedule). */
export function suiteFromBody(name: string, body: v.InferOutput<typeof SuiteBody>, previous: SuiteRecord | undefined, now = Date.now()): SuiteRecord {
  const tags = [...new Set(body.tags ?? [])];
  const flowIds = [...new Set(body.flowIds ?? [])];
  if (tags.length === 0 && flowIds.length === 0) throw invalidRequest('tags: a suite needs tags or flowIds');
  let baseUrl = body.baseUrl ?? null;
  if (baseUrl !== null) {
    try {
      baseUrl = normaliseBaseUrl(baseUrl);
    } catch (err) {
      throw invalidRequest(`baseUrl: ${(err as Error).message}`);
    }
  }
  if (body.timezone && !body.schedule) throw invalidRequest('timezone: needs a schedule');
  let schedule: SuiteSchedule | null = null;
  if (body.schedule) {
    schedule = { cron: body.schedule.trim().replace(/\s+/g, ' '), timezone: body.timezone ?? null };
    checkSchedule(schedule);
  }
  const sameSchedule = previous?.schedule && schedule && previous.schedule.cron === schedule.cron && previous.schedule.timezone === schedule.timezone;
  return {
    name, tags, flowIds, repeat: body.repeat ?? 1, concurrency: body.concurrency ?? null, baseUrl, schedule,
    // Missed slots count from when the schedule was set: a new or changed schedule does not fire for the past.
    scheduleSince: schedule ? (sameSchedule ? previous!.scheduleSince ?? now : now) : null,
    createdAt: previous?.createdAt ?? now, updatedAt: now,
  };
}

export async function getSuite(store: RunStore, name: string): Promise<SuiteRecord> {
  const suite = await store.suites.get(name);
  if (!suite) throw apiError('NOT_FOUND', { what: 'suite', id: name });
  return suite;
}
