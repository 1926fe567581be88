/**
 * GPT configuration body of type `ANTHROPIC_AWS_BEDROCK` (every field but
 * `type`): Claude models through the Bedrock Converse API.
 */
import * as v from 'valibot';

/** GPT configuration `type` this plugin serves. */
export const BEDROCK_TYPE = 'ANTHROPIC_AWS_BEDROCK';

const name = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'));
const key = v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(10000, 'must be at most 10000 characters'));
const httpUrl = v.pipe(
  v.string(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.url('must be a URL'),
  v.regex(/^[Hh][Tt][Tt][Pp][Ss]?:\/\//, 'must be an http or https URL'),
);

/**
 * Strict schema of an `ANTHROPIC_AWS_BEDROCK` configuration body.
 * `accessKeyId` and `secretAccessKey` come together or not at all (then the
 * default AWS credential chain is used). `apiKey` is accepted so the spec's
 * `{ type, apiKey, modelName }` shape still validates, and is not used.
 */
export const bedrockConfigSchema = v.pipe(
  v.strictObject({
    /** Bedrock model id or inference profile, e.g. `anthropic.claude-3-5-sonnet-20240620-v1:0`. */
    modelName: name,
    region: name,
    accessKeyId: v.optional(name),
    secretAccessKey: v.optional(key),
    sessionToken: v.optional(key),
    /** Endpoint override (e.g. a VPC endpoint); http:// endpoints are spoken to over HTTP/1.1. */
    baseUrl: v.optional(httpUrl),
    apiKey: v.optional(v.pipe(v.string(), v.maxLength(10000, 'must be at most 10000 characters'))),
    vision: v.optional(v.boolean()),
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
