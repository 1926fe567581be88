/**
 * The body of POST /api/gpt-configs/{name}: `{ type, ...fields }`, one
 * shape per loaded LLM provider. Built as a valibot `variant` on `type`, so
 * an unknown type names `type` and the known ones, and each provider's strict
 * schema rejects unknown fields; the same schema feeds the OpenAPI document.
 */
import * as v from 'valibot';
import type { LlmProvider } from '../../../lib/llm/provider-contract';
import type { GptConfigRecord } from '../../../kernel/contracts/storage';
import { describeIssue } from '../../../lib/validation/validation';

const OBJECT_TYPES = new Set(['object', 'strict_object', 'loose_object']);

type AnySchema = v.GenericSchema & { type: string; pipe?: unknown[]; entries?: v.ObjectEntries; message?: never };
const pipeOf = v.pipe as unknown as (...items: unknown[]) => v.GenericSchema;

/** The provider's config schema with `type: literal(provider.type)` added. */
function withTypeField(provider: LlmProvider): v.GenericSchema {
  const schema = provider.configSchema as AnySchema;
  const root = (schema.pipe?.[0] ?? schema) as AnySchema;
  const type = v.literal(provider.type);
  if (root.entries && OBJECT_TYPES.has(root.type)) {
    const entries = { type, ...root.entries };
    const base = root.type === 'strict_object' ? v.strictObject(entries, root.message)
      : root.type === 'loose_object' ? v.looseObject(entries, root.message)
        : v.object(entries, root.message);
    return schema.pipe ? pipeOf(base, ...schema.pipe.slice(1)) : base;
  }
  // Not an object schema: validate the body minus `type` with it as it is.
  return v.pipe(
    v.looseObject({ type }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const { type: _type, ...rest } = dataset.value as Record<string, unknown>;
      const result = v.safeParse(provider.configSchema, rest);
      if (!result.success) for (const issue of result.issues) addIssue({ message: describeIssue(issue), path: issue.path as never });
    }),
  );
}

/** A body the schema accepted: a provider's configuration (`type`, `modelName` and its own fields). */
export type GptConfigBodySchema = v.GenericSchema<unknown, GptConfigRecord>;

/**
 * One schema accepting every provider's configuration body. Its output is a
 * GptConfigRecord: each provider's schema requires `modelName`, and `type`
 * is the variant's key (the provider contract's config schemas are typed
 * only as valibot schemas, hence the one cast at the end).
 */
export function gptConfigBodySchema(providers: readonly LlmProvider[]): GptConfigBodySchema {
  if (providers.length === 0) {
    // An empty variant would report the unhelpful "unknown field".
    return v.pipe(
      v.record(v.string(), v.unknown()),
      v.rawCheck(({ addIssue }) => addIssue({ message: 'type: no GPT configuration type is available: no LLM provider plugin is loaded (add one to the config file)' })),
    ) as unknown as GptConfigBodySchema;
  }
  const known = providers.map((p) => p.type).join(', ');
  return v.variant('type', providers.map(withTypeField) as never, (issue) => (issue.path?.length
    ? `unknown GPT configuration type ${issue.received}; known types: ${known}`
    : `expected an object, received ${issue.received}`)) as unknown as GptConfigBodySchema;
}
