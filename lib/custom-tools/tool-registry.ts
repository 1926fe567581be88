/**
 * The tools a flow may call: the built-ins of every tool plugin plus the
 * flow's own custom tools (their JSON Schemas: lib/json-schema).
 */
import type { ToolDefinition } from '../tool-calls/tool-contract';
import type { CustomTool } from '../../kernel/flows/flow-types';
import { customToolDefinition } from './custom-tool';

/** Built-in tools by name. */
export class ToolRegistry {
  readonly builtins: ReadonlyMap<string, ToolDefinition>;

  constructor(groups: ToolDefinition[][]) {
    const map = new Map<string, ToolDefinition>();
    for (const group of groups) for (const tool of group) {
      if (map.has(tool.name)) throw new Error(`Two tool plugins define the tool "${tool.name}"`);
      map.set(tool.name, tool);
    }
    this.builtins = map;
  }

  /** Built-ins plus the flow's custom tools (a custom tool may not shadow a built-in: checked at creation). */
  forFlow(customTools: CustomTool[]): Map<string, ToolDefinition> {
    const map = new Map(this.builtins);
    for (const c of customTools) map.set(c.name, customToolDefinition(c));
    return map;
  }
}
