/** Classifies Bedrock runtime (AWS SDK v3) failures as LlmError, secrets scrubbed. */
import { LlmError, type LlmErrorKind } from '../../../lib/llm/provider-contract';
import { isConnectionError, kindForStatus, scrub } from '../../../lib/llm/call-support';
import type { FailedCall } from '../../../lib/llm/sdk-provider';

/** Bedrock exception names whose HTTP status alone would mislead. */
const KIND_BY_NAME: Record<string, LlmErrorKind> = {
  ThrottlingException: 'RATE_LIMITED',
  ServiceQuotaExceededException: 'RATE_LIMITED',
  ModelNotReadyException: 'UNAVAILABLE',
  ServiceUnavailableException: 'UNAVAILABLE',
  InternalServerException: 'UNAVAILABLE',
  ModelTimeoutException: 'TIMEOUT',
  AccessDeniedException: 'AUTH_FAILED',
  UnrecognizedClientException: 'AUTH_FAILED',
  InvalidSignatureException: 'AUTH_FAILED',
  ExpiredTokenException: 'AUTH_FAILED',
  CredentialsProviderError: 'AUTH_FAILED',
  TimeoutError: 'TIMEOUT',
};

/** The LlmError for what the SDK threw (aborted calls are classified by the caller). */
export function classifyBedrockError(err: unknown, { secrets }: FailedCall): LlmError {
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const message = scrub(e.message || e.name || String(err), secrets);
  const byStatus = kindForStatus(status);
  const byName = e.name ? KIND_BY_NAME[e.name] : undefined;
  if (byStatus || byName) {
    const kind = byStatus === 'BAD_REQUEST' && byName ? byName : byStatus ?? byName!;
    return new LlmError(kind, `Bedrock error ${status ?? ''} ${e.name ?? ''}: ${message}`.replace(/\s+:/, ':').replace(/  +/g, ' '), status);
  }
  if (isConnectionError(err)) return new LlmError('UNAVAILABLE', `cannot reach the Bedrock endpoint: ${message}`);
  return new LlmError('BAD_RESPONSE', `Bedrock call failed: ${message}`);
}
