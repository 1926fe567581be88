/** valibot -> JSON Schema, tolerant of what JSON Schema cannot express (transforms, custom checks). */
import type * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';

/** JSON Schema dialects this plugin emits. */
export type JsonSchemaTarget = 'draft-07' | 'draft-2020-12';

/**
 * Converts a schema, skipping actions JSON Schema cannot express, and drops
 * the `$schema` keyword so the result can be embedded in a bigger document.
 * A nested schema found in `refs` (by identity) becomes `{$ref}` to the
 * address given there (an OpenAPI component); the root is always converted.
 */
export function toJsonSchemaObject(schema: v.GenericSchema, target: JsonSchemaTarget = 'draft-07',
  refs?: ReadonlyMap<unknown, string>): Record<string, unknown> {
  try {
    const overrideSchema = refs?.size
      ? ({ valibotSchema }: { valibotSchema: unknown }) => (valibotSchema !== schema && refs.has(valibotSchema) ? { $ref: refs.get(valibotSchema)! } : undefined)
      : undefined;
    const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: 'ignore', target, overrideSchema }) as Record<string, unknown>;
    return rest;
  } catch {
    // A schema kind the converter does not know at all: say nothing rather than something false.
    return {};
  }
}

/** The entries of an object schema, also when it is the root of a pipe; undefined for other schemas. */
export function objectEntries(schema: v.GenericSchema | undefined): Record<string, v.GenericSchema> | undefined {
  if (!schema) return undefined;
  const root = (schema as { pipe?: unknown[] }).pipe?.[0] ?? schema;
  const entries = (root as { entries?: Record<string, v.GenericSchema> }).entries;
  return entries && typeof entries === 'object' ? entries : undefined;
}

/** Whether an object entry may be left out. */
export function isOptionalEntry(schema: v.GenericSchema): boolean {
  const type = (schema as { type?: string }).type;
  return type === 'optional' || type === 'nullish' || type === 'exact_optional' || type === 'undefinedable';
}
