/**
 * Tools: the actions of a flow. Built-in tools come from tool plugins
 * (TOOLS); a flow's custom tools are wrapped into the same shape (lib/custom-tools).
 */
import type * as v from 'valibot';
import type { BrowserSession, Failover } from './browser-driver';
import type { FlowMetadata } from '../flows/flow-types';

export interface ToolContext {
  session: BrowserSession;
  /** The flow as it is now (read only). */
  flow: FlowMetadata;
  /** Absolute directory `uploadFile` may read from. */
  uploadDir: string;
  actionTimeoutMs: number;
  /** Aborted when the flow is cancelled. */
  signal: AbortSignal;
  /**
   * The flow's redaction of env values, for text a tool cuts (page text, a
   * substituted parameter): applied before the cut, a secret cannot survive
   * as a prefix of itself. Optional: a tool without it cuts as it is.
   */
  redact?: (text: string) => string;
}

export interface ToolResult {
  /** One line for people and the LLM: what happened. */
  message: string;
  data?: unknown;
  /** Recorded candidates of the element acted on (element tools). */
  selectors?: string[] | null;
  /** Set when the element was found by a later candidate than the first (the flow's `result.healed`). */
  failover?: Failover | null;
  /** Control tools end the flow with this result. */
  endFlow?: { success: boolean; summary: string };
}

/** `action`: changes the page; `assertion`: checks it; `control`: ends the flow (left out of reruns and code). */
export type ToolKind = 'action' | 'assertion' | 'control' | 'query';

export interface ToolDefinition<P = any> {
  /** `^[a-zA-Z][a-zA-Z0-9_]{0,63}$` */
  readonly name: string;
  readonly description: string;
  readonly kind: ToolKind;
  /** valibot schema of the parameters (an object). The JSON Schema for /api/tools and the LLM is derived from it. */
  readonly inputSchema: v.GenericSchema<unknown, P>;
  /** An explicit JSON Schema, used instead of deriving one (custom tools). */
  readonly jsonSchema?: Record<string, unknown>;
  /**
   * A check run after `inputSchema` accepted the parameters, for what may
   * not block the event loop (custom tools: `pattern`s run in a worker).
   * Answers the first problem as `field: message`, or null.
   */
  checkParams?(params: P): Promise<string | null>;
  /** Parameters holding a SelectorInput (e.g. `['selector']`): rerun and codegen put recorded candidates there. */
  readonly elementParams?: string[];
  /** Runs the tool. Throw an Error with an actionable message to fail the call. */
  run(ctx: ToolContext, params: P): Promise<ToolResult>;
}
