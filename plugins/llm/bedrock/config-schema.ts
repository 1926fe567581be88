/**
 * GPT configuration body of type `ANTHROPIC_AWS_BEDROCK` (every field but
 * `type`): Claude models through the Bedrock Converse API.
 */
import * as v from 'valibot';
import {
  baseUrlField, keyField, nameField, optionalApiKeyField, priceConfigEntries, visionField,
} from '../../../lib/llm/config-fields';

/** GPT configuration `type` this plugin serves. */
export const BEDROCK_TYPE = 'ANTHROPIC_AWS_BEDROCK';

/**
 * Strict schema of an `ANTHROPIC_AWS_BEDROCK` configuration body.
 * `accessKeyId` and `secretAccessKey` come together or not at all (then the
 * default AWS credential chain is used). `apiKey` is accepted so the spec's
 * `{ type, apiKey, modelName }` shape still validates, and is not used.
 */
export const bedrockConfigSchema = v.pipe(
  v.strictObject({
    /** Bedrock model id or inference profile, e.g. `anthropic.claude-3-5-sonnet-20240620-v1:0`. */
    modelName: nameField,
    region: nameField,
    accessKeyId: v.optional(nameField),
    secretAccessKey: v.optional(keyField),
    sessionToken: v.optional(keyField),
    /** Endpoint override (e.g. a VPC endpoint); http:// endpoints are spoken to over HTTP/1.1. */
    baseUrl: baseUrlField,
    apiKey: optionalApiKeyField,
    vision: visionField,
    ...priceConfigEntries,
  }),
  v.forward(
    v.check(
      (c) => (c.accessKeyId === undefined) === (c.secretAccessKey === undefined),
      'accessKeyId and secretAccessKey must be given together',
    ),
    ['secretAccessKey'],
  ),
  v.forward(
    v.check((c) => c.sessionToken === undefined || c.accessKeyId !== undefined, 'sessionToken needs accessKeyId and secretAccessKey'),
    ['sessionToken'],
  ),
);

/** An `ANTHROPIC_AWS_BEDROCK` configuration body after validation. */
export type BedrockConfig = v.InferOutput<typeof bedrockConfigSchema>;

/** Fields masked on every read. */
export const BEDROCK_SECRET_FIELDS = ['secretAccessKey', 'sessionToken', 'apiKey'] as const;

/** Fields that decide where the secrets are sent: a masked secret is kept only while they are unchanged. */
export const BEDROCK_ENDPOINT_FIELDS = ['region', 'baseUrl'] as const;
