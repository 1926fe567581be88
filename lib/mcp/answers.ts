/**
 * The texts MCP answers are made of: a flow in one line, a tool call's
 * outcome, the observation of the page. Short on purpose: every token here
 * is paid for in the client's context, at every step. Everything shown comes
 * from the API, which has already redacted env values.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiRequestError, type BrowserflowApi } from './api-client';
import { hasEnded, type ApiFlow, type ApiToolCall } from './api-types';
import { errorResult, text } from './tool-kit';

/** Longest `data` of an outcome shown, in characters (extractText is already cut by the service). */
const MAX_DATA_CHARS = 4_000;

/** `flow 3f0c… "login" SUCCESS: 4 ok, 1 failed of 50; summary` */
export function describeFlow(flow: ApiFlow): string {
  const p = flow.progress;
  let line = `flow ${flow.id} "${flow.name}" ${flow.state} (${flow.runMode}): ${p.toolCallsCompleted} ok, ${p.toolCallsFailed} failed of ${p.maxToolCalls}`;
  const r = flow.result;
  if (r?.error) line += `; ${r.error.code}: ${r.error.message}`;
  else if (r?.summary) line += `; ${r.summary}`;
  return line;
}

/** `✓ click: Clicked ref=12` plus its data, or `✗ click failed: ...`. */
export function describeCall(call: ApiToolCall): string {
  const o = call.outcome;
  if (!o) return `… ${call.name}: did not finish`;
  let line = `${o.success ? '✓' : '✗'} ${call.name}${o.success ? '' : ' failed'}: ${o.message}`;
  if (o.data !== null && o.data !== undefined) {
    const data = typeof o.data === 'string' ? o.data : JSON.stringify(o.data);
    line += `\n${data.length > MAX_DATA_CHARS ? `${data.slice(0, MAX_DATA_CHARS)}…` : data}`;
  }
  return line;
}

/**
 * `lead` followed by the page after it (the compact observation, and the
 * screenshot as MCP image content when asked), or the end of the flow when
 * it has ended. `isError` marks a failed action, so the client's model
 * treats it as one and recovers.
 */
export async function withObservation(api: BrowserflowApi, flow: ApiFlow, lead: string, screenshot: boolean, isError = false): Promise<CallToolResult> {
  if (hasEnded(flow)) return { content: [text(`${lead}\nThe flow has ended: ${describeFlow(flow)}`)], isError };
  try {
    const seen = await api.observation(flow.id, screenshot);
    const content: CallToolResult['content'] = [text(`${lead}\n${seen.text}`)];
    if (seen.screenshot) content.push({ type: 'image', data: seen.screenshot, mimeType: 'image/png' });
    return { content, isError };
  } catch (err) {
    // Ended between the action and the observation: say so rather than fail the call.
    if (err instanceof ApiRequestError && err.code === 'FLOW_NOT_ACTIVE') {
      return { content: [text(`${lead}\nThe flow has ended: ${describeFlow(await api.flow(flow.id))}`)], isError };
    }
    throw err;
  }
}

/** An API error as the model reads it: `CODE: message`, with a hint for the usual mistakes. */
export function apiErrorResult(err: ApiRequestError): CallToolResult {
  const hint = err.code === 'FLOW_STILL_RUNNING' ? ' (end it first with flow_finish)'
    : err.code === 'FLOW_NOT_ACTIVE' ? ' (the flow has ended or cannot take this now; flow_status tells its state)' : '';
  return errorResult(`${err.code}: ${err.message}${hint}`);
}
