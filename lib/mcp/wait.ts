/**
 * Waiting on the API for a queued tool call to finish or a flow to reach a
 * state, by polling (short at first, then every 200 ms): no event stream is
 * held open per MCP call, and a flow that ends early (cancelled, idle
 * timeout, crashed browser) ends the wait too.
 */
import type { BrowserflowApi } from './api-client';
import { hasEnded, type ApiFlow, type ApiToolCall } from './api-types';
import { sleep } from '../async/timing';

/** Delays between polls, in ms; the last one repeats. */
const DELAYS = [20, 40, 80, 120, 200];


/** Polls until `done(flow)` holds; answers that flow. Stops with the signal (the MCP request was cancelled). */
export async function waitForFlow(api: BrowserflowApi, flowId: string, done: (flow: ApiFlow) => boolean, signal?: AbortSignal): Promise<ApiFlow> {
  for (let i = 0; ; i++) {
    const flow = await api.flow(flowId);
    if (done(flow)) return flow;
    await sleep(DELAYS[Math.min(i, DELAYS.length - 1)]!, signal);
  }
}

/**
 * Polls until the call has an outcome, or the flow ended without running it
 * (`call` null or without outcome then). Answers the call and the flow after it.
 */
export async function waitForToolCall(api: BrowserflowApi, flowId: string, toolCallId: string, signal?: AbortSignal): Promise<{ call: ApiToolCall | null; flow: ApiFlow }> {
  for (let i = 0; ; i++) {
    const call = await api.toolCall(flowId, toolCallId);
    // The flow leaves RUNNING_ACTION after recording the outcome: read it for the state the answer shows.
    const flow = call?.outcome ? await waitForFlow(api, flowId, (f) => f.state !== 'RUNNING_ACTION', signal) : await api.flow(flowId);
    if (call?.outcome) return { call, flow };
    if (hasEnded(flow)) return { call: await api.toolCall(flowId, toolCallId), flow };
    await sleep(DELAYS[Math.min(i, DELAYS.length - 1)]!, signal);
  }
}
