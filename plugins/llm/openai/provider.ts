/** The `OPENAI` provider: chat completions through the official `openai` SDK. */
import OpenAI from 'openai';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../kernel/contracts/llm-provider';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import type { Logger } from '../../../kernel/logger';
import { OPENAI_SECRET_FIELDS, OPENAI_TYPE, openAiConfigSchema, type OpenAiConfig } from './config-schema';
import { CallDeadline, ClientCache, parseProviderConfig, secretValues } from '../../../kernel/llm/call-support';
import { fromChatCompletion, toChatParams } from './openai-mapping';
import { toLlmError } from './openai-errors';

/** What the plugin hands the provider. */
export interface ProviderOptions {
  /** Plugin-level default endpoint; a configuration's own `baseUrl` wins. */
  baseUrl?: string;
  logger: Logger;
}

/** LLM provider for GPT configurations of type `OPENAI`. */
export class OpenAiProvider implements LlmProvider {
  readonly type = OPENAI_TYPE;
  readonly description = 'OpenAI chat completions, or any OpenAI-compatible server via baseUrl';
  readonly configSchema = openAiConfigSchema;
  readonly secretFields = OPENAI_SECRET_FIELDS;
  private readonly clients = new ClientCache<OpenAI>();

  constructor(private readonly options: ProviderOptions) {}

  supportsVision(config: GptConfigRecord): boolean {
    return typeof config.vision === 'boolean' ? config.vision : true;
  }

  async complete(record: GptConfigRecord, request: LlmRequest): Promise<LlmResponse> {
    const secrets = secretValues(record, this.secretFields);
    secrets.forEach((s) => this.options.logger.addSecret(s));
    const config = parseProviderConfig(this.configSchema, record);
    const baseURL = config.baseUrl ?? this.options.baseUrl;
    const client = this.client(config, baseURL);
    const deadline = new CallDeadline(request.timeoutMs, request.signal);
    try {
      const completion = await client.chat.completions.create(
        toChatParams(config.modelName, request, baseURL !== undefined),
        { signal: deadline.signal, timeout: request.timeoutMs, maxRetries: 0 },
      );
      return fromChatCompletion(completion);
    } catch (err) {
      throw toLlmError(err, deadline, secrets);
    } finally {
      deadline.dispose();
    }
  }

  private client(config: OpenAiConfig, baseURL: string | undefined): OpenAI {
    return this.clients.get({ apiKey: config.apiKey, baseURL }, () => new OpenAI({ apiKey: config.apiKey, baseURL, maxRetries: 0 }));
  }
}
