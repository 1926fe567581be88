/**
 * The `ANTHROPIC_AWS_BEDROCK` provider: Claude on AWS Bedrock through the
 * Converse API of `@aws-sdk/client-bedrock-runtime`.
 */
import { BedrockRuntimeClient, ConverseCommand, type BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../kernel/contracts/llm-provider';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import type { Logger } from '../../../kernel/logger';
import { BEDROCK_SECRET_FIELDS, BEDROCK_TYPE, bedrockConfigSchema, type BedrockConfig } from './config-schema';
import { fromConverseOutput, toConverseInput } from './bedrock-mapping';
import { toLlmError } from './bedrock-errors';
import { CallDeadline, ClientCache, parseProviderConfig, secretValues } from '../../../kernel/llm/call-support';

/** What the plugin hands the provider. */
export interface ProviderOptions {
  /** Plugin-level default endpoint; a configuration's own `baseUrl` wins. */
  baseUrl?: string;
  logger: Logger;
}

/**
 * Client settings for a configuration. Credentials: access keys when given;
 * else `apiKey` as a Bedrock API key (bearer token); else the default AWS
 * credential chain. The runtime client defaults to an HTTP/2 handler, needed
 * only by bidirectional streams; Converse is a plain request, so an HTTP/1.1
 * handler is used, which also works with http:// endpoints.
 */
export function bedrockClientConfig(config: BedrockConfig, endpoint: string | undefined): BedrockRuntimeClientConfig {
  const out: BedrockRuntimeClientConfig = {
    region: config.region,
    maxAttempts: 1, // the kernel retries
    requestHandler: new NodeHttpHandler({ connectionTimeout: 10_000 }),
  };
  if (endpoint) out.endpoint = endpoint;
  if (config.accessKeyId && config.secretAccessKey) {
    out.credentials = {
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      ...(config.sessionToken ? { sessionToken: config.sessionToken } : {}),
    };
  } else if (config.apiKey) {
    out.token = { token: config.apiKey };
    out.authSchemePreference = ['httpBearerAuth'];
  }
  return out;
}

/** LLM provider for GPT configurations of type `ANTHROPIC_AWS_BEDROCK`. */
export class BedrockProvider implements LlmProvider {
  readonly type = BEDROCK_TYPE;
  readonly description = 'Anthropic Claude on AWS Bedrock (Converse API)';
  readonly configSchema = bedrockConfigSchema;
  readonly secretFields = BEDROCK_SECRET_FIELDS;
  private readonly clients = new ClientCache<BedrockRuntimeClient>();

  constructor(private readonly options: ProviderOptions) {}

  supportsVision(config: GptConfigRecord): boolean {
    return typeof config.vision === 'boolean' ? config.vision : true;
  }

  async complete(record: GptConfigRecord, request: LlmRequest): Promise<LlmResponse> {
    const secrets = secretValues(record, [...this.secretFields, 'accessKeyId']);
    secrets.forEach((s) => this.options.logger.addSecret(s));
    const config = parseProviderConfig(this.configSchema, record);
    const client = this.client(config, config.baseUrl ?? this.options.baseUrl);
    const deadline = new CallDeadline(request.timeoutMs, request.signal);
    try {
      const output = await client.send(new ConverseCommand(toConverseInput(config.modelName, request)), {
        abortSignal: deadline.signal,
        requestTimeout: request.timeoutMs,
      });
      return fromConverseOutput(output);
    } catch (err) {
      throw toLlmError(err, deadline, secrets);
    } finally {
      deadline.dispose();
    }
  }

  private client(config: BedrockConfig, endpoint: string | undefined): BedrockRuntimeClient {
    const keyMaterial = {
      region: config.region, endpoint, accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey,
      sessionToken: config.sessionToken, apiKey: config.apiKey,
    };
    return this.clients.get(keyMaterial, () => new BedrockRuntimeClient(bedrockClientConfig(config, endpoint)));
  }
}
