/** valibot schemas of the configuration resources' paths, bodies and answers. */
import * as v from 'valibot';
import { QueryBoolean } from '../../../lib/validation/validation';
import { OriginPatternsSchema } from '../../../lib/origins/origin-patterns';

/** GPT configuration names: 1..200 characters, starting with a letter or digit. */
export const GptConfigNameSchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200, 'must be at most 200 characters'),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must start with a letter or digit and contain only letters, digits, ".", "_" and "-"'),
  v.description('GPT configuration name: 1..200 characters of A-Z a-z 0-9 . _ -, starting with a letter or digit'),
);

/** Environment variable keys, shell style. */
export const EnvKeySchema = v.pipe(
  v.string(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(200, 'must be at most 200 characters'),
  v.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must match ^[A-Za-z_][A-Za-z0-9_]*$ (letters, digits and _, not starting with a digit)'),
  v.description('Variable name: ^[A-Za-z_][A-Za-z0-9_]*$, at most 200 characters'),
);

/** Largest env value accepted, in UTF-8 bytes. */
export const ENV_VALUE_MAX_BYTES = 64 * 1024;

export const GptConfigParams = v.strictObject({ name: GptConfigNameSchema });
export const EnvParams = v.strictObject({ key: EnvKeySchema });
export const AgentParams = v.strictObject({
  name: v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'), v.description('Agent name, e.g. flow-runner')),
});

/** Kinds of env variables: `plain` (typed as stored) or `totp` (a TOTP secret whose current code is typed). */
export const ENV_KINDS = ['plain', 'totp'] as const;
export type EnvVarKind = (typeof ENV_KINDS)[number];

export const EnvBody = v.strictObject({
  value: v.pipe(v.string(), v.maxBytes(ENV_VALUE_MAX_BYTES, `must be at most ${ENV_VALUE_MAX_BYTES} bytes`)),
  allowedOrigins: v.optional(v.nullable(v.pipe(OriginPatternsSchema, v.description(
    'Where the value may be used: scheme://host[:port], scheme://*.host[:port] for subdomains, or * for anywhere. Absent or null: the origin of the targetWebsite of the flow that uses it',
  )))),
  kind: v.pipe(v.optional(v.picklist(ENV_KINDS, `expected one of ${ENV_KINDS.join(', ')}`), 'plain'),
    v.description('`totp`: value is a base32 TOTP secret or an otpauth://totp/ URI, and ${KEY} types its current code (RFC 6238); default `plain`')),
});

export const AgentBody = v.strictObject({
  gptConfigName: v.pipe(
    v.nullable(v.pipe(v.string(), v.minLength(1, 'must not be empty'), v.maxLength(200, 'must be at most 200 characters'))),
    v.description('Name of an existing GPT configuration, or null to remove the assignment'),
  ),
});

/** A stored GPT configuration as answered: secret fields masked. */
export const MaskedGptConfig = v.pipe(
  v.looseObject({ type: v.string(), modelName: v.string() }),
  v.description('The configuration with every secret field masked (first 3 and last 4 characters, **** between)'),
);
export const GptConfigList = v.record(v.string(), MaskedGptConfig);
/** `allowedOrigins` as answered: the stored patterns, or null for "the flow's site". */
const AllowedOriginsAnswer = v.pipe(v.nullable(v.array(v.string())), v.description('Where the value may be used; null: the origin of the targetWebsite of the flow that uses it'));
export const EnvVar = v.object({
  key: v.string(),
  value: v.pipe(v.string(), v.description('The value; a `totp` variable\'s secret is shown only by GET /api/env/{key} (`****` in every other answer)')),
  kind: v.picklist(ENV_KINDS),
  allowedOrigins: AllowedOriginsAnswer,
});
export const EnvMap = v.record(v.string(), v.string());
/** GET /api/env?masked=true: every variable's masked value and its origins. */
export const MaskedEnvMap = v.record(v.string(), v.object({ value: v.literal('****'), kind: v.picklist(ENV_KINDS), allowedOrigins: AllowedOriginsAnswer }));
export const AgentAssignment = v.object({ name: v.string(), gptConfigName: v.nullable(v.string()) });
export const AgentMap = v.record(v.string(), v.nullable(v.string()));

/** GET /api/env query: `masked=true` lists the names with every value masked (nothing secret reaches the caller). */
export const EnvListQuery = v.strictObject({ masked: v.optional(QueryBoolean, false) });

/** The answer of POST /api/gpt-configs/{name}/test. */
export const ConnectionTestAnswer = v.object({
  ok: v.boolean(),
  latencyMs: v.number(),
  modelName: v.nullable(v.string()),
  error: v.nullable(v.object({ code: v.string(), message: v.string() })),
});
