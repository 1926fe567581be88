/**
 * The `ANTHROPIC_AWS_BEDROCK` provider: Claude on AWS Bedrock through the
 * Converse API of `@aws-sdk/client-bedrock-runtime`.
 */
import type { BedrockRuntimeClient, BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import { lazySdk } from '../../../lib/llm/lazy-sdk';
import type { LlmError, LlmResponse } from '../../../lib/llm/provider-contract';
import { SdkLlmProvider, type FailedCall, type SdkCall } from '../../../lib/llm/sdk-provider';
import { BEDROCK_ENDPOINT_FIELDS, BEDROCK_SECRET_FIELDS, BEDROCK_TYPE, bedrockConfigSchema, type BedrockConfig } from './config-schema';
import { fromConverseOutput, toConverseInput } from './bedrock-mapping';
import { classifyBedrockError } from './bedrock-errors';

const bedrock = lazySdk<typeof import('@aws-sdk/client-bedrock-runtime')>(import.meta.url, '@aws-sdk/client-bedrock-runtime');
const smithyHttp = lazySdk<typeof import('@smithy/node-http-handler')>(import.meta.url, '@smithy/node-http-handler');

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
    requestHandler: new (smithyHttp().NodeHttpHandler)({ connectionTimeout: 10_000 }),
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
export class BedrockProvider extends SdkLlmProvider<BedrockConfig, BedrockRuntimeClient> {
  readonly type = BEDROCK_TYPE;
  readonly description = 'Anthropic Claude on AWS Bedrock (Converse API)';
  readonly configSchema = bedrockConfigSchema;
  readonly secretFields = BEDROCK_SECRET_FIELDS;
  readonly endpointFields = BEDROCK_ENDPOINT_FIELDS;

  /** The access key id is not masked on reads, but is kept out of messages and logs too. */
  protected scrubbedFields(): readonly string[] {
    return [...this.secretFields, 'accessKeyId'];
  }

  protected clientKey(config: BedrockConfig, endpoint: string | undefined): unknown {
    return {
      region: config.region, endpoint, accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey,
      sessionToken: config.sessionToken, apiKey: config.apiKey,
    };
  }

  protected createClient(config: BedrockConfig, endpoint: string | undefined): BedrockRuntimeClient {
    return new (bedrock().BedrockRuntimeClient)(bedrockClientConfig(config, endpoint));
  }

  protected async send({ client, config, request, signal }: SdkCall<BedrockConfig, BedrockRuntimeClient>): Promise<LlmResponse> {
    const output = await client.send(new (bedrock().ConverseCommand)(toConverseInput(config.modelName, request)), {
      abortSignal: signal,
      requestTimeout: request.timeoutMs,
    });
    return fromConverseOutput(output);
  }

  protected classifyError(err: unknown, call: FailedCall): LlmError {
    return classifyBedrockError(err, call);
  }
}
