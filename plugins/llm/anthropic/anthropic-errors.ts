/** Classifies Anthropic SDK failures as LlmError, with secrets scrubbed from the message. */
import Anthropic from '@anthropic-ai/sdk';
import { LlmError } from '../../../kernel/contracts/llm-provider';
import { type CallDeadline, isConnectionError, kindForStatus, scrub } from '../../../kernel/llm/call-support';

/** The LlmError for whatever the SDK threw. */
export function toLlmError(err: unknown, deadline: CallDeadline, secrets: readonly string[]): LlmError {
  if (err instanceof LlmError) return err;
  const aborted = deadline.abortError();
  if (aborted) return aborted;
  if (err instanceof Anthropic.APIConnectionTimeoutError) return new LlmError('TIMEOUT', `the model did not answer within ${deadline.timeoutMs} ms`);
  if (err instanceof Anthropic.APIConnectionError) return new LlmError('UNAVAILABLE', `cannot reach the Anthropic endpoint: ${scrub(err.message, secrets)}`);
  if (err instanceof Anthropic.APIError) {
    const kind = kindForStatus(err.status) ?? 'BAD_RESPONSE';
    return new LlmError(kind, `Anthropic error${err.status ? ` ${err.status}` : ''}: ${scrub(apiMessage(err), secrets)}`, err.status);
  }
  if (isConnectionError(err)) return new LlmError('UNAVAILABLE', `cannot reach the Anthropic endpoint: ${scrub(String((err as Error).message), secrets)}`);
  return new LlmError('BAD_RESPONSE', `Anthropic call failed: ${scrub(err instanceof Error ? err.message : String(err), secrets)}`);
}

/** The server's own error message (`{ type: 'error', error: { type, message } }`), else the SDK's. */
function apiMessage(err: InstanceType<typeof Anthropic.APIError>): string {
  const body = err.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const inner = body?.error;
  if (typeof inner?.message !== 'string') return err.message;
  return typeof inner.type === 'string' ? `${inner.type}: ${inner.message}` : inner.message;
}
