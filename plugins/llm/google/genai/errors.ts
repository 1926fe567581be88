/** Classifies `@google/genai` (and google-auth-library) failures as LlmError, secrets scrubbed. */
import { LlmError } from '../../../../lib/llm/provider-contract';
import { isConnectionError, kindForStatus, scrub } from '../../../../lib/llm/call-support';
import type { FailedCall } from '../../../../lib/llm/sdk-provider';
import { genai } from './sdk';

/** google-auth-library failures (no ADC, bad key, refused token): the credentials are at fault. */
const AUTH_FAILURE = /default credentials|invalid_grant|invalid_client|unauthorized_client|private key|PEM|DECODER|credentials/i;

/**
 * The LlmError for what the SDK threw (an aborted call is already handled by
 * the caller); `service` names the endpoint in messages.
 */
export function classifyGenAiError(err: unknown, { secrets }: FailedCall, service: string): LlmError {
  const message = scrub(err instanceof Error ? err.message : String(err), secrets);
  if (err instanceof genai().ApiError) {
    return new LlmError(kindForStatus(err.status) ?? 'BAD_RESPONSE', `${service} error ${err.status}: ${message}`, err.status);
  }
  if (isConnectionError(err)) return new LlmError('UNAVAILABLE', `cannot reach the ${service} endpoint: ${message}`);
  // Gaxios errors (token endpoint) carry the HTTP status of the auth server.
  const status = (err as { status?: unknown; response?: { status?: unknown } }).response?.status ?? (err as { status?: unknown }).status;
  if (typeof status === 'number' && status >= 400 && status < 500) return new LlmError('AUTH_FAILED', `${service} credentials were refused: ${message}`, status);
  if (AUTH_FAILURE.test(message)) return new LlmError('AUTH_FAILED', `${service} credentials are not usable: ${message}`);
  return new LlmError('BAD_RESPONSE', `${service} call failed: ${message}`);
}
