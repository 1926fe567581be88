/**
 * GPT configuration body of type `GOOGLE_VERTEX` (every field but `type`):
 * Gemini models on Vertex AI. Credentials: `accessToken` (a pre-issued OAuth
 * token), else `serviceAccountKey` (the JSON key file's text), else
 * application default credentials.
 */
import * as v from 'valibot';
import {
  baseUrlField, keyField, nameField, optionalApiKeyField, priceConfigEntries, visionField,
} from '../../../lib/llm/config-fields';

/** GPT configuration `type` this plugin serves. */
export const VERTEX_TYPE = 'GOOGLE_VERTEX';

/** Whether `text` is a service-account key: a JSON object with client_email and private_key. */
function isServiceAccountKey(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return typeof parsed === 'object' && parsed !== null
      && typeof parsed.client_email === 'string' && typeof parsed.private_key === 'string';
  } catch {
    return false;
  }
}

/**
 * Strict schema of a `GOOGLE_VERTEX` configuration body. `apiKey` is
 * accepted (and masked) but not used: Vertex authenticates with OAuth.
 */
export const vertexConfigSchema = v.strictObject({
  modelName: nameField,
  project: nameField,
  location: nameField,
  serviceAccountKey: v.optional(v.pipe(
    keyField,
    v.check(isServiceAccountKey, 'must be the JSON text of a service-account key (client_email, private_key)'),
  )),
  accessToken: v.optional(keyField),
  /** Endpoint override (the SDK appends `/v1beta1/projects/...`). */
  baseUrl: baseUrlField,
  apiKey: optionalApiKeyField,
  vision: visionField,
  ...priceConfigEntries,
});

/** A `GOOGLE_VERTEX` configuration body after validation. */
export type VertexConfig = v.InferOutput<typeof vertexConfigSchema>;

/** Fields masked on every read. */
export const VERTEX_SECRET_FIELDS = ['serviceAccountKey', 'accessToken', 'apiKey'] as const;

/** Fields that decide where the secrets are sent: a masked secret is kept only while they are unchanged. */
export const VERTEX_ENDPOINT_FIELDS = ['project', 'location', 'baseUrl'] as const;
