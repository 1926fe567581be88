/**
 * The JSON Schema of a tool's input, derived from the same valibot schema
 * that validates the parameters: served by GET /api/tools, offered to the
 * LLM and to MCP clients, so all of them describe a tool the same way.
 */
import type * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { ToolDefinition } from '../tool-calls/tool-contract';

const schemaCache = new WeakMap<object, Record<string, unknown>>();

/** JSON Schema (object, without `$schema`) of a tool's input; a tool's own `jsonSchema` wins. */
export function toolJsonSchema(tool: ToolDefinition): Record<string, unknown> {
  if (tool.jsonSchema) return tool.jsonSchema;
  const cached = schemaCache.get(tool);
  if (cached) return cached;
  const schema = convert(tool.inputSchema as v.GenericSchema);
  schemaCache.set(tool, schema);
  return schema;
}

function convert(input: v.GenericSchema): Record<string, unknown> {
  try {
    const { $schema: _drop, ...schema } = toJsonSchema(input, { errorMode: 'ignore' }) as Record<string, unknown>;
    return schema;
  } catch {
    // A schema kind the converter does not know at all: say nothing rather than something false.
    return {};
  }
}
