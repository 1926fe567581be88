/**
 * One model call with bounded retries: 429, 5xx and timeouts are retried with
 * exponential backoff and jitter; the final failure becomes a FlowFailure
 * whose code names the provider error (LLM_RATE_LIMITED, LLM_AUTH_FAILED,
 * LLM_UNAVAILABLE...). Once the caller's signal has aborted (the flow was
 * cancelled or its browser closed) nothing is retried: the signal's reason is
 * thrown as is, so the flow ends with the cancellation's own code.
 */
import { LLM_FAILURE_CODES, LlmError, type LlmErrorKind, type LlmProvider, type LlmRequest, type LlmResponse } from '../../../lib/llm/provider-contract';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import { FlowFailure } from '../../../lib/failure-codes/failure-codes';
import { sleep } from '../../../lib/async/timing';

/** How often and how patiently a failed call is retried (settings.llm). */
export interface RetryPolicy {
  /** Retries after the first attempt (0: one attempt only). */
  maxRetries: number;
  /** Delay before the first retry; doubled each time, ±25 % jitter. */
  baseDelayMs: number;
}

/** The flow's `result.error.code` for each provider error kind (kept beside the failure-code table). */
export { LLM_FAILURE_CODES as FAILURE_CODES };

/** The delay before retry number `attempt` (0-based). */
export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  return policy.baseDelayMs * 2 ** attempt * (0.75 + random() * 0.5);
}

/** What an aborted caller gets: the signal's reason, or a CANCELLED failure when it gave none. */
function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new FlowFailure('CANCELLED', 'The model call was cancelled');
}

/**
 * Calls `provider.complete`, retrying retryable failures per `policy`.
 * `redact` scrubs the final error message (provider messages are already
 * scrubbed of the configuration's secrets; this also removes env values).
 */
export async function callWithRetry(
  provider: LlmProvider, config: GptConfigRecord, request: LlmRequest, policy: RetryPolicy,
  redact: (s: string) => string,
): Promise<LlmResponse> {
  const signal = request.signal;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortReason(signal);
    try {
      return await provider.complete(config, request);
    } catch (err) {
      // Checked first: an aborted call often surfaces as a timeout or a connection error.
      if (signal?.aborted) throw abortReason(signal);
      const e = err instanceof LlmError ? err : new LlmError('UNAVAILABLE', (err as Error)?.message ?? String(err));
      if (e.retryable && attempt < policy.maxRetries) {
        await sleep(backoffDelay(policy, attempt), signal);
        continue;
      }
      const tries = attempt + 1;
      throw new FlowFailure(LLM_FAILURE_CODES[e.kind] ?? 'LLM_UNAVAILABLE',
        `${provider.type} ${e.kind.toLowerCase().replace('_', ' ')}${e.status ? ` (HTTP ${e.status})` : ''} after ${tries} attempt${tries > 1 ? 's' : ''}: ${redact(e.message)}`);
    }
  }
}
