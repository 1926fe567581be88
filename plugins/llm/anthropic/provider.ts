/** The `ANTHROPIC` provider: the Messages API through the official `@anthropic-ai/sdk`. */
import type Anthropic from '@anthropic-ai/sdk';
import { lazySdk } from '../../../lib/llm/lazy-sdk';
import type { LlmError, LlmResponse } from '../../../lib/llm/provider-contract';
import { SdkLlmProvider, type FailedCall, type SdkCall } from '../../../lib/llm/sdk-provider';
import { ANTHROPIC_ENDPOINT_FIELDS, ANTHROPIC_SECRET_FIELDS, ANTHROPIC_TYPE, anthropicConfigSchema, type AnthropicConfig } from './config-schema';
import { fromMessage, toMessageParams } from './anthropic-mapping';
import { classifyAnthropicError } from './anthropic-errors';

const sdk = lazySdk<typeof import('@anthropic-ai/sdk')>(import.meta.url, '@anthropic-ai/sdk');

/** LLM provider for GPT configurations of type `ANTHROPIC`. */
export class AnthropicProvider extends SdkLlmProvider<AnthropicConfig, Anthropic> {
  readonly type = ANTHROPIC_TYPE;
  readonly description = 'Anthropic Claude through the Messages API';
  readonly configSchema = anthropicConfigSchema;
  readonly secretFields = ANTHROPIC_SECRET_FIELDS;
  readonly endpointFields = ANTHROPIC_ENDPOINT_FIELDS;

  protected clientKey(config: AnthropicConfig, baseURL: string | undefined): unknown {
    return { apiKey: config.apiKey, baseURL };
  }

  protected createClient(config: AnthropicConfig, baseURL: string | undefined): Anthropic {
    return new (sdk().Anthropic)({ apiKey: config.apiKey, baseURL, maxRetries: 0 });
  }

  protected async send({ client, config, request, signal }: SdkCall<AnthropicConfig, Anthropic>): Promise<LlmResponse> {
    const message = await client.messages.create(toMessageParams(config.modelName, request), {
      signal,
      timeout: request.timeoutMs,
      maxRetries: 0,
    });
    return fromMessage(message);
  }

  protected classifyError(err: unknown, call: FailedCall): LlmError {
    return classifyAnthropicError(err, call);
  }
}
