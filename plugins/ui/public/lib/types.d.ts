// Shapes of the API's answers as the UI uses them (docs/api.md). Types only:
// this file is for `tsc --checkJs` and is never served. The records (flows,
// tool calls, the error body, runs, suites, heals, profile summaries) are
// generated from their one schema (api-records.d.ts, `npm run
// generate:api-types`); the rest is the UI's view of routes that are not records.

export type {
  Flow, FlowPage, FlowState, RunMode, BrowserConfig, CustomTool, ToolCallInput, NetworkRule, TokenUsage, FlowResult, HealedStep,
  SelectorRevision, FlowDownload, ToolCall, ToolCallOutcome, Box, ConsoleEntry, NetworkEntry, ErrorBody,
  RunState, RunTrigger, Verdict, AttemptState, RunFailure, RunAttempt, RunResult, RunCounts, Run, RunPage, Suite,
  HealState, ImageRef, HealSide, Heal, HealPage, ProfileSummary,
} from './api-records';

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
