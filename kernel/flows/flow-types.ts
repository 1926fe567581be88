/**
 * The flow resource as stored and as served (API contract, "Flow metadata").
 * The stored record has exactly the fields GET /api/flows/{id} answers (no
 * hidden ones, so a read is one lookup and no projection); on the way out
 * every read masks the credentials `browser.using` may hold (endpoint URLs
 * with user:pass@ or ?token=, headers: lib/redaction/credential-masking.ts).
 */
import type { SelectorTrials } from '../../lib/selector-trials/selector-trials';
export const RUN_MODES = ['AUTONOMOUS', 'INSTRUCT', 'DETERMINISTIC'] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const FLOW_STATES = [
  'UNSTARTED', 'INITIALIZING', 'RUNNING_ACTION', 'QUERYING_LLM_FOR_NEXT_ACTION',
  'WAITING_ON_USER_FOR_NEXT_ACTION', 'PAUSED', 'RESUMING', 'FAILED', 'SUCCESS',
] as const;
export type FlowState = (typeof FLOW_STATES)[number];

/** Whether `s` is one of the two terminal states. */
export const isTerminal = (s: FlowState): boolean => s === 'SUCCESS' || s === 'FAILED';

/**
 * A network rule of a flow (CreateFlow `network.rules`): requests whose URL
 * matches the glob (Playwright's: `**` any characters, `*` any but `/`,
 * `?` one character) are blocked, or answered with the given response
 * without reaching the network. The first matching rule applies.
 */
export type NetworkRule =
  | { url: string; action: 'block' }
  | { url: string; action: 'fulfill'; status: number; contentType: string; body: string };

/** `browser.using`: discriminated by `type`; each driver validates its own shape. */
export interface BrowserConfig {
  type: string;
  [field: string]: unknown;
}

/** A tool call as requested: `${VAR}` placeholders, never secret values. */
export interface ToolCallInput {
  name: string;
  parameters: Record<string, unknown>;
}

export interface CustomTool {
  name: string;
  description: string;
  /** JSON Schema of the tool's input (object). */
  inputSchema: Record<string, unknown>;
  /** Body of an async function run inside the page; receives `params`. */
  javascript: string;
}

export interface FlowResult {
  success: boolean;
  summary: string | null;
  error: { code: string; message: string } | null;
  /** The steps whose element was found by a later candidate than the first, or under a new name (set when the flow ran). */
  healed?: HealedStep[];
  /** The structured result: the object of the last successful `extract`, or markObjectiveComplete's `result` (validated against `resultSchema`); absent when none. */
  data?: unknown;
}

/**
 * A tool call whose element was not found as recorded (`result.healed`):
 * through a later selector candidate (`fallback`), or under a new name,
 * accepted on the evidence docs/selectors-and-observation.md gives
 * (`renamed`).
 */
export interface HealedStep {
  /** Index of the call in the flow's tool calls (GET .../tool-calls), from 0. */
  step: number;
  tool: string;
  /** `fallback`: a later candidate found the element; `renamed`: the element was found under a new name (a copy edit). */
  kind: 'fallback' | 'renamed';
  /** `renamed`: the element's name when recorded; `fallback`: the target's first candidate (as `recorded`). */
  from: string;
  /** `renamed`: the element's name now; `fallback`: the candidate acted on (as `used`). */
  to: string;
  /** The target's first candidate. */
  recorded: string;
  /** The candidate acted on (`fingerprint={...}`: the element agreeing best with the recorded fingerprint). */
  used: string;
  /**
   * Agreement (0..1) of the element acted on with the recorded fingerprint (for
   * `renamed`: on everything but the name); null when the target carried none.
   */
  agreement: number | null;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface FlowMetadata {
  id: string;
  name: string;
  targetWebsite: string;
  overallObjective: string | null;
  initialRunMode: RunMode;
  runMode: RunMode;
  state: FlowState;
  /** A requested pause/resume/cancel not yet applied. */
  nextState: FlowState | null;
  /** INITIALIZING: what the flow waits for ("a browser from http://grid:4444: ..."); null (or absent) when it waits for nothing. */
  waitingFor?: string | null;
  browser: { using: BrowserConfig };
  /** Where the browser may go (CreateFlow `allowedOrigins`, normalised); null or absent: anywhere. */
  allowedOrigins?: string[] | null;
  envVars: string[];
  /** The envVars that were `kind: "totp"` when the flow was created: `${KEY}` types the current code (generated tests compute it too). Absent when none. */
  totpEnvVars?: string[];
  customTools: CustomTool[];
  toolCallsOnStart: ToolCallInput[];
  /** The browser profile the flow started from (its cookies and local storage); absent or null: none. */
  profile?: string | null;
  /** The flow that saved `profile` when this flow was created (null: imported), so a generated project can run it as a setup. */
  profileFromFlowId?: string | null;
  /** Saved as this profile when the flow ends SUCCESS; absent or null: not saved. */
  saveProfileAs?: string | null;
  /** Network rules applied to every request of the flow, and whether a HAR is recorded; absent or null: none. */
  network?: { rules: NetworkRule[]; har: boolean } | null;
  /** A Playwright trace is recorded (GET /api/flows/{id}/trace). */
  trace?: boolean;
  /** Set when the flow ended with its redacted HAR / trace written (a cancelled flow's are written just after it ends, without these). */
  hasHar?: boolean;
  hasTrace?: boolean;
  /** JSON Schema the flow's structured result (`result.data`) must match: markObjectiveComplete's `result`, and an `extract` without its own `schema`. Absent or null: none. */
  resultSchema?: Record<string, unknown> | null;
  maxToolCalls: number;
  gptConfigName: string | null;
  hasGptConfigNameOverride: boolean;
  progress: { toolCallsCompleted: number; toolCallsFailed: number; maxToolCalls: number };
  tokenUsage: TokenUsage;
  /** Sum of the model calls' `costUsd`; null while none had a price. */ costUsd?: number | null;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  result: FlowResult | null;
  imageIds: string[];
  hasVideo: boolean;
  /** Labels that select flows for runs (`GET /api/flows?tag=`, docs/runs.md); absent in records older than tags. */
  tags?: string[];
  /** 1 as recorded; +1 each time an accepted heal changed a step's selectors (absent: 1). */
  revision?: number;
  /** The steps accepted heals changed, oldest first, each with the selectors it had before. */
  selectorRevisions?: SelectorRevision[];
  /** Files the flow's pages downloaded and the service kept (GET /api/flows/{id}/downloads); absent when none. */
  downloads?: FlowDownload[];
}

/** One accepted heal of a finished flow (POST /api/heals/{id}/accept). */
export interface SelectorRevision {
  /** The flow's revision this change made. */
  revision: number;
  at: number;
  healId: string;
  toolCallId: string;
  /** The step's selectors before the change (`outcome.selectors`). */
  previous: string[];
}

/** A file a flow's page downloaded, kept with the flow. */
export interface FlowDownload {
  id: string;
  /** The name the page suggested (made safe; env values redacted). */
  fileName: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** From the file name's extension. */
  mimeType: string;
  /** The tool call during (or right after) which it was downloaded; null when none had run. */
  toolCallId: string | null;
  createdAt: number;
}

/** Where an element was in the viewport (CSS pixels from its top left), with the viewport's size, so a picture of the viewport can show it. */
export interface ElementBox {
  x: number;
  y: number;
  width: number;
  height: number;
  viewportWidth: number;
  viewportHeight: number;
}

/** A console error or warning, or an uncaught page error (`pageerror`), as the page produced it. */
export interface ConsoleEntry {
  level: 'error' | 'warning' | 'pageerror';
  text: string;
  /** When it happened (epoch ms). */
  at: number;
}

/** A request the page made that was answered 4xx/5xx (`status`) or failed without an answer (`error`). */
export interface NetworkEntry {
  method: string;
  url: string;
  status: number | null;
  error: string | null;
  /** From the request to its answer or failure, when the driver knows. */
  durationMs: number | null;
}

export type ToolCallSource = 'ON_START' | 'LLM' | 'USER';

export interface ToolCallOutcome extends Partial<SelectorTrials> {
  success: boolean;
  /** Why a failed call was refused when it is a code a client acts on (`SECRET_NOT_ALLOWED`); absent otherwise. */
  code?: string;
  message: string;
  data: unknown | null;
  /** Recorded selector candidates for element tools, best first. */
  selectors: string[] | null;
  /** `extract`: each field's recorded candidates (field -> element), for reruns and generated tests. */
  fieldSelectors?: Record<string, string[]> | null;
  /** Files the call's page downloaded: kept (`id`) or not (`refused`, why). */
  downloads?: Array<{ id: string | null; fileName: string; size: number; refused?: string }>;
  /** Element steps: where the element was in the viewport as the step found it (drawn on the picture before the step). */
  box?: ElementBox | null;
}

export interface ToolCallRecord {
  id: string;
  name: string;
  /** As requested: `${VAR}` placeholders, never secret values. */
  parameters: Record<string, unknown>;
  source: ToolCallSource;
  /** The model's stated reason (LLM calls), else null. */
  rationale: string | null;
  /** Usage of the model call(s) that chose this step (LLM calls), else null; `costUsd`: its USD at the prices of the GPT configuration it ran with, null without prices. */
  tokenUsage?: TokenUsage | null;
  costUsd?: number | null;
  /** null while the call runs. */
  outcome: ToolCallOutcome | null;
  screenshotImageId: string | null;
  pageUrl: string | null;
  /** Position (ms) in the flow's video of the newest frame when the call started (the page as the call found it); null without video. */
  videoOffsetMs?: number | null;
  /**
   * What the page did since the previous call ended, until this one did
   * (set once it has ended; absent in records from before they were kept, and
   * empty where the driver cannot see it): console errors and warnings, page
   * errors, and requests answered 4xx/5xx or failed. Bounded (at most 30 of
   * each, texts and URLs cut to 500 characters; `activityDropped` counts the
   * rest) and redacted like every record.
   */
  console?: ConsoleEntry[];
  network?: NetworkEntry[];
  /** Present when more happened than was kept. */
  activityDropped?: { console: number; network: number };
  startedAt: number;
  completedAt: number | null;
}

/** Filters of GET /api/flows. `state: 'RUNNING'` means every non-terminal state. */
export interface FlowQuery {
  name?: string;
  /** Part of the name, any case. */
  nameContains?: string;
  /** Flows whose `envVars` name this variable. */
  envVar?: string;
  /** Flows whose `tags` hold this tag. */
  tag?: string;
  runMode?: RunMode;
  /** The mode the flow was started in (a flow may have switched since). */
  initialRunMode?: RunMode;
  state?: FlowState | 'RUNNING';
  startedAfter?: number;
  startedBefore?: number;
  limit: number;
  pageToken?: string;
}

export interface FlowPage {
  flows: FlowMetadata[];
  nextPageToken: string | null;
}
