/**
 * The one declaration of the records the API serves: the flow (GET
 * /api/flows/{id}), its tool calls (GET /api/flows/{id}/tool-calls) and the
 * error body every failed request answers. Everything else is derived from
 * these schemas: the TypeScript types below (`v.InferOutput`), the OpenAPI
 * document (valibot -> JSON Schema when it is built), the MCP client's types
 * (lib/mcp/api-types.ts, at type level) and the web UI's JSDoc types
 * (plugins/ui/public/lib/api-records.d.ts, written by
 * `npm run generate:api-types` and checked by test/unit/architecture/generated-api-types.test.ts).
 *
 * The stored record has the fields GET /api/flows/{id} answers, no hidden
 * ones; on the way out every read masks the credentials `browser.using` may
 * hold (endpoint URLs with user:pass@ or ?token=, headers:
 * lib/redaction/credential-masking.ts), so the stored and the served values
 * of that one field differ.
 *
 * The schemas describe; the service does not parse its own records with them
 * (they are written by the kernel, not received), but a test parses real
 * answers with them so they stay true.
 */
import * as v from 'valibot';
import type { SelectorTrials } from '../selector-trials/selector-trials';

/** A description for the OpenAPI document and the generated UI types. */
const doc = <S extends v.GenericSchema>(schema: S, description: string) => v.pipe(schema, v.description(description));

export const RUN_MODES = ['AUTONOMOUS', 'INSTRUCT', 'DETERMINISTIC'] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const FLOW_STATES = [
  'UNSTARTED', 'INITIALIZING', 'RUNNING_ACTION', 'QUERYING_LLM_FOR_NEXT_ACTION',
  'WAITING_ON_USER_FOR_NEXT_ACTION', 'PAUSED', 'RESUMING', 'FAILED', 'SUCCESS',
] as const;
export type FlowState = (typeof FLOW_STATES)[number];

/** Whether `s` is one of the two terminal states. */
export const isTerminal = (s: FlowState): boolean => s === 'SUCCESS' || s === 'FAILED';

/** Whether a flow has ended (its state is terminal). */
export const hasEnded = (flow: { state: FlowState }): boolean => isTerminal(flow.state);

// ---------------------------------------------------------------- error body

/** The body of every error answer: `{code, message, details?}` (docs/api.md, the failure-code table). */
export const ErrorBodySchema = v.object({
  code: doc(v.string(), 'Error code of the API contract, e.g. INVALID_REQUEST'),
  message: doc(v.string(), 'Human-readable; names the offending field for INVALID_REQUEST'),
  details: v.optional(doc(v.unknown(), 'Optional extra information, e.g. every validation issue')),
});
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;

// ---------------------------------------------------------------- flow record

export const RunModeSchema = v.picklist(RUN_MODES);
export const FlowStateSchema = v.picklist(FLOW_STATES);

export const TokenUsageSchema = v.object({ inputTokens: v.number(), outputTokens: v.number(), totalTokens: v.number() });
export type TokenUsage = v.InferOutput<typeof TokenUsageSchema>;

/**
 * A network rule of a flow (CreateFlow `network.rules`, with its defaults
 * applied): requests whose URL matches the glob (Playwright's: `**` any
 * characters, `*` any but `/`, `?` one character) are blocked, or answered
 * with the given response without reaching the network. The first matching
 * rule applies.
 */
export const NetworkRuleSchema = v.variant('action', [
  v.object({ url: v.string(), action: v.literal('block') }),
  v.object({ url: v.string(), action: v.literal('fulfill'), status: v.number(), contentType: v.string(), body: v.string() }),
]);
export type NetworkRule = v.InferOutput<typeof NetworkRuleSchema>;

/** `browser.using`: discriminated by `type`; each driver validates its own shape (credentials masked on the way out). */
export const BrowserConfigSchema = v.looseObject({ type: v.string() });
export type BrowserConfig = v.InferOutput<typeof BrowserConfigSchema>;

/** A tool call as requested: `${VAR}` placeholders, never secret values. */
export const ToolCallInputSchema = v.object({ name: v.string(), parameters: v.record(v.string(), v.unknown()) });
export type ToolCallInput = v.InferOutput<typeof ToolCallInputSchema>;

export const CustomToolSchema = v.object({
  name: v.string(),
  description: v.string(),
  inputSchema: doc(v.record(v.string(), v.unknown()), 'JSON Schema of the tool\'s input (object)'),
  javascript: doc(v.string(), 'Body of an async function run inside the page; receives `params`'),
});
export type CustomTool = v.InferOutput<typeof CustomToolSchema>;

/**
 * A tool call whose element was not found as recorded (`result.healed`):
 * through a later selector candidate (`fallback`), or under a new name,
 * accepted on the evidence docs/selectors-and-observation.md gives (`renamed`).
 */
export const HealedStepSchema = v.object({
  step: doc(v.number(), 'Index of the call in the flow\'s tool calls (GET .../tool-calls), from 0'),
  tool: v.string(),
  kind: doc(v.picklist(['fallback', 'renamed']), '`fallback`: a later candidate found the element; `renamed`: the element was found under a new name (a copy edit)'),
  from: doc(v.string(), '`renamed`: the element\'s name when recorded; `fallback`: the target\'s first candidate (as `recorded`)'),
  to: doc(v.string(), '`renamed`: the element\'s name now; `fallback`: the candidate acted on (as `used`)'),
  recorded: doc(v.string(), 'The target\'s first candidate'),
  used: doc(v.string(), 'The candidate acted on (`fingerprint={...}`: the element agreeing best with the recorded fingerprint)'),
  agreement: doc(v.nullable(v.number()),
    'Agreement (0..1) of the element acted on with the recorded fingerprint (for `renamed`: on everything but the name); null when the target carried none'),
});
export type HealedStep = v.InferOutput<typeof HealedStepSchema>;

export const FlowResultSchema = v.object({
  success: v.boolean(),
  summary: v.nullable(v.string()),
  error: v.nullable(v.pick(ErrorBodySchema, ['code', 'message'])),
  healed: v.optional(doc(v.array(HealedStepSchema),
    'The steps whose element was found by a later candidate than the first, or under a new name (set when the flow ran)')),
  data: v.optional(doc(v.unknown(),
    'The structured result: the object of the last successful `extract`, or markObjectiveComplete\'s `result` (validated against `resultSchema`); absent when none')),
});
export type FlowResult = v.InferOutput<typeof FlowResultSchema>;

/** One accepted heal of a finished flow (POST /api/heals/{id}/accept). */
export const SelectorRevisionSchema = v.object({
  revision: doc(v.number(), 'The flow\'s revision this change made'),
  at: v.number(),
  healId: v.string(),
  toolCallId: v.string(),
  previous: doc(v.array(v.string()), 'The step\'s selectors before the change (`outcome.selectors`)'),
});
export type SelectorRevision = v.InferOutput<typeof SelectorRevisionSchema>;

/** A file a flow's page downloaded, kept with the flow (GET /api/flows/{id}/downloads). */
export const FlowDownloadSchema = v.object({
  id: v.string(),
  fileName: doc(v.string(), 'The name the page suggested (path and control characters removed; env values as ${NAME})'),
  size: v.number(),
  sha256: doc(v.string(), 'Hex SHA-256 of the bytes'),
  mimeType: doc(v.string(), 'From the file name\'s extension (application/octet-stream when unknown)'),
  toolCallId: doc(v.nullable(v.string()), 'The tool call during (or right after) which the page downloaded it; null when none had run'),
  createdAt: v.number(),
});
export type FlowDownload = v.InferOutput<typeof FlowDownloadSchema>;

/** The flow resource as stored and as served (API contract, "Flow metadata"). */
export const FlowMetadataSchema = v.object({
  id: v.string(),
  name: v.string(),
  targetWebsite: v.string(),
  overallObjective: v.nullable(v.string()),
  initialRunMode: RunModeSchema,
  runMode: RunModeSchema,
  state: FlowStateSchema,
  nextState: doc(v.nullable(FlowStateSchema), 'A requested pause/resume/cancel not yet applied'),
  waitingFor: v.optional(doc(v.nullable(v.string()),
    'INITIALIZING: what the flow waits for ("a browser from http://grid:4444: ..."); null (or absent) when it waits for nothing')),
  browser: v.object({ using: BrowserConfigSchema }),
  allowedOrigins: v.optional(doc(v.nullable(v.array(v.string())), 'Where the browser may go (CreateFlow `allowedOrigins`, normalised); null or absent: anywhere')),
  envVars: v.array(v.string()),
  totpEnvVars: v.optional(doc(v.array(v.string()),
    'The envVars that were `kind: "totp"` when the flow was created: `${KEY}` types the current code (generated tests compute it too). Absent when none')),
  customTools: v.array(CustomToolSchema),
  toolCallsOnStart: v.array(ToolCallInputSchema),
  profile: v.optional(doc(v.nullable(v.string()), 'The browser profile the flow started from (its cookies and local storage); absent or null: none')),
  profileFromFlowId: v.optional(doc(v.nullable(v.string()),
    'The flow that saved `profile` when this flow was created (null: imported), so a generated project can run it as a setup')),
  saveProfileAs: v.optional(doc(v.nullable(v.string()), 'Saved as this profile when the flow ends SUCCESS; absent or null: not saved')),
  network: v.optional(doc(v.nullable(v.object({ rules: v.array(NetworkRuleSchema), har: v.boolean() })),
    'Network rules applied to every request of the flow, and whether a HAR is recorded; absent or null: none')),
  trace: v.optional(doc(v.boolean(), 'A Playwright trace is recorded (GET /api/flows/{id}/trace)')),
  hasHar: v.optional(doc(v.boolean(),
    'Set when the flow ended with its redacted HAR written (a cancelled flow\'s is written just after it ends, without this)')),
  hasTrace: v.optional(doc(v.boolean(), 'Set when the flow ended with its Playwright trace written')),
  resultSchema: v.optional(doc(v.nullable(v.record(v.string(), v.unknown())),
    'JSON Schema the flow\'s structured result (`result.data`) must match: markObjectiveComplete\'s `result`, and an `extract` without its own `schema`. Absent or null: none')),
  maxToolCalls: v.number(),
  gptConfigName: v.nullable(v.string()),
  hasGptConfigNameOverride: v.boolean(),
  progress: v.object({ toolCallsCompleted: v.number(), toolCallsFailed: v.number(), maxToolCalls: v.number() }),
  tokenUsage: TokenUsageSchema,
  costUsd: v.optional(doc(v.nullable(v.number()),
    'Sum of the model calls\' costUsd at their GPT configuration\'s prices; null (or absent in older records) while none had a price')),
  createdAt: v.number(),
  startedAt: v.nullable(v.number()),
  completedAt: v.nullable(v.number()),
  result: v.nullable(FlowResultSchema),
  imageIds: v.array(v.string()),
  hasVideo: v.boolean(),
  tags: v.optional(doc(v.array(v.string()), 'Labels that select flows for runs (`GET /api/flows?tag=`, docs/runs.md); absent in records older than tags')),
  revision: v.optional(doc(v.number(), '1 as recorded; +1 each time an accepted heal changed a step\'s selectors (absent: 1)')),
  selectorRevisions: v.optional(doc(v.array(SelectorRevisionSchema), 'The steps accepted heals changed, oldest first, each with the selectors it had before')),
  downloads: v.optional(doc(v.array(FlowDownloadSchema),
    'Files the flow\'s pages downloaded and the service kept (GET /api/flows/{id}/downloads); absent when none')),
});
export type FlowMetadata = v.InferOutput<typeof FlowMetadataSchema>;

/** A page of GET /api/flows. */
export const FlowPageSchema = v.object({ flows: v.array(FlowMetadataSchema), nextPageToken: v.nullable(v.string()) });
export type FlowPage = v.InferOutput<typeof FlowPageSchema>;

// ---------------------------------------------------------------- tool-call record

/** Where an element was in the viewport (CSS pixels from its top left), with the viewport's size, so a picture of the viewport can show it. */
export const ElementBoxSchema = v.object({
  x: v.number(), y: v.number(), width: v.number(), height: v.number(), viewportWidth: v.number(), viewportHeight: v.number(),
});
export type ElementBox = v.InferOutput<typeof ElementBoxSchema>;

/** A console error or warning, or an uncaught page error (`pageerror`), as the page produced it. */
export const ConsoleEntrySchema = v.object({
  level: v.picklist(['error', 'warning', 'pageerror']),
  text: v.string(),
  at: doc(v.number(), 'When it happened (epoch ms)'),
});
export type ConsoleEntry = v.InferOutput<typeof ConsoleEntrySchema>;

/** A request the page made that was answered 4xx/5xx (`status`) or failed without an answer (`error`). */
export const NetworkEntrySchema = v.object({
  method: v.string(),
  url: v.string(),
  status: v.nullable(v.number()),
  error: v.nullable(v.string()),
  durationMs: doc(v.nullable(v.number()), 'From the request to its answer or failure, when the driver knows'),
});
export type NetworkEntry = v.InferOutput<typeof NetworkEntrySchema>;

export const TOOL_CALL_SOURCES = ['ON_START', 'LLM', 'USER'] as const;
export type ToolCallSource = (typeof TOOL_CALL_SOURCES)[number];

/** One candidate of an element target as the driver tried it (lib/selector-trials). */
const SelectorTrialSchema = v.object({
  selector: v.string(),
  error: doc(v.nullable(v.string()), 'Why it was not used (`matched 0 elements`...); null for the candidate used'),
});

export const ToolCallOutcomeSchema = v.object({
  success: v.boolean(),
  code: v.optional(doc(v.string(), 'Why a failed call was refused when it is a code a client acts on (`SECRET_NOT_ALLOWED`); absent otherwise')),
  message: v.string(),
  data: v.unknown(),
  selectors: doc(v.nullable(v.array(v.string())), 'Recorded selector candidates for element tools, best first'),
  fieldSelectors: v.optional(doc(v.nullable(v.record(v.string(), v.array(v.string()))),
    '`extract`: each field\'s recorded candidates (field -> element), for reruns and generated tests')),
  downloads: v.optional(doc(v.array(v.object({ id: v.nullable(v.string()), fileName: v.string(), size: v.number(), refused: v.optional(v.string()) })),
    'Files the call\'s page downloaded: kept (`id`) or not (`refused`, why)')),
  box: v.optional(doc(v.nullable(ElementBoxSchema),
    'Element steps: where the element was in the viewport as the step found it (the picture before the step shows it there)')),
  selectorUsed: v.optional(doc(v.nullable(v.string()), 'Element steps: the candidate that gave the element acted on; null when none did')),
  selectorsTried: v.optional(doc(v.nullable(v.array(SelectorTrialSchema)),
    'Element steps: the candidates in the order tried, ending with the one used (error null), or all with their reasons when none matched')),
});
export type ToolCallOutcome = v.InferOutput<typeof ToolCallOutcomeSchema>;

// The drivers report SelectorTrials (lib/selector-trials) and the record stores them as they are: the two must agree.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _trialsAgree: Same<Required<Pick<ToolCallOutcome, keyof SelectorTrials>>, SelectorTrials> = true;
void _trialsAgree;

export const ToolCallRecordSchema = v.object({
  id: v.string(),
  name: v.string(),
  parameters: doc(v.record(v.string(), v.unknown()), 'As requested: `${VAR}` placeholders, never secret values'),
  source: v.picklist(TOOL_CALL_SOURCES),
  rationale: doc(v.nullable(v.string()), 'The model\'s stated reason (LLM calls), else null'),
  tokenUsage: v.optional(doc(v.nullable(TokenUsageSchema),
    'Usage of the model answer that chose the call (LLM calls); null for ON_START and USER calls')),
  costUsd: v.optional(doc(v.nullable(v.number()),
    'USD of tokenUsage at the prices of the GPT configuration the call ran with (inputCostPerMillionTokens, outputCostPerMillionTokens); null without prices')),
  outcome: doc(v.nullable(ToolCallOutcomeSchema), 'null while the call runs'),
  screenshotImageId: v.nullable(v.string()),
  pageUrl: v.nullable(v.string()),
  videoOffsetMs: v.optional(doc(v.nullable(v.number()),
    'Position (ms) in the flow\'s video of the newest frame when the call started (the page as the call found it); null without video')),
  console: v.optional(doc(v.array(ConsoleEntrySchema),
    'Console errors and warnings and uncaught page errors since the previous call ended, until this one did (at most 30, texts cut to 500 characters; redacted); absent in older records and while the call runs, empty where the driver cannot see them')),
  network: v.optional(doc(v.array(NetworkEntrySchema),
    'Requests answered 4xx/5xx (`status`) or failed (`error`) in the same time (at most 30, URLs cut to 500 characters, credentials masked)')),
  activityDropped: v.optional(doc(v.object({ console: v.number(), network: v.number() }),
    'How many more entries there were than were kept; absent when none')),
  startedAt: v.number(),
  completedAt: v.nullable(v.number()),
});
export type ToolCallRecord = v.InferOutput<typeof ToolCallRecordSchema>;
