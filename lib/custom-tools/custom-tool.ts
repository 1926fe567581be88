/**
 * Wraps a flow's custom tool into a ToolDefinition. Its javascript runs inside
 * the page through the session (never in the service process); the
 * parameters are checked against its inputSchema before it runs, by
 * `checkParams`: a `pattern` runs in a worker thread and the check waits for
 * it without holding the event loop (lib/tool-calls/tool-call-check.ts).
 */
import * as v from 'valibot';
import type { ToolDefinition } from '../tool-calls/tool-contract';
import type { CustomTool } from '../../kernel/flows/flow-types';
import { validateJsonSchemaAsync } from '../json-schema/json-schema';

/** The ToolDefinition of one custom tool. */
export function customToolDefinition(tool: CustomTool): ToolDefinition<Record<string, unknown>> {
  return {
    name: tool.name,
    description: tool.description,
    kind: 'action',
    jsonSchema: tool.inputSchema,
    inputSchema: v.record(v.string(), v.unknown(), 'expected an object'),
    checkParams: (params) => validateJsonSchemaAsync(tool.inputSchema, params),
    async run(ctx, params) {
      const data = await ctx.session.evaluate(tool.javascript, params);
      // Redacted before it is cut: a cut secret could no longer be recognised whole.
      const text = data === undefined ? 'no value' : JSON.stringify(data) ?? String(data);
      const shown = truncate(ctx.redact ? ctx.redact(text) : text, 200);
      return { message: `Custom tool ${tool.name} returned ${shown}`, data: data === undefined ? null : data };
    },
  };
}

function truncate(s: string, n: number): string {
  return s.length > n ? s.slice(0, n) + '…' : s;
}
