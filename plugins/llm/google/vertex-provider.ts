/**
 * The `GOOGLE_VERTEX` provider: Gemini on Vertex AI through `@google/genai`
 * (vertexai mode). Auth: a pre-issued `accessToken`, else a
 * `serviceAccountKey`, else application default credentials.
 */
import type { GoogleGenAI, GoogleGenAIOptions } from '@google/genai';
import { genai, googleAuth } from './genai/sdk';
import { GenAiProvider, genAiHttpOptions } from './genai/genai-provider';
import { VERTEX_ENDPOINT_FIELDS, VERTEX_SECRET_FIELDS, VERTEX_TYPE, vertexConfigSchema, type VertexConfig } from './vertex-config';

/** OAuth scope Vertex AI needs. */
const CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** How the SDK authenticates for a configuration. */
export function vertexAuthOptions(config: VertexConfig): GoogleGenAIOptions['googleAuthOptions'] {
  if (config.accessToken) {
    const authClient = new (googleAuth().OAuth2Client)();
    authClient.setCredentials({ access_token: config.accessToken });
    return { authClient };
  }
  if (config.serviceAccountKey) return { credentials: JSON.parse(config.serviceAccountKey), scopes: [CLOUD_PLATFORM_SCOPE] };
  return { scopes: [CLOUD_PLATFORM_SCOPE] };
}

/** LLM provider for GPT configurations of type `GOOGLE_VERTEX`. */
export class VertexProvider extends GenAiProvider<VertexConfig> {
  readonly type = VERTEX_TYPE;
  readonly description = 'Google Gemini on Vertex AI (service-account key, access token or application default credentials)';
  readonly configSchema = vertexConfigSchema;
  readonly secretFields = VERTEX_SECRET_FIELDS;
  readonly endpointFields = VERTEX_ENDPOINT_FIELDS;
  protected readonly serviceName = 'Vertex AI';

  protected clientKey(config: VertexConfig, baseUrl: string | undefined): unknown {
    return {
      project: config.project, location: config.location, baseUrl,
      serviceAccountKey: config.serviceAccountKey, accessToken: config.accessToken,
    };
  }

  protected createClient(config: VertexConfig, baseUrl: string | undefined): GoogleGenAI {
    return new (genai().GoogleGenAI)({
      vertexai: true,
      project: config.project,
      location: config.location,
      googleAuthOptions: vertexAuthOptions(config),
      httpOptions: genAiHttpOptions(baseUrl),
    });
  }
}
