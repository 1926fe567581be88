/**
 * Tools: the actions of a flow (the TOOLS extension point). Built-in tools
 * come from tool plugins; a flow's custom tools are wrapped into the same
 * shape (lib/custom-tools). The tool-call executor beside this file runs
 * them; the kernel hands them over (FlowActor, AutonomousAgent) without
 * calling one.
 */
import type * as v from 'valibot';
import type { BrowserSession, ElementBox } from '../../kernel/contracts/browser-driver';
import type { Failover } from '../page-actions/page-actions';
import type { FlowMetadata } from '../../kernel/flows/flow-types';
import type { SelectorTrials } from '../selector-trials/selector-trials';

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
  /**
   * Where the env values of this call may go (`${NAME}` in its parameters).
   * A tool that sends parameters somewhere the kernel cannot see (a URL it
   * loads, a service it calls) checks the destination with it first.
   * Optional: absent when the call carries none.
   */
  secrets?: SecretOrigins;
  /** The flow's structured result so far: the object of its last successful `extract` (undefined while none). */
  resultData?: unknown;
}

/** The helper a tool checks destinations of env values with (ToolContext.secrets). */
export interface SecretOrigins {
  /** The variables this call carries (empty: none). */
  readonly carried: readonly string[];
  /** Whether every carried variable may go to the origin of `urlOrOrigin` (true when none is carried). */
  allows(urlOrOrigin: string): boolean;
  /** Throws the SECRET_NOT_ALLOWED refusal (naming the variable and where it may be used) unless `allows`; `where` ends its message. */
  check(urlOrOrigin: string, where: string): void;
  /** `check` against the origin of the active page (what a tool acting on "the page" sends to). */
  checkPage(where?: string): void;
}

export interface ToolResult extends Partial<SelectorTrials> {
  /** One line for people and the LLM: what happened. */
  message: string;
  data?: unknown;
  /** Recorded candidates of the element acted on (element tools). */
  selectors?: string[] | null;
  /** Set when the element was found by a later candidate than the first (the flow's `result.healed`). */
  failover?: Failover | null;
  /**
   * Tools that read one element per field (`extract`): each field's recorded
   * candidates, as `selectors` for a one-element tool, so reruns and
   * generated tests read the same elements without a model.
   */
  fieldSelectors?: Record<string, string[]>;
  /** `data` is the flow's structured result: the flow's `result.data` becomes it (the last such call wins). */
  structured?: boolean;
  /** Element tools: the element's box before the action (`outcome.box`). */
  box?: ElementBox | null;
  /** Control tools end the flow with this result (`data`: the flow's `result.data`). */
  endFlow?: { success: boolean; summary: string; data?: unknown };
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
  /**
   * Where the env values of a call go, which decides where `${NAME}` may
   * be substituted (docs/security.md):
   * - `page` (the default, every plugin tool unless it says otherwise): the
   *   kernel checks the active page's origin before the tool runs;
   * - `element`: the driver checks the origin of the frame that holds the
   *   element (the built-in element tools);
   * - `self`: the tool checks its destinations with `ctx.secrets` (navigate
   *   checks the URL it loads).
   */
  readonly secretsGoTo?: 'page' | 'element' | 'self';
  /** Runs the tool. Throw an Error with an actionable message to fail the call. */
  run(ctx: ToolContext, params: P): Promise<ToolResult>;
}
