/** Classifies OpenAI SDK failures as LlmError, with secrets scrubbed from the message. */
import type OpenAI from 'openai';
import { lazySdk } from '../../../lib/llm/lazy-sdk';
import type { LlmError } from '../../../lib/llm/provider-contract';
import type { FailedCall } from '../../../lib/llm/sdk-provider';
import { classifyStainlessError } from '../../../lib/llm/stainless-errors';

const sdk = lazySdk<typeof import('openai')>(import.meta.url, 'openai');

/** The LlmError for what the SDK threw (aborted calls are classified by the caller). */
export function classifyOpenAiError(err: unknown, call: FailedCall): LlmError {
  return classifyStainlessError(err, { sdk: sdk().OpenAI, service: 'OpenAI', apiMessage }, call);
}

/** The server's own error message (`{ error: { message } }`), else the SDK's. */
function apiMessage(err: InstanceType<typeof OpenAI.APIError>): string {
  const body = err.error as { message?: unknown } | undefined;
  return typeof body?.message === 'string' ? body.message : err.message;
}
