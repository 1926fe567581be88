/** The `ANTHROPIC` provider: the Messages API through the official `@anthropic-ai/sdk`. */
import Anthropic from '@anthropic-ai/sdk';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../kernel/contracts/llm-provider';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import type { Logger } from '../../../kernel/logger';
import { ANTHROPIC_SECRET_FIELDS, ANTHROPIC_TYPE, anthropicConfigSchema, type AnthropicConfig } from './config-schema';
import { CallDeadline, ClientCache, parseProviderConfig, secretValues } from '../../../kernel/llm/call-support';
import { fromMessage, toMessageParams } from './anthropic-mapping';
import { toLlmError } from './anthropic-errors';

/** What the plugin hands the provider. */
export interface ProviderOptions {
  /** Plugin-level default endpoint; a configuration's own `baseUrl` wins. */
  baseUrl?: string;
  logger: Logger;
}

/** LLM provider for GPT configurations of type `ANTHROPIC`. */
export class AnthropicProvider implements LlmProvider {
  readonly type = ANTHROPIC_TYPE;
  readonly description = 'Anthropic Claude through the Messages API';
  readonly configSchema = anthropicConfigSchema;
  readonly secretFields = ANTHROPIC_SECRET_FIELDS;
  private readonly clients = new ClientCache<Anthropic>();

  constructor(private readonly options: ProviderOptions) {}

  supportsVision(config: GptConfigRecord): boolean {
    return typeof config.vision === 'boolean' ? config.vision : true;
  }

  async complete(record: GptConfigRecord, request: LlmRequest): Promise<LlmResponse> {
    const secrets = secretValues(record, this.secretFields);
    secrets.forEach((s) => this.options.logger.addSecret(s));
    const config = parseProviderConfig(this.configSchema, record);
    const client = this.client(config, config.baseUrl ?? this.options.baseUrl);
    const deadline = new CallDeadline(request.timeoutMs, request.signal);
    try {
      const message = await client.messages.create(toMessageParams(config.modelName, request), {
        signal: deadline.signal,
        timeout: request.timeoutMs,
        maxRetries: 0,
      });
      return fromMessage(message);
    } catch (err) {
      throw toLlmError(err, deadline, secrets);
    } finally {
      deadline.dispose();
    }
  }

  private client(config: AnthropicConfig, baseURL: string | undefined): Anthropic {
    return this.clients.get({ apiKey: config.apiKey, baseURL }, () => new Anthropic({ apiKey: config.apiKey, baseURL, maxRetries: 0 }));
  }
}
