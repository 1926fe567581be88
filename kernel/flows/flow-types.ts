/**
 * The flow data types the kernel and the plugins name. The records the API
 * serves (the flow, its tool calls, the error body) are declared once, as
 * valibot schemas, in lib/validation/flow-record-schema.ts; their types are
 * inferred there and re-exported here.
 */
export {
  RUN_MODES, FLOW_STATES, TOOL_CALL_SOURCES, isTerminal, hasEnded,
  type RunMode, type FlowState, type ErrorBody, type TokenUsage, type NetworkRule, type BrowserConfig, type ToolCallInput,
  type CustomTool, type HealedStep, type FlowResult, type SelectorRevision, type FlowDownload, type FlowMetadata, type FlowPage,
  type ElementBox, type ConsoleEntry, type NetworkEntry, type ToolCallSource, type ToolCallOutcome, type ToolCallRecord,
} from '../../lib/validation/flow-record-schema';
import type { FlowState, RunMode } from '../../lib/validation/flow-record-schema';

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

