/**
 * What every MCP tool of browserflow is: a name, a description, a JSON
 * Schema, and a call that answers MCP content. Tools of the server itself
 * validate their arguments with valibot (the JSON Schema they list is
 * derived from the same schema); browser tools are validated by the API.
 */
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { describeIssue } from '../validation/validation';
import type { BrowserflowApi } from './api-client';
import type { SessionFlows } from './session-flows';

/** What a tool call can use. */
export interface McpToolContext {
  api: BrowserflowApi;
  flows: SessionFlows;
  /** Aborted when the client cancels the request or the session closes. */
  signal: AbortSignal;
  /** Folder the zipped projects are written to (the service's data dir), when known. */
  projectDir?: string;
  /**
   * Offers more tools to this session (a flow's custom tools) and tells the
   * client its tool list changed. A name already offered is kept as it is.
   */
  addTools(tools: McpTool[]): Promise<void>;
  /** Reports progress to a client that asked for it (`_meta.progressToken`); a no-op otherwise. */
  progress(progress: number, total: number | undefined, message: string): Promise<void>;
}

/** One MCP tool. */
export interface McpTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown> & { type: 'object' };
  annotations?: ToolAnnotations;
  call(args: Record<string, unknown>, ctx: McpToolContext): Promise<CallToolResult>;
}

/** A text block. */
export const text = (value: string) => ({ type: 'text' as const, text: value });

/** A tool error the model reads (the call ran, and failed). */
export function errorResult(message: string): CallToolResult {
  return { content: [text(message)], isError: true };
}

/** The first valibot issue as `field: problem`, the way the REST API words it. */
export function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  return describeIssue(issues[0]!);
}

/** JSON Schema of a valibot object schema, for tools/list (draft-07, no `$schema`). */
export function objectJsonSchema(schema: v.GenericSchema): Record<string, unknown> & { type: 'object' } {
  const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: 'ignore' }) as Record<string, unknown>;
  return { ...rest, type: 'object' };
}

/** A tool of the MCP server itself: arguments validated against `schema` before `run`. */
export function defineTool<S extends v.GenericSchema>(def: {
  name: string;
  description: string;
  schema: S;
  annotations?: ToolAnnotations;
  run(args: v.InferOutput<S>, ctx: McpToolContext): Promise<CallToolResult>;
}): McpTool {
  return {
    name: def.name,
    description: def.description,
    inputSchema: objectJsonSchema(def.schema),
    annotations: def.annotations,
    async call(args, ctx) {
      const parsed = v.safeParse(def.schema, args, { abortPipeEarly: true });
      if (!parsed.success) return errorResult(`Invalid arguments: ${firstIssue(parsed.issues)}`);
      return def.run(parsed.output, ctx);
    },
  };
}

/** Optional `flowId` (a flow id as the API gives it; the API answers FLOW_NOT_FOUND for any other). */
export const FlowIdArg = v.pipe(v.string(), v.minLength(1), v.maxLength(100), v.description('The flow id (flow_start answers it); may be left out when this session has exactly one live flow'));

/** `language` of the exports. */
export const LanguageArg = v.pipe(v.picklist(['javascript', 'typescript'], 'expected javascript or typescript'), v.description('Language of the generated test (default javascript)'));
