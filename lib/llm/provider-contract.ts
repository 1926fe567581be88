/**
 * The LLM provider contract and its token: one provider per GPT
 * configuration `type`, provided by the LLM plugins and used by the agent
 * and the configuration routes (the kernel itself never calls a model). A provider maps our
 * messages and tool JSON Schemas to its SDK, and its answer back to tool
 * calls and token usage. Retries with backoff are the kernel's job: providers
 * turn SDK retries off and classify failures as LlmError.
 */
import type * as v from 'valibot';
import type { GptConfigRecord } from '../../kernel/contracts/storage';
import type { FailureCode } from '../failure-codes/failure-codes';
import { createToken } from '../../kernel/tokens';

export type LlmMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string; images?: Array<{ mimeType: 'image/png'; base64: string }> }
  | { role: 'assistant'; content: string | null; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string; isError?: boolean };

export interface LlmToolDefinition {
  name: string;
  description: string;
  /** JSON Schema (type object). */
  inputSchema: Record<string, unknown>;
}

export interface LlmToolCall {
  /** Provider's id of the call (generated when the provider has none). */
  id: string;
  name: string;
  /** Parsed arguments, or null when they could not be parsed (see parseError). */
  arguments: Record<string, unknown> | null;
  /** Raw argument text as the model sent it, when it came as text. */
  rawArguments?: string;
  /** Why the arguments could not be parsed; reported back to the model. */
  parseError?: string;
  /**
   * Opaque provider data that must travel with the call when it is replayed
   * in a later turn (e.g. Gemini's thought signature). Only the provider that
   * produced it reads it; the agent echoes it back unchanged.
   */
  providerData?: Record<string, unknown>;
}

export interface LlmRequest {
  messages: LlmMessage[];
  tools: LlmToolDefinition[];
  /** `required`: the model must call a tool. */
  toolChoice?: 'auto' | 'required';
  maxOutputTokens?: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface LlmResponse {
  /** Free text the model wrote besides tool calls (its rationale), or null. */
  text: string | null;
  toolCalls: LlmToolCall[];
  usage: { inputTokens: number; outputTokens: number };
}

/**
 * Why a model call failed. `CANCELLED`: the caller's signal aborted the call
 * (the flow was cancelled or its browser closed); never retried.
 */
export type LlmErrorKind = 'RATE_LIMITED' | 'AUTH_FAILED' | 'UNAVAILABLE' | 'TIMEOUT' | 'BAD_REQUEST' | 'BAD_RESPONSE' | 'CANCELLED';

/** A classified provider failure. `RATE_LIMITED`, `UNAVAILABLE` and `TIMEOUT` are retried; the rest are not. */
export class LlmError extends Error {
  constructor(readonly kind: LlmErrorKind, message: string, readonly status?: number) {
    super(message);
    this.name = 'LlmError';
  }
  get retryable(): boolean {
    return this.kind === 'RATE_LIMITED' || this.kind === 'UNAVAILABLE' || this.kind === 'TIMEOUT';
  }
}

export interface LlmProvider {
  /** GPT configuration `type` served, e.g. `OPENAI`. */
  readonly type: string;
  readonly description: string;
  /**
   * valibot strict-object schema of the configuration body for this type
   * (every field but `type`): `apiKey`, `modelName` and type-specific fields.
   */
  readonly configSchema: v.GenericSchema;
  /** Fields masked on every read (`apiKey`, `secretAccessKey`...). */
  readonly secretFields: readonly string[];
  /**
   * Fields that decide where requests, and so the secrets, are sent
   * (`baseUrl`, `region`, `project`, `location`, `endpoint`...). A client
   * that writes back the masked form of a stored secret keeps the stored
   * secret only while `type` and every one of these fields are unchanged;
   * otherwise the write is refused (400 naming the secret field), so a
   * masked key can never be pointed at a new host. When absent, every field
   * but the secret fields, `modelName` and `vision` counts as one.
   */
  readonly endpointFields?: readonly string[];
  /** Whether screenshots can be attached for this configuration. */
  supportsVision(config: GptConfigRecord): boolean;
  /** One model call. Rejects with LlmError. */
  complete(config: GptConfigRecord, request: LlmRequest): Promise<LlmResponse>;
}

/** LLM providers, one per GPT configuration `type`. */
export const LLM_PROVIDERS = createToken<LlmProvider>('llm.providers', { multi: true });

/** The code a flow fails with for each provider error kind (the agent's calls, the connection test). */
export const LLM_FAILURE_CODES: Readonly<Record<LlmErrorKind, FailureCode>> = {
  RATE_LIMITED: 'LLM_RATE_LIMITED',
  AUTH_FAILED: 'LLM_AUTH_FAILED',
  UNAVAILABLE: 'LLM_UNAVAILABLE',
  TIMEOUT: 'LLM_UNAVAILABLE',
  BAD_REQUEST: 'LLM_BAD_REQUEST',
  BAD_RESPONSE: 'LLM_BAD_RESPONSE',
  CANCELLED: 'CANCELLED',
};
