/**
 * The JSON Schema of a built-in tool as the model is offered it: the schema
 * GET /api/tools serves, less what only validation needs. Tool definitions
 * are sent with every step and were 2,112 o200k tokens for the 24 built-ins,
 * more than the observation of most pages; the model never benefits from
 * length limits, `additionalProperties: false` or the failover array form of
 * a selector (it answers one ref). Ranges (`minimum`, `maximum`) and enums
 * stay: they tell the model what it may ask for. Every call is still validated against the
 * full schema, and a violation goes back to the model as the call's error.
 * Custom tools keep the schema their author wrote.
 */
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { toolJsonSchema } from '../../../lib/json-schema/tool-json-schema';

/** Keywords only validation needs: the model chooses a call the same without them. */
const VALIDATION_ONLY = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'additionalProperties']);
/** Keywords whose value is a schema, or a list of schemas. */
const SUBSCHEMAS = new Set(['items', 'anyOf', 'oneOf', 'allOf', 'not']);

type Schema = Record<string, unknown>;

const isSchema = (value: unknown): value is Schema => !!value && typeof value === 'object' && !Array.isArray(value);

function compact(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compact);
  if (!isSchema(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (VALIDATION_ONLY.has(key)) continue;
    if (key === 'required' && Array.isArray(value) && value.length === 0) continue;
    // Property names are names, not keywords: only their schemas are compacted.
    if (key === 'properties' && isSchema(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, compact(sub)]));
    else out[key] = SUBSCHEMAS.has(key) ? compact(value) : value;
  }
  return out;
}

const cache = new WeakMap<ToolDefinition, Schema>();

/**
 * The schema offered to the model for `tool`. Element parameters
 * (`elementParams`) become a plain string: the system prompt says a ref
 * (`ref=12`) or a Playwright selector goes there.
 */
export function modelToolSchema(tool: ToolDefinition): Schema {
  if (tool.jsonSchema) return tool.jsonSchema;
  const cached = cache.get(tool);
  if (cached) return cached;
  const schema = compact(toolJsonSchema(tool)) as Schema;
  const properties = schema.properties as Record<string, Schema> | undefined;
  for (const name of tool.elementParams ?? []) {
    if (properties?.[name]) properties[name] = { type: 'string' };
  }
  cache.set(tool, schema);
  return schema;
}
