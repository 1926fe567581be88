// Shapes of the API's answers as the UI uses them (docs/api.md). Types only:
// this file is for `tsc --checkJs` and is never served. The flow and
// tool-call records and the error body are generated from their one schema
// (api-records.d.ts, `npm run generate:api-types`); the rest is the UI's view
// of the routes that are not records.

export type {
  Flow, FlowPage, FlowState, RunMode, BrowserConfig, CustomTool, ToolCallInput, NetworkRule, TokenUsage, FlowResult, HealedStep,
  SelectorRevision, FlowDownload, ToolCall, ToolCallOutcome, Box, ConsoleEntry, NetworkEntry, ErrorBody,
} from './api-records';

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
