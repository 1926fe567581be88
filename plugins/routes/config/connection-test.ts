/**
 * "Test connection" for a GPT configuration: one minimal model call through
 * its provider (a one-word answer, no tools, bounded), answered as a result
 * whether it worked or not, with the flow error codes a failing flow would
 * get. The key never appears: the provider's message is redacted with the
 * configuration's secret values in every spelling.
 */
import { LLM_FAILURE_CODES, LlmError, type LlmErrorKind, type LlmProvider } from '../../../lib/llm/provider-contract';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import { createRedactor } from '../../../lib/redaction/secret-redaction';
import { secretValuesOf } from './secret-fields';

/** The answer of POST /api/gpt-configs/{name}/test. */
export interface ConnectionTestResult {
  ok: boolean;
  latencyMs: number;
  modelName: string | null;
  error: { code: string; message: string } | null;
}

/** How long the test call may take in all. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;

/** Makes one minimal call with `config` through `provider` and says how it went. */
export async function testConnection(config: GptConfigRecord, provider: LlmProvider, providers: ReadonlyMap<string, LlmProvider>): Promise<ConnectionTestResult> {
  const modelName = typeof config.modelName === 'string' ? config.modelName : null;
  const started = performance.now();
  const signal = AbortSignal.timeout(CONNECTION_TEST_TIMEOUT_MS);
  try {
    await provider.complete(config, {
      messages: [
        { role: 'system', content: 'This is a connection test. Answer with the single word: ok.' },
        { role: 'user', content: 'ping' },
      ],
      tools: [],
      maxOutputTokens: 5,
      timeoutMs: CONNECTION_TEST_TIMEOUT_MS,
      signal,
    });
    return { ok: true, latencyMs: Math.round(performance.now() - started), modelName, error: null };
  } catch (err) {
    const redactor = createRedactor(secretValuesOf(config, providers).map((s) => [s, '****'] as const));
    // Only the test's own deadline cancels the call: that is the provider not answering in time.
    const kind: LlmErrorKind = signal.aborted ? 'TIMEOUT' : err instanceof LlmError && err.kind !== 'CANCELLED' ? err.kind : 'UNAVAILABLE';
    const message = signal.aborted ? `The provider did not answer within ${CONNECTION_TEST_TIMEOUT_MS} ms` : (err as Error).message;
    return {
      ok: false,
      latencyMs: Math.round(performance.now() - started),
      modelName,
      error: { code: LLM_FAILURE_CODES[kind], message: redactor.redact(message) },
    };
  }
}
