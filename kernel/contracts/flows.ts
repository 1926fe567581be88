/**
 * The flow lifecycle as callers see it (token FLOWS): the facade the flow
 * routes call (the CLI, web UI and MCP server reach it through them). Queries read
 * storage; commands (pause, resume, cancel, run mode, an INSTRUCT call, an
 * observation) are messages to the flow's actor, the only code that changes
 * a live flow (docs/flows.md, "Inside: actor, scheduler, recorder").
 */
import type { FlowMetadata, FlowPage, FlowQuery, RunMode, ToolCallInput, ToolCallRecord } from '../flows/flow-types';
import type { CreateFlow } from '../../lib/validation/create-flow-schema';
import type { PointedElement, SelectorTest } from '../../lib/page-actions/page-actions';

/** An INSTRUCT call accepted into the flow's queue (POST /api/flows/{id}/tool-calls answers 202 with it). */
export interface QueuedToolCall {
  toolCallId: string;
  /** The flow when the call was queued. */
  flow: FlowMetadata;
}

/**
 * The compact observation of a live flow's current page: the text the
 * AUTONOMOUS agent is given, with the flow's env values back to `${NAME}`
 * and registered secrets masked.
 */
export interface FlowObservation {
  flowId: string;
  url: string;
  title: string;
  /** One line per interactive or text-bearing element, `[12] button "Save"` (see docs/selectors-and-observation.md). */
  text: string;
  /** Number of addressable refs in `text`. */
  refCount: number;
  /** True when the token budget cut `text`. */
  truncated: boolean;
  /** Base64 PNG of the viewport, when asked for. */
  screenshot?: string;
  /** When the page was observed (epoch ms). */
  at: number;
}

export interface Flows {
  /** Checks, stores (state UNSTARTED) and queues a flow; `input` was validated with `createFlowSchema` (lib/validation/create-flow-schema.ts). */
  create(input: CreateFlow): Promise<FlowMetadata>;
  /** The flow, or 404 FLOW_NOT_FOUND (also for ids that are not UUIDs). */
  get(flowId: string): Promise<FlowMetadata>;
  list(query: FlowQuery): Promise<FlowPage>;
  /** Deletes a finished flow: record, tool calls, screenshots and video; 409 FLOW_STILL_RUNNING while live. */
  delete(flowId: string): Promise<void>;
  /** Renames a finished flow; 409 FLOW_STILL_RUNNING while live. */
  rename(flowId: string, name: string): Promise<FlowMetadata>;
  toolCalls(flowId: string): Promise<ToolCallRecord[]>;
  /** A finished flow (SUCCESS or FAILED), or 409 FLOW_STILL_RUNNING naming `action` ("rerun", "code generation"...). */
  getFinished(flowId: string, action: string): Promise<FlowMetadata>;

  // ---- commands: messages to the flow's actor; 409 FLOW_NOT_ACTIVE when the flow's state does not allow them
  /** Requests PAUSED after the current action (nextState until applied). Idempotent while paused. */
  pause(flowId: string): Promise<FlowMetadata>;
  /** PAUSED -> RESUMING -> the mode's next state; also withdraws a pause not yet applied. */
  resume(flowId: string): Promise<FlowMetadata>;
  /** Ends a live flow FAILED CANCELLED (its browser closed at once) and answers the final record. */
  cancel(flowId: string): Promise<FlowMetadata>;
  /** Switches a live flow between INSTRUCT and AUTONOMOUS; `gptConfigName` names the model configuration AUTONOMOUS runs with. */
  setRunMode(flowId: string, runMode: RunMode, gptConfigName?: string): Promise<FlowMetadata>;
  /** Queues a user call of an INSTRUCT flow, checked first (400 leaves the flow waiting). */
  submitToolCall(flowId: string, input: ToolCallInput): Promise<QueuedToolCall>;
  /** Observes the live flow's current page (409 FLOW_NOT_ACTIVE when it has no live browser). */
  observe(flowId: string, options: { screenshot: boolean }): Promise<FlowObservation>;
  /** The element at (x, y) of the live page's viewport (CSS px), described with the selectors an action would record; null when none. */
  elementAt(flowId: string, x: number, y: number): Promise<PointedElement | null>;
  /** How many elements `selector` matches on the live page now, the first ones described (400 naming `selector` when it cannot run). */
  testSelector(flowId: string, selector: string): Promise<SelectorTest>;
}
