/** The `GOOGLE_GEMINI` provider: the Gemini Developer API through `@google/genai`. */
import { GoogleGenAI } from '@google/genai';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../kernel/contracts/llm-provider';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import type { Logger } from '../../../kernel/logger';
import { GEMINI_SECRET_FIELDS, GEMINI_TYPE, geminiConfigSchema, type GeminiConfig } from './config-schema';
import { toLlmError } from '../../../kernel/llm/genai/errors';
import { fromGenerateResponse, toContents, toGenerateConfig } from '../../../kernel/llm/genai/mapping';
import { CallDeadline, ClientCache, parseProviderConfig, secretValues } from '../../../kernel/llm/call-support';

/** What the plugin hands the provider. */
export interface ProviderOptions {
  /** Plugin-level default endpoint; a configuration's own `baseUrl` wins. */
  baseUrl?: string;
  logger: Logger;
}

/** LLM provider for GPT configurations of type `GOOGLE_GEMINI`. */
export class GeminiProvider implements LlmProvider {
  readonly type = GEMINI_TYPE;
  readonly description = 'Google Gemini through the Gemini Developer API (API key)';
  readonly configSchema = geminiConfigSchema;
  readonly secretFields = GEMINI_SECRET_FIELDS;
  private readonly clients = new ClientCache<GoogleGenAI>();

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
      const { contents, systemInstruction } = toContents(request.messages);
      const response = await client.models.generateContent({
        model: config.modelName,
        contents,
        config: { ...toGenerateConfig(request, systemInstruction), abortSignal: deadline.signal },
      });
      return fromGenerateResponse(response, request);
    } catch (err) {
      throw toLlmError(err, deadline, secrets, 'Gemini');
    } finally {
      deadline.dispose();
    }
  }

  private client(config: GeminiConfig, baseUrl: string | undefined): GoogleGenAI {
    return this.clients.get({ apiKey: config.apiKey, baseUrl }, () => new GoogleGenAI({
      apiKey: config.apiKey,
      // attempts: 1 turns the SDK's own retries off: the kernel retries.
      httpOptions: { ...(baseUrl ? { baseUrl } : {}), retryOptions: { attempts: 1 } },
    }));
  }
}
