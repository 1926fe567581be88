/**
 * One MCP tool per browser tool of GET /api/tools (built-in, plugin and
 * custom tools alike, with the same JSON Schemas), each taking the extra
 * arguments `flowId` and `screenshot`. A call queues the tool on the
 * session's INSTRUCT flow through the API, waits for its outcome and answers
 * it with the observation of the page after it.
 */
import * as v from 'valibot';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { BrowserflowApi } from './api-client';
import { hasEnded, type ApiTool } from './api-types';
import { describeCall, withObservation } from './answers';
import { FlowIdArg, errorResult, firstIssue, type McpTool } from './tool-kit';
import { waitForToolCall } from './wait';

/** Browser tools left out: flow_finish ends a flow with a clearer contract. */
const REPLACED = new Set(['markObjectiveComplete', 'markObjectiveNotCompletable']);

/** The arguments every browser tool adds to its own. */
const ExtraArgs = v.object({
  flowId: v.optional(FlowIdArg),
  screenshot: v.optional(v.boolean()),
});

/** Short on purpose: repeated in every browser tool's schema (the server's instructions say the rest). */
const EXTRA_PROPERTIES = {
  flowId: { type: 'string', description: 'Default: the session\'s live flow' },
  screenshot: { type: 'boolean', description: 'Add a PNG of the page' },
};

/** The MCP version of one API tool; null when it cannot be offered (replaced, or its own parameters use the extra names). */
export function browserTool(tool: ApiTool): McpTool | null {
  const schema = tool.inputSchema as { properties?: Record<string, unknown>; required?: string[] };
  const own = schema.properties ?? {};
  if (REPLACED.has(tool.name) || 'flowId' in own || 'screenshot' in own) return null;
  const takesSelector = Object.keys(own).some((k) => k === 'selector' || k === 'target');
  return {
    name: tool.name,
    description: `${tool.description}${takesSelector ? ' Element: ref=N or a selector.' : ''}`,
    inputSchema: { ...schema, type: 'object', properties: { ...own, ...EXTRA_PROPERTIES } },
    annotations: { openWorldHint: true },
    async call(args, ctx) {
      const { flowId: givenId, screenshot, ...parameters } = args;
      const extra = v.safeParse(ExtraArgs, { flowId: givenId, screenshot });
      if (!extra.success) return errorResult(`Invalid arguments: ${firstIssue(extra.issues)}`);
      const flowId = await ctx.flows.target(extra.output.flowId);
      return act(ctx.api, flowId, tool.name, parameters, extra.output.screenshot ?? false, ctx.signal, (ended) => ended && ctx.flows.markEnded(flowId));
    },
  };
}

/** Queues `name` on the flow, waits for it, answers its outcome and the page after it. */
export async function act(
  api: BrowserflowApi, flowId: string, name: string, parameters: Record<string, unknown>, screenshot: boolean,
  signal: AbortSignal, noteEnded: (ended: boolean) => void,
): Promise<CallToolResult> {
  const { toolCallId } = await api.submitToolCall(flowId, name, parameters);
  const { call, flow } = await waitForToolCall(api, flowId, toolCallId, signal);
  noteEnded(hasEnded(flow));
  const lead = call ? describeCall(call) : `… ${name}: the flow ended before running it`;
  return withObservation(api, flow, lead, screenshot, !call?.outcome?.success);
}
