/** Classifies OpenAI SDK failures as LlmError, with secrets scrubbed from the message. */
import OpenAI from 'openai';
import { LlmError } from '../../../kernel/contracts/llm-provider';
import { type CallDeadline, isConnectionError, kindForStatus, scrub } from '../../../kernel/llm/call-support';

/** The LlmError for whatever the SDK threw. */
export function toLlmError(err: unknown, deadline: CallDeadline, secrets: readonly string[]): LlmError {
  if (err instanceof LlmError) return err;
  const aborted = deadline.abortError();
  if (aborted) return aborted;
  if (err instanceof OpenAI.APIConnectionTimeoutError) return new LlmError('TIMEOUT', `the model did not answer within ${deadline.timeoutMs} ms`);
  if (err instanceof OpenAI.APIConnectionError) return new LlmError('UNAVAILABLE', `cannot reach the OpenAI endpoint: ${scrub(err.message, secrets)}`);
  if (err instanceof OpenAI.APIError) {
    const kind = kindForStatus(err.status) ?? 'BAD_RESPONSE';
    return new LlmError(kind, `OpenAI error${err.status ? ` ${err.status}` : ''}: ${scrub(apiMessage(err), secrets)}`, err.status);
  }
  if (isConnectionError(err)) return new LlmError('UNAVAILABLE', `cannot reach the OpenAI endpoint: ${scrub(String((err as Error).message), secrets)}`);
  return new LlmError('BAD_RESPONSE', `OpenAI call failed: ${scrub(err instanceof Error ? err.message : String(err), secrets)}`);
}

/** The server's own error message (`{ error: { message } }`), else the SDK's. */
function apiMessage(err: InstanceType<typeof OpenAI.APIError>): string {
  const body = err.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : err.message;
}
