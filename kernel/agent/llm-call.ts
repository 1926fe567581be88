/**
 * One model call with bounded retries: 429, 5xx and timeouts are retried with
 * exponential backoff and jitter; the final failure becomes a FlowFailure
 * whose code names the provider error (LLM_RATE_LIMITED, LLM_AUTH_FAILED,
 * LLM_UNAVAILABLE...).
 */
import { LlmError, type LlmProvider, type LlmRequest, type LlmResponse } from '../contracts/llm-provider';
import type { GptConfigRecord } from '../contracts/storage';
import { FlowFailure } from '../flows/flow-failure';

export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
}

const CODES: Record<string, string> = {
  RATE_LIMITED: 'LLM_RATE_LIMITED',
  AUTH_FAILED: 'LLM_AUTH_FAILED',
  UNAVAILABLE: 'LLM_UNAVAILABLE',
  TIMEOUT: 'LLM_UNAVAILABLE',
  BAD_REQUEST: 'LLM_BAD_REQUEST',
  BAD_RESPONSE: 'LLM_BAD_RESPONSE',
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => { clearTimeout(t); reject(signal.reason); }, { once: true });
  });
}

export async function callWithRetry(
  provider: LlmProvider, config: GptConfigRecord, request: LlmRequest, policy: RetryPolicy,
  redact: (s: string) => string,
): Promise<LlmResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await provider.complete(config, request);
    } catch (err) {
      if (request.signal?.aborted) throw request.signal.reason;
      const e = err instanceof LlmError ? err : new LlmError('UNAVAILABLE', (err as Error)?.message ?? String(err));
      if (e.retryable && attempt < policy.maxRetries) {
        const delay = policy.baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        await sleep(delay, request.signal);
        continue;
      }
      const tries = attempt + 1;
      throw new FlowFailure(CODES[e.kind] ?? 'LLM_UNAVAILABLE',
        `${provider.type} ${e.kind.toLowerCase().replace('_', ' ')}${e.status ? ` (HTTP ${e.status})` : ''} after ${tries} attempt${tries > 1 ? 's' : ''}: ${redact(e.message)}`);
    }
  }
}
