/** The `OPENAI` provider: chat completions through the official `openai` SDK. */
import type OpenAI from 'openai';
import { lazySdk } from '../../../lib/llm/lazy-sdk';
import type { LlmError, LlmResponse } from '../../../lib/llm/provider-contract';
import { SdkLlmProvider, type FailedCall, type SdkCall } from '../../../lib/llm/sdk-provider';
import { OPENAI_ENDPOINT_FIELDS, OPENAI_SECRET_FIELDS, OPENAI_TYPE, openAiConfigSchema, type OpenAiConfig } from './config-schema';
import { fromChatCompletion, toChatParams } from './openai-mapping';
import { classifyOpenAiError } from './openai-errors';

const sdk = lazySdk<typeof import('openai')>(import.meta.url, 'openai');

/** LLM provider for GPT configurations of type `OPENAI`. */
export class OpenAiProvider extends SdkLlmProvider<OpenAiConfig, OpenAI> {
  readonly type = OPENAI_TYPE;
  readonly description = 'OpenAI chat completions, or any OpenAI-compatible server via baseUrl';
  readonly configSchema = openAiConfigSchema;
  readonly secretFields = OPENAI_SECRET_FIELDS;
  readonly endpointFields = OPENAI_ENDPOINT_FIELDS;

  protected clientKey(config: OpenAiConfig, baseURL: string | undefined): unknown {
    return { apiKey: config.apiKey, baseURL };
  }

  protected createClient(config: OpenAiConfig, baseURL: string | undefined): OpenAI {
    return new (sdk().OpenAI)({ apiKey: config.apiKey, baseURL, maxRetries: 0 });
  }

  protected async send({ client, config, request, signal, endpoint }: SdkCall<OpenAiConfig, OpenAI>): Promise<LlmResponse> {
    // A custom endpoint gets `max_tokens`, which OpenAI-compatible servers understand.
    const completion = await client.chat.completions.create(
      toChatParams(config.modelName, request, endpoint !== undefined),
      { signal, timeout: request.timeoutMs, maxRetries: 0 },
    );
    return fromChatCompletion(completion);
  }

  protected classifyError(err: unknown, call: FailedCall): LlmError {
    return classifyOpenAiError(err, call);
  }
}
