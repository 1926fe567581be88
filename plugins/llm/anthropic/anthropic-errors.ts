/** Classifies Anthropic SDK failures as LlmError, with secrets scrubbed from the message. */
import type Anthropic from '@anthropic-ai/sdk';
import { lazySdk } from '../../../lib/llm/lazy-sdk';
import type { LlmError } from '../../../lib/llm/provider-contract';
import type { FailedCall } from '../../../lib/llm/sdk-provider';
import { classifyStainlessError } from '../../../lib/llm/stainless-errors';

const sdk = lazySdk<typeof import('@anthropic-ai/sdk')>(import.meta.url, '@anthropic-ai/sdk');

/** The LlmError for what the SDK threw (aborted calls are classified by the caller). */
export function classifyAnthropicError(err: unknown, call: FailedCall): LlmError {
  return classifyStainlessError(err, { sdk: sdk().Anthropic, service: 'Anthropic', apiMessage }, call);
}

/** The server's own error message (`{ type: 'error', error: { type, message } }`), else the SDK's. */
function apiMessage(err: InstanceType<typeof Anthropic.APIError>): string {
  const body = err.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const inner = body?.error;
  if (typeof inner?.message !== 'string') return err.message;
  return typeof inner.type === 'string' ? `${inner.type}: ${inner.message}` : inner.message;
}
