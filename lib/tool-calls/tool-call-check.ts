/**
 * The one check of a tool call before it runs, used by flow creation
 * (`toolCallsOnStart`), INSTRUCT submissions and the actor itself (calls
 * chosen by the model): the tool exists, its parameters match its schema in
 * their placeholder form, and every `${NAME}` is one of the flow's envVars.
 * Asynchronous: a custom tool's `pattern` runs in a worker thread, and the
 * check waits for it without holding the event loop.
 */
import * as v from 'valibot';
import type { ToolDefinition } from './tool-contract';
import { describeIssue } from '../validation/validation';
import { findPlaceholders } from '../redaction/env-placeholders';
import type { ToolCallInput } from '../../kernel/flows/flow-types';

/** A call that may run (`params` parsed, defaults applied, placeholders kept), or the problem as `field: message`. */
export type ToolCallCheck =
  | { ok: true; tool: ToolDefinition; params: Record<string, unknown> }
  | { ok: false; problem: string };

/**
 * Checks `input` against the flow's tools and envVars. `problem` names the
 * field relative to the call (`name: ...`, `parameters.url: ...`,
 * `parameters: ...`), so callers prefix it with where the call came from.
 */
export async function checkToolCall(tools: ReadonlyMap<string, ToolDefinition>, envVars: readonly string[], input: ToolCallInput): Promise<ToolCallCheck> {
  const tool = tools.get(input.name);
  if (!tool) return { ok: false, problem: `name: unknown tool "${input.name}" (see GET /api/tools, or define it in customTools)` };
  const res = v.safeParse(tool.inputSchema, input.parameters ?? {});
  if (!res.success) return { ok: false, problem: `parameters.${describeIssue(res.issues[0]!)}` };
  const problem = await tool.checkParams?.(res.output);
  if (problem) return { ok: false, problem: `parameters.${problem}` };
  // Every unlisted name at once: fixing them one request at a time helps no one.
  const unlisted = [...findPlaceholders(input.parameters)].filter((name) => !envVars.includes(name));
  if (unlisted.length === 1) return { ok: false, problem: `parameters: \${${unlisted[0]}} is used but "${unlisted[0]}" is not listed in envVars` };
  if (unlisted.length > 1) return { ok: false, problem: `parameters: ${unlisted.map((n) => `\${${n}}`).join(', ')} are used but not listed in envVars` };
  return { ok: true, tool, params: res.output as Record<string, unknown> };
}
