/**
 * The records of the QA loop (docs/runs.md): suites, runs with their
 * attempts and verdicts, heal proposals, webhooks and their deliveries. As
 * stored and as served (runs and heals have no hidden fields; a webhook's
 * secret is masked on every read but the creating one).
 */

export const RUN_STATES = ['RUNNING', 'PASSED', 'FAILED', 'CANCELLED'] as const;
/** `RUNNING` until every attempt has ended; then `FAILED` when some flow's verdict is `failed`, else `PASSED`; `CANCELLED` by POST /api/runs/{id}/cancel. */
export type RunState = (typeof RUN_STATES)[number];

export const RUN_TRIGGERS = ['api', 'schedule', 'cli'] as const;
/** Who started the run. */
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

export const VERDICTS = ['passed', 'healed', 'flaky', 'failed'] as const;
/**
 * A flow's verdict over its attempts: `passed` every attempt passed with no
 * step healed; `healed` every attempt passed and some step healed; `flaky`
 * attempts disagree; `failed` every attempt failed.
 */
export type Verdict = (typeof VERDICTS)[number];

export const ATTEMPT_STATES = ['QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'SKIPPED'] as const;
/** `QUEUED`: no flow yet; `RUNNING`: its flow is live; `SUCCESS`/`FAILED`: its flow ended so; `SKIPPED`: never started (the run was cancelled). */
export type AttemptState = (typeof ATTEMPT_STATES)[number];

/** `{ code, message }` as a failed flow's `result.error`, or why an attempt could not start (`ATTEMPT_NOT_CREATED`). */
export interface RunFailure {
  code: string;
  message: string;
}

/** One replay of a source flow: an ordinary DETERMINISTIC flow. */
export interface RunAttempt {
  /** The attempt's flow; null while QUEUED (or when it could not be created). */
  flowId: string | null;
  state: AttemptState;
  /** From the flow's start to its end; null until it has ended. */
  durationMs: number | null;
  /** True when some step of the attempt failed over to a later selector candidate. */
  healed: boolean;
  /** The flow's `result.error` when it failed. */
  failure: RunFailure | null;
  /** Heal proposals this attempt raised or confirmed (ids). */
  heals: string[];
}

/** One selected flow of a run with its attempts. */
export interface RunResult {
  /** The source flow (the recorded one that passed). */
  flowId: string;
  name: string;
  /** null while an attempt has not ended (or none ran: a cancelled run). */
  verdict: Verdict | null;
  attempts: RunAttempt[];
}

/** Counts of verdicts, for lists and the summary line. */
export interface RunCounts {
  flows: number;
  passed: number;
  healed: number;
  flaky: number;
  failed: number;
}

export interface RunRecord {
  id: string;
  state: RunState;
  trigger: RunTrigger;
  /** The suite it ran, or null for a run of flow ids or tags. */
  suite: string | null;
  /** What selected the flows (as asked, or the suite's at the time). */
  selection: { flowIds: string[]; tags: string[] };
  repeat: number;
  concurrency: number;
  /** Replaces the recorded origin of every flow, or null. */
  baseUrl: string | null;
  createdAt: number;
  completedAt: number | null;
  counts: RunCounts;
  results: RunResult[];
}

/** Filters of GET /api/runs. */
export interface RunQuery {
  suite?: string;
  state?: RunState;
  limit: number;
  pageToken?: string;
}

export interface RunPage {
  runs: RunRecord[];
  nextPageToken: string | null;
}

export interface SuiteSchedule {
  /** Five cron fields (minute hour day-of-month month day-of-week). */
  cron: string;
  /** IANA time zone the fields are read in; null: the service's. */
  timezone: string | null;
}

export interface SuiteRecord {
  name: string;
  tags: string[];
  flowIds: string[];
  repeat: number;
  /** null: the run's default. */
  concurrency: number | null;
  baseUrl: string | null;
  schedule: SuiteSchedule | null;
  /** When the schedule was last set or changed (missed slots count from here), null without one. */
  scheduleSince: number | null;
  createdAt: number;
  updatedAt: number;
}

export const HEAL_STATES = ['open', 'accepted', 'rejected'] as const;
export type HealState = (typeof HEAL_STATES)[number];

/** A screenshot of a flow (GET /api/flows/{flowId}/images/{imageId}). */
export interface ImageRef {
  flowId: string;
  imageId: string;
}

/** One side of a heal: the locator, the candidates, the element in words, the picture. */
export interface HealSide {
  /** The recorded first candidate (before) or the candidate that matched now (after). */
  selector: string;
  /** Every candidate: as recorded on the source step (before), as recorded for the element found now (after). */
  selectors: string[];
  /** The element described from its fingerprint (`button "Sign in"`), null without one. */
  element: string | null;
  screenshot: ImageRef | null;
}

/**
 * A step that healed in a run, to review: accepting it makes the healed
 * locator the source step's first (and its fingerprint the new one).
 */
export interface HealRecord {
  id: string;
  state: HealState;
  runId: string;
  /** The source flow and its step (index among the calls its rerun replays, from 0) and tool call. */
  flowId: string;
  flowName: string;
  step: number;
  toolCallId: string;
  tool: string;
  /** The attempt that healed (first one; `attempts` counts every attempt of the run that healed the same way). */
  attemptFlowId: string;
  attempts: number;
  before: HealSide;
  after: HealSide;
  /** Agreement (0..1) of the element acted on with the recorded fingerprint; null without one. */
  agreement: number | null;
  /** Other fields the flow reported for the step (`kind`, old/new names...), as given. */
  details: Record<string, unknown>;
  /** The source flow's revision the proposal applies to. */
  revision: number;
  createdAt: number;
  decidedAt: number | null;
}

export interface HealQuery {
  state?: HealState;
  runId?: string;
  flowId?: string;
  limit: number;
  pageToken?: string;
}

export interface HealPage {
  heals: HealRecord[];
  nextPageToken: string | null;
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
