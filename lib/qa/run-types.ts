/**
 * The records of the QA loop (docs/runs.md): suites, runs with their
 * attempts and verdicts, heal proposals, webhooks and their deliveries. As
 * stored and as served (runs and heals have no hidden fields; a webhook's
 * secret is masked on every read but the creating one).
 *
 * The served records (runs, suites as answered, heals) are declared once as
 * valibot schemas in lib/qa/run-record-schema.ts; their types are re-exported
 * here under the names importers use.
 */

export {
  RUN_STATES, RUN_TRIGGERS, VERDICTS, ATTEMPT_STATES, HEAL_STATES,
  type RunState, type RunTrigger, type Verdict, type AttemptState, type HealState, type RunFailure, type RunAttempt, type RunResult,
  type RunCounts, type RunRecord, type RunPage, type SuiteView, type ImageRef, type HealSide, type HealRecord, type HealPage,
} from './run-record-schema';
import type { HealState, RunState, SuiteView } from './run-record-schema';

/** Filters of GET /api/runs. */
export interface RunQuery {
  suite?: string;
  state?: RunState;
  limit: number;
  pageToken?: string;
}

export interface SuiteSchedule {
  /** Five cron fields (minute hour day-of-month month day-of-week). */
  cron: string;
  /** IANA time zone the fields are read in; null: the service's. */
  timezone: string | null;
}

/**
 * A suite as stored; served as SuiteView (its schedule flattened, with
 * `nextRunAt` and `lastRun`). The fields both share are the served schema's.
 */
export interface SuiteRecord extends Pick<SuiteView, 'name' | 'tags' | 'flowIds' | 'repeat' | 'concurrency' | 'baseUrl'> {
  schedule: SuiteSchedule | null;
  /** When the schedule was last set or changed (missed slots count from here), null without one. */
  scheduleSince: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface HealQuery {
  state?: HealState;
  runId?: string;
  flowId?: string;
  limit: number;
  pageToken?: string;
}

export const WEBHOOK_EVENTS = ['run.finished', 'flow.finished', 'heal.proposed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookRecord {
  name: string;
  url: string;
  events: WebhookEvent[];
  /** `whsec_<base64>`: stored in clear (it signs), answered once, masked afterwards. */
  secret: string;
  createdAt: number;
  updatedAt: number;
}

/** One try of a delivery. */
export interface DeliveryAttempt {
  attempt: number;
  at: number;
  /** HTTP status, or null when no answer came (timeout, refused). */
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** A message to one webhook, the same id on every retry. */
export interface DeliveryRecord {
  /** `msg_<uuid>`: the `webhook-id` header. */
  id: string;
  webhook: string;
  event: WebhookEvent;
  /** The exact body sent (signed as it is). */
  payload: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
  /** When the next try is due (pending only). */
  nextAttemptAt: number | null;
  createdAt: number;
}
