/**
 * What an AUTONOMOUS flow asks at each step. A plugin implements it (token
 * AUTONOMOUS_AGENT; the embedded config loads an LLM agent); the FlowActor
 * only sees this interface.
 */
import type { BrowserSession } from './browser-driver';
import type { ToolDefinition } from '../../lib/tool-calls/tool-contract';
import type { FlowMetadata, ToolCallInput, ToolCallRecord } from '../flows/flow-types';

export interface AgentStep {
  toolCall: ToolCallInput;
  /** The model's stated reason for the call. */
  rationale: string | null;
}

export interface AgentStepInput {
  flow: FlowMetadata;
  session: BrowserSession;
  tools: Map<string, ToolDefinition>;
  /** Every call of the flow so far, oldest first. */
  history: ToolCallRecord[];
  signal: AbortSignal;
  /**
   * Puts `${NAME}` back for every env-var value (and masks registered
   * secrets) in text about to be sent to the model: page text can echo a
   * value the flow typed, and env values never reach an LLM.
   */
  redact(text: string): string;
  /** Called after every model call with its token usage and its price (null without prices; persisted at once). */
  onUsage(inputTokens: number, outputTokens: number, costUsd: number | null): Promise<void>;
}

export interface AutonomousAgent {
  /**
   * The agent's name in the API: the flow's GPT configuration, when it names
   * none, is the one assigned to this name (POST /api/agents/{name}).
   */
  readonly name: string;
  /** Chooses the next tool call. Throws FlowFailure (LLM_RATE_LIMITED, LLM_AUTH_FAILED, LLM_UNAVAILABLE...) when it cannot. */
  nextStep(input: AgentStepInput): Promise<AgentStep>;
}
