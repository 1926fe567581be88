/**
 * The one declaration of the QA loop's records the API serves (docs/runs.md):
 * runs with their attempts and verdicts (GET /api/runs...), suites as
 * answered (GET /api/suites...) and heal proposals (GET /api/heals...).
 * Everything else is derived from these schemas, as for the flow record
 * (lib/validation/flow-record-schema.ts): the TypeScript types
 * (`v.InferOutput`, re-exported by lib/qa/run-types.ts under their old
 * names), the OpenAPI components `Run`, `Suite` and `Heal` (valibot -> JSON
 * Schema when the document is built) and the web UI's JSDoc types
 * (plugins/ui/public/lib/api-records.d.ts, `npm run generate:api-types`).
 *
 * Runs and heals are served as stored; a suite is stored as SuiteRecord
 * (lib/qa/run-types.ts) and served as {@link SuiteSchema} (its schedule
 * flattened, with `nextRunAt` and `lastRun`). The schemas describe; the
 * service does not parse its own records with them, but a test parses real
 * answers with them so they stay true.
 */
import * as v from 'valibot';

/** A description for the OpenAPI document and the generated UI types. */
const doc = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

export const RUN_STATES = ['RUNNING', 'PASSED', 'FAILED', 'CANCELLED'] as const;
export const RUN_TRIGGERS = ['api', 'schedule', 'cli'] as const;
export const VERDICTS = ['passed', 'healed', 'flaky', 'failed'] as const;
export const ATTEMPT_STATES = ['QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'SKIPPED'] as const;
export const HEAL_STATES = ['open', 'accepted', 'rejected'] as const;

/** `RUNNING` until every attempt has ended; then `FAILED` when some flow's verdict is `failed`, else `PASSED`; `CANCELLED` by POST /api/runs/{id}/cancel. */
export const RunStateSchema = v.picklist(RUN_STATES);
/** Who started the run. */
export const RunTriggerSchema = v.picklist(RUN_TRIGGERS);
/**
 * A flow's verdict over its attempts: `passed` every attempt passed with no
 * step healed; `healed` every attempt passed and some step healed; `flaky`
 * attempts disagree; `failed` every attempt failed.
 */
export const VerdictSchema = v.picklist(VERDICTS);
/** `QUEUED`: no flow yet; `RUNNING`: its flow is live; `SUCCESS`/`FAILED`: its flow ended so; `SKIPPED`: never started (the run was cancelled). */
export const AttemptStateSchema = v.picklist(ATTEMPT_STATES);
export const HealStateSchema = v.picklist(HEAL_STATES);

// ---------------------------------------------------------------- runs

/** `{ code, message }` as a failed flow's `result.error`, or why an attempt could not start (`ATTEMPT_NOT_CREATED`). */
export const RunFailureSchema = v.object({ code: v.string(), message: v.string() });

/** One replay of a source flow: an ordinary DETERMINISTIC flow. */
export const RunAttemptSchema = v.object({
  flowId: doc(v.nullable(v.string()), "The attempt's flow; null while QUEUED (or when it could not be created)"),
  state: AttemptStateSchema,
  durationMs: doc(v.nullable(v.number()), "From the flow's start to its end; null until it has ended"),
  healed: doc(v.boolean(), 'True when some step of the attempt failed over to a later selector candidate'),
  failure: doc(v.nullable(RunFailureSchema), "The flow's `result.error` when it failed"),
  heals: doc(v.array(v.string()), 'Heal proposals this attempt raised or confirmed (ids)'),
});

/** One selected flow of a run with its attempts. */
export const RunResultSchema = v.object({
  flowId: doc(v.string(), 'The source flow (the recorded one that passed)'),
  name: v.string(),
  verdict: doc(v.nullable(VerdictSchema), 'null while an attempt has not ended (or none ran: a cancelled run)'),
  attempts: v.array(RunAttemptSchema),
});

/** Counts of verdicts, for lists and the summary line. */
export const RunCountsSchema = v.object({ flows: v.number(), passed: v.number(), healed: v.number(), flaky: v.number(), failed: v.number() });

/** A run of flows (GET /api/runs/{id}): as stored, no hidden field. */
export const RunRecordSchema = v.object({
  id: v.string(),
  state: RunStateSchema,
  trigger: RunTriggerSchema,
  suite: doc(v.nullable(v.string()), 'The suite it ran, or null for a run of flow ids or tags'),
  selection: doc(v.object({ flowIds: v.array(v.string()), tags: v.array(v.string()) }), "What selected the flows (as asked, or the suite's at the time)"),
  repeat: v.number(),
  concurrency: v.number(),
  baseUrl: doc(v.nullable(v.string()), 'Replaces the recorded origin of every flow, or null'),
  createdAt: v.number(),
  completedAt: v.nullable(v.number()),
  counts: RunCountsSchema,
  results: v.array(RunResultSchema),
});

/** A page of runs (GET /api/runs), newest first. */
export const RunPageSchema = v.object({ runs: v.array(RunRecordSchema), nextPageToken: v.nullable(v.string()) });

// ---------------------------------------------------------------- suites

/** A suite as answered (GET /api/suites/{name}): its schedule flattened, when it fires next and its latest run. */
export const SuiteSchema = v.object({
  name: v.string(),
  tags: v.array(v.string()),
  flowIds: v.array(v.string()),
  repeat: v.number(),
  concurrency: doc(v.nullable(v.number()), "null: the run's default"),
  baseUrl: v.nullable(v.string()),
  schedule: doc(v.nullable(v.string()), 'Five cron fields (minute hour day-of-month month day-of-week); null: not scheduled'),
  timezone: doc(v.nullable(v.string()), "IANA time zone the schedule is read in; null: the service's"),
  nextRunAt: doc(v.nullable(v.number()), 'When the schedule fires next (epoch ms), null without one'),
  lastRun: doc(v.nullable(v.object({ id: v.string(), state: RunStateSchema, createdAt: v.number() })), "The suite's latest run, null before its first"),
  createdAt: v.number(),
  updatedAt: v.number(),
});

// ---------------------------------------------------------------- heals

/** A screenshot of a flow (GET /api/flows/{flowId}/images/{imageId}). */
export const ImageRefSchema = v.object({ flowId: v.string(), imageId: v.string() });

/** One side of a heal: the locator, the candidates, the element in words, the picture. */
export const HealSideSchema = v.object({
  selector: doc(v.string(), 'The recorded first candidate (before) or the candidate that matched now (after)'),
  selectors: doc(v.array(v.string()), 'Every candidate: as recorded on the source step (before), as recorded for the element found now (after)'),
  element: doc(v.nullable(v.string()), 'The element described from its fingerprint (`button "Sign in"`), null without one'),
  screenshot: v.nullable(ImageRefSchema),
});

/**
 * A step that healed in a run, to review: accepting it makes the healed
 * locator the source step's first (and its fingerprint the new one).
 */
export const HealRecordSchema = v.object({
  id: v.string(),
  state: HealStateSchema,
  runId: v.string(),
  flowId: doc(v.string(), 'The source flow'),
  flowName: v.string(),
  step: doc(v.number(), 'Index of the step among the calls the source flow\'s rerun replays, from 0'),
  toolCallId: v.string(),
  tool: v.string(),
  attemptFlowId: doc(v.string(), 'The attempt that healed (the first one)'),
  attempts: doc(v.number(), 'How many attempts of the run healed the same way'),
  before: HealSideSchema,
  after: HealSideSchema,
  agreement: doc(v.nullable(v.number()), 'Agreement (0..1) of the element acted on with the recorded fingerprint; null without one'),
  details: doc(v.record(v.string(), v.unknown()), 'Other fields the flow reported for the step (`kind`, old/new names...), as given'),
  revision: doc(v.number(), "The source flow's revision the proposal applies to"),
  createdAt: v.number(),
  decidedAt: v.nullable(v.number()),
});

/** A page of heal proposals (GET /api/heals, GET /api/runs/{id}/heals). */
export const HealPageSchema = v.object({ heals: v.array(HealRecordSchema), nextPageToken: v.nullable(v.string()) });

export type RunState = v.InferOutput<typeof RunStateSchema>;
export type RunTrigger = v.InferOutput<typeof RunTriggerSchema>;
export type Verdict = v.InferOutput<typeof VerdictSchema>;
export type AttemptState = v.InferOutput<typeof AttemptStateSchema>;
export type HealState = v.InferOutput<typeof HealStateSchema>;
export type RunFailure = v.InferOutput<typeof RunFailureSchema>;
export type RunAttempt = v.InferOutput<typeof RunAttemptSchema>;
export type RunResult = v.InferOutput<typeof RunResultSchema>;
export type RunCounts = v.InferOutput<typeof RunCountsSchema>;
export type RunRecord = v.InferOutput<typeof RunRecordSchema>;
export type RunPage = v.InferOutput<typeof RunPageSchema>;
export type SuiteView = v.InferOutput<typeof SuiteSchema>;
export type ImageRef = v.InferOutput<typeof ImageRefSchema>;
export type HealSide = v.InferOutput<typeof HealSideSchema>;
export type HealRecord = v.InferOutput<typeof HealRecordSchema>;
export type HealPage = v.InferOutput<typeof HealPageSchema>;
