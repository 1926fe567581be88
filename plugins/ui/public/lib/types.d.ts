// Shapes of the API's answers as the UI uses them (docs/api.md). Types only:
// this file is for `tsc --checkJs` and is never served.

export type RunMode = 'AUTONOMOUS' | 'INSTRUCT' | 'DETERMINISTIC';

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
}

export interface Flow {
  id: string;
  name: string;
  targetWebsite: string;
  overallObjective: string | null;
  initialRunMode: RunMode;
  runMode: RunMode;
  state: string;
  nextState: string | null;
  /** INITIALIZING: what the flow waits for ("a browser from http://grid:4444: ..."), else null. */
  waitingFor?: string | null;
  browser: { using: { type: string; [k: string]: unknown } };
  envVars: string[];
  /** Where the flow's browser may go (CreateFlow allowedOrigins); null or absent: anywhere. */
  allowedOrigins?: string[] | null;
  customTools: Array<{ name: string; description: string; inputSchema: Record<string, unknown>; javascript: string }>;
  toolCallsOnStart: Array<{ name: string; parameters: Record<string, unknown> }>;
  maxToolCalls: number;
  gptConfigName: string | null;
  hasGptConfigNameOverride: boolean;
  progress: { toolCallsCompleted: number; toolCallsFailed: number; maxToolCalls: number };
  tokenUsage: TokenUsage;
  createdAt: number;
  startedAt: number | null;
  completedAt: number | null;
  result: {
    success: boolean; summary: string | null; error: { code: string; message: string } | null; data?: unknown;
    /** Steps that failed over or healed (`step` from 0); the other fields are shown as they come. */
    healed?: Array<{ step: number; kind?: string; [k: string]: unknown }>;
  } | null;
  imageIds: string[];
  hasVideo: boolean;
  /** The browser profile it started from / saved (docs/sessions-and-data.md). */
  profile?: string | null;
  saveProfileAs?: string | null;
  /** Files its pages downloaded and the service kept. */
  downloads?: Array<{ id: string; fileName: string; size: number; sha256: string; mimeType: string; toolCallId: string | null; createdAt: number }>;
  /** Its redacted HAR / Playwright trace was written. */
  hasHar?: boolean;
  hasTrace?: boolean;
  /** Proposed (docs/ui-api-needs.md): when the video's first frame was taken. */
  videoStartedAt?: number | null;
  /** Proposed: the flow's LLM cost in US dollars. */
  costUsd?: number | null;
  /** Labels for runs (docs/runs.md); absent on flows recorded before tags. */
  tags?: string[];
  /** 1 as recorded; up by one per accepted heal. */
  revision?: number;
}

export interface RunAttempt {
  flowId: string | null;
  state: 'QUEUED' | 'RUNNING' | 'SUCCESS' | 'FAILED' | 'SKIPPED';
  durationMs: number | null;
  healed: boolean;
  failure: { code: string; message: string } | null;
  heals: string[];
}

export interface Run {
  id: string;
  state: 'RUNNING' | 'PASSED' | 'FAILED' | 'CANCELLED';
  trigger: 'api' | 'schedule' | 'cli';
  suite: string | null;
  selection: { flowIds: string[]; tags: string[] };
  repeat: number;
  concurrency: number;
  baseUrl: string | null;
  createdAt: number;
  completedAt: number | null;
  counts: { flows: number; passed: number; healed: number; flaky: number; failed: number };
  results: Array<{ flowId: string; name: string; verdict: 'passed' | 'healed' | 'flaky' | 'failed' | null; attempts: RunAttempt[] }>;
}

export interface Suite {
  name: string;
  tags: string[];
  flowIds: string[];
  repeat: number;
  concurrency: number | null;
  baseUrl: string | null;
  schedule: string | null;
  timezone: string | null;
  nextRunAt: number | null;
  lastRun: { id: string; state: Run['state']; createdAt: number } | null;
}

export interface HealSide {
  selector: string;
  selectors: string[];
  element: string | null;
  screenshot: { flowId: string; imageId: string } | null;
}

export interface Heal {
  id: string;
  state: 'open' | 'accepted' | 'rejected';
  runId: string;
  flowId: string;
  flowName: string;
  step: number;
  toolCallId: string;
  tool: string;
  attemptFlowId: string;
  attempts: number;
  before: HealSide;
  after: HealSide;
  agreement: number | null;
}

export interface ToolCall {
  id: string;
  name: string;
  parameters: Record<string, unknown>;
  source: 'ON_START' | 'LLM' | 'USER';
  rationale: string | null;
  outcome: {
    success: boolean;
    message: string;
    data: unknown;
    selectors: string[] | null;
    /** Proposed: the candidate that matched. */
    selectorUsed?: string | null;
    /** Proposed: every candidate tried, in order, with why it failed. */
    selectorsTried?: Array<{ selector: string; error: string | null }> | null;
    /** Where the element was in the viewport as the step found it. */
    box?: Box | null;
  } | null;
  /** What the page logged, and the requests that failed, since the previous call. */
  console?: Array<{ level: string; text: string; at: number }>;
  network?: Array<{ method: string; url: string; status: number | null; error: string | null; durationMs: number | null }>;
  activityDropped?: { console: number; network: number };
  screenshotImageId: string | null;
  pageUrl: string | null;
  startedAt: number;
  completedAt: number | null;
  /** Proposed: tokens of the model call that chose this step. */
  tokenUsage?: TokenUsage | null;
  /** Proposed: cost of that model call in US dollars. */
  costUsd?: number | null;
  /** Proposed: where this call begins in the flow's video, in milliseconds. */
  videoOffsetMs?: number | null;
}

export interface Box { x: number; y: number; width: number; height: number; viewportWidth: number; viewportHeight: number }

export interface Tool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
  [k: string]: unknown;
}

export interface FlowPage {
  flows: Flow[];
  nextPageToken: string | null;
}

/** A browser profile as GET /api/profiles lists it (never a value). */
export interface ProfileSummary {
  name: string;
  origins: string[];
  cookieCount: number;
  localStorageCount: number;
  earliestCookieExpiry: number | null;
  flowId: string | null;
  createdAt: number;
}
