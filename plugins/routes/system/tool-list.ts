/** The `/api/tools` listing: every built-in tool with a JSON Schema of its input. */
import type { ToolDefinition } from '../../../lib/tool-calls/tool-contract';
import { toolJsonSchema } from '../../../lib/json-schema/tool-json-schema';
import type { ToolInfo } from '../../../lib/tool-calls/tool-info-schema';


/** Lists tools in contribution order; a tool's explicit `jsonSchema` wins over the derived one. */
export function listTools(groups: ToolDefinition[][]): ToolInfo[] {
  return groups.flat().map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: toolJsonSchema(tool),
  }));
}
