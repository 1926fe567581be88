/**
 * The `GOOGLE_VERTEX` provider: Gemini on Vertex AI through `@google/genai`
 * (vertexai mode). Auth: a pre-issued `accessToken`, else a
 * `serviceAccountKey`, else application default credentials.
 */
import { GoogleGenAI, type GoogleGenAIOptions } from '@google/genai';
import { OAuth2Client } from 'google-auth-library';
import type { LlmProvider, LlmRequest, LlmResponse } from '../../../kernel/contracts/llm-provider';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import type { Logger } from '../../../kernel/logger';
import { VERTEX_SECRET_FIELDS, VERTEX_TYPE, vertexConfigSchema, type VertexConfig } from './config-schema';
import { toLlmError } from '../../../kernel/llm/genai/errors';
import { fromGenerateResponse, toContents, toGenerateConfig } from '../../../kernel/llm/genai/mapping';
import { CallDeadline, ClientCache, parseProviderConfig, secretValues } from '../../../kernel/llm/call-support';

/** OAuth scope Vertex AI needs. */
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** What the plugin hands the provider. */
export interface ProviderOptions {
  /** Plugin-level default endpoint; a configuration's own `baseUrl` wins. */
  baseUrl?: string;
  logger: Logger;
}

/** How the SDK authenticates for a configuration. */
export function vertexAuthOptions(config: VertexConfig): GoogleGenAIOptions['googleAuthOptions'] {
  if (config.accessToken) {
    const authClient = new OAuth2Client();
    authClient.setCredentials({ access_token: config.accessToken });
    return { authClient };
  }
  if (config.serviceAccountKey) return { credentials: JSON.parse(config.serviceAccountKey), scopes: [CLOUD_PLATFORM_SCOPE] };
  return { scopes: [CLOUD_PLATFORM_SCOPE] };
}

/** LLM provider for GPT configurations of type `GOOGLE_VERTEX`. */
export class VertexProvider implements LlmProvider {
  readonly type = VERTEX_TYPE;
  readonly description = 'Google Gemini on Vertex AI (service-account key, access token or application default credentials)';
  readonly configSchema = vertexConfigSchema;
  readonly secretFields = VERTEX_SECRET_FIELDS;
  private readonly clients = new ClientCache<GoogleGenAI>();

  constructor(private readonly options: ProviderOptions) {}

  supportsVision(config: GptConfigRecord): boolean {
    return typeof config.vision === 'boolean' ? config.vision : true;
  }

  async complete(record: GptConfigRecord, request: LlmRequest): Promise<LlmResponse> {
    const secrets = secretValues(record, this.secretFields);
    secrets.forEach((s) => this.options.logger.addSecret(s));
    const config = parseProviderConfig(this.configSchema, record);
    const deadline = new CallDeadline(request.timeoutMs, request.signal);
    try {
      const client = this.client(config, config.baseUrl ?? this.options.baseUrl);
      const { contents, systemInstruction } = toContents(request.messages);
      const response = await client.models.generateContent({
        model: config.modelName,
        contents,
        config: { ...toGenerateConfig(request, systemInstruction), abortSignal: deadline.signal },
      });
      return fromGenerateResponse(response, request);
    } catch (err) {
      throw toLlmError(err, deadline, secrets, 'Vertex AI');
    } finally {
      deadline.dispose();
    }
  }

  private client(config: VertexConfig, baseUrl: string | undefined): GoogleGenAI {
    const keyMaterial = {
      project: config.project, location: config.location, baseUrl,
      serviceAccountKey: config.serviceAccountKey, accessToken: config.accessToken,
    };
    return this.clients.get(keyMaterial, () => new GoogleGenAI({
      vertexai: true,
      project: config.project,
      location: config.location,
      googleAuthOptions: vertexAuthOptions(config),
      // attempts: 1 turns the SDK's own retries off: the kernel retries.
      httpOptions: { ...(baseUrl ? { baseUrl } : {}), retryOptions: { attempts: 1 } },
    }));
  }
}
