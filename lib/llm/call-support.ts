/**
 * Helpers every LLM provider plugin needs: deadline handling, secret
 * scrubbing, status classification, tool-argument parsing and an SDK client
 * cache. Plugins may not import each other, so the shared code lives here in
 * the kernel and every provider plugin imports it.
 */
import { createHash, randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { LlmError, type LlmErrorKind, type LlmToolCall } from './provider-contract';
import type { GptConfigRecord } from '../../kernel/contracts/storage';
import { issuePath } from '../validation/validation';
import { createRedactor } from '../redaction/secret-redaction';

/** The parsed-argument part of a tool call. */
export type ParsedArguments = Pick<LlmToolCall, 'arguments' | 'rawArguments' | 'parseError'>;

/**
 * Parses tool arguments the model sent. An object is taken as is; text is
 * parsed as JSON. Anything else is reported (arguments null + parseError), not
 * thrown, so the agent can tell the model what went wrong.
 */
export function parseToolArguments(raw: unknown): ParsedArguments {
  if (raw === undefined || raw === null) return { arguments: {} };
  if (typeof raw === 'object' && !Array.isArray(raw)) return { arguments: raw as Record<string, unknown> };
  if (typeof raw !== 'string') {
    return { arguments: null, rawArguments: JSON.stringify(raw), parseError: 'tool arguments must be a JSON object' };
  }
  if (raw.trim() === '') return { arguments: {}, rawArguments: raw };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return { arguments: parsed as Record<string, unknown>, rawArguments: raw };
    }
    return { arguments: null, rawArguments: raw, parseError: 'tool arguments must be a JSON object' };
  } catch (err) {
    return { arguments: null, rawArguments: raw, parseError: `tool arguments are not valid JSON: ${(err as Error).message}` };
  }
}

/**
 * One call's abort signal: fires when `timeoutMs` elapses or the caller's
 * signal aborts, and remembers which of the two happened.
 */
export class CallDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private expired = false;
  private readonly onCallerAbort = () => this.controller.abort();

  constructor(readonly timeoutMs: number, private readonly callerSignal?: AbortSignal) {
    this.signal = this.controller.signal;
    this.timer = setTimeout(() => { this.expired = true; this.controller.abort(); }, Math.max(1, timeoutMs));
    if (callerSignal?.aborted) this.controller.abort();
    else callerSignal?.addEventListener('abort', this.onCallerAbort, { once: true });
  }

  /** Whether the time limit ended the call. */
  get timedOut(): boolean { return this.expired; }
  /** Whether the caller aborted the call (wins over a timeout: the caller no longer wants an answer). */
  get cancelled(): boolean { return this.callerSignal?.aborted ?? false; }

  /**
   * The LlmError for an aborted call, or undefined when the call was not
   * aborted: `CANCELLED` (not retryable) when the caller aborted, `TIMEOUT`
   * (retryable) when the time limit did.
   */
  abortError(): LlmError | undefined {
    if (this.cancelled) return new LlmError('CANCELLED', 'the model call was cancelled');
    if (this.timedOut) return new LlmError('TIMEOUT', `the model did not answer within ${this.timeoutMs} ms`);
    return undefined;
  }

  /** Clears the timer and the listener; call in `finally`. */
  dispose(): void {
    clearTimeout(this.timer);
    this.callerSignal?.removeEventListener('abort', this.onCallerAbort);
  }
}

/** Error kind for an HTTP status, or undefined when the status says nothing. */
export function kindForStatus(status: number | undefined): LlmErrorKind | undefined {
  if (status === undefined || !Number.isFinite(status)) return undefined;
  if (status === 401 || status === 403) return 'AUTH_FAILED';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 408) return 'TIMEOUT';
  if (status >= 500) return 'UNAVAILABLE';
  if (status >= 400) return 'BAD_REQUEST';
  return undefined;
}

/** Network error codes that mean the endpoint could not be reached. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE',
  'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', 'ECONNABORTED',
]);

/** Whether `err` (or one of its causes) is a network failure. */
export function isConnectionError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (e instanceof TypeError && /fetch failed|network|socket/i.test(e.message)) return true;
  }
  return false;
}

/** Every secret value of a configuration (fields named in `secretFields`), longest first. */
export function secretValues(config: GptConfigRecord, secretFields: readonly string[]): string[] {
  const out: string[] = [];
  for (const field of secretFields) {
    const value = config[field];
    if (typeof value === 'string' && value.length > 0) out.push(value);
  }
  return out.sort((a, b) => b.length - a.length);
}

/** Replaces every secret in `text` by `****`, and caps the length (SDK messages can hold whole bodies). */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = createRedactor(secrets.map((s) => [s, '****'] as const)).redact(text);
  // Bearer tokens and key-looking strings echoed back by a server are masked too.
  out = out.replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi, '$1****');
  return out.length > 500 ? `${out.slice(0, 500)}…` : out;
}

/**
 * Validates the configuration body (everything but `type`) against the
 * provider's schema. A failure names the field, never its value.
 */
export function parseProviderConfig<S extends v.GenericSchema>(schema: S, config: GptConfigRecord): v.InferOutput<S> {
  const { type: _type, ...body } = config;
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  const path = issuePath(result.issues[0]!);
  throw new LlmError('BAD_REQUEST', `invalid GPT configuration${path ? ` field ${path}` : ''}`);
}

/**
 * SDK clients keyed by a hash of what they were built from, so a flow does not
 * build a client per step. Bounded: the least recently used is dropped.
 */
export class ClientCache<T> {
  private readonly clients = new Map<string, T>();
  constructor(private readonly max = 32) {}

  /** The client for `keyMaterial`, built by `build` on first use. */
  get(keyMaterial: unknown, build: () => T): T {
    const key = createHash('sha256').update(JSON.stringify(keyMaterial)).digest('hex');
    const hit = this.clients.get(key);
    if (hit !== undefined) {
      this.clients.delete(key);
      this.clients.set(key, hit);
      return hit;
    }
    const client = build();
    this.clients.set(key, client);
    if (this.clients.size > this.max) this.clients.delete(this.clients.keys().next().value as string);
    return client;
  }

  /** Number of cached clients (tests). */
  get size(): number { return this.clients.size; }
}

/** A tool-call id for providers that send none. */
export function generatedCallId(): string {
  return `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
}
