/**
 * GET /api/flows/{id}/events: Server-Sent Events. Past events are replayed
 * first (from memory for live flows, rebuilt from storage for finished ones),
 * then live events (and live `frame` pictures, never replayed); the stream ends after `done`. A disconnecting client
 * unsubscribes at once.
 */
import type { RouteRequest, RouteResult } from '../../../lib/http/route-contract';
import type { Storage } from '../../../kernel/contracts/storage';
import type { FlowEvent, FlowEvents } from '../../../kernel/contracts/flow-events';
import { isTerminal, type FlowMetadata } from '../../../kernel/flows/flow-types';
import { flowOutputView, type FlowOutputView } from './flow-output';
import type { SubscriberLimits } from './subscriber-limits';
import { FRAME_SKIP_BYTES } from './sse-backpressure';

/** Writes one event as the client sees it: credentials of the flow's browser settings masked (`done`'s flow, tool calls). */
function write(res: RouteRequest['res'], event: FlowEvent, id: number, view: FlowOutputView): void {
  const shown = event.type === 'done' ? { ...event, flow: flowOutputView(event.flow).flow } : view.redact(event);
  const { type, ...data } = shown;
  // Never dropped for a slow reader: the history is written at once on connecting and may be megabytes (frames are, below).
  res.write(`id: ${id}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/**
 * A live `frame` (the active tab's newest picture): no id, since frames are
 * never replayed and must not shift the numbering of the events that are;
 * skipped while the client is behind (sse-backpressure.ts).
 */
function writeFrame(res: RouteRequest['res'], event: FlowEvent & { type: 'frame' }, view: FlowOutputView): void {
  if (res.writableLength > FRAME_SKIP_BYTES) return;
  const { type, ...data } = view.redact(event);
  res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Rebuilds the history of a finished flow whose in-memory events have expired. */
async function storedHistory(flow: FlowMetadata, storage: Storage): Promise<FlowEvent[]> {
  const calls = await storage.toolCalls.list(flow.id);
  const out: FlowEvent[] = [];
  for (const call of calls) {
    out.push({ type: 'toolCall', flowId: flow.id, phase: 'finished', toolCall: call, at: call.completedAt ?? call.startedAt });
    if (call.screenshotImageId) out.push({ type: 'screenshot', flowId: flow.id, imageId: call.screenshotImageId, toolCallId: call.id, at: call.completedAt ?? call.startedAt });
  }
  out.push({ type: 'tokenUsage', flowId: flow.id, tokenUsage: flow.tokenUsage, at: flow.completedAt ?? Date.now() });
  out.push({ type: 'state', flowId: flow.id, state: flow.state, nextState: null, runMode: flow.runMode, waitingFor: null, at: flow.completedAt ?? Date.now() });
  out.push({ type: 'done', flowId: flow.id, flow, at: flow.completedAt ?? Date.now() });
  return out;
}

export async function streamEvents(req: RouteRequest, flow: FlowMetadata, events: FlowEvents, storage: Storage, limits: SubscriberLimits): Promise<RouteResult> {
  const { res } = req;
  // Before anything is written: past a limit the answer is a plain 429.
  const release = limits.acquire(flow.id);
  res.once('close', release);
  const view = flowOutputView(flow);
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(': browserflow events\n\n');
  let seq = 0;
  let ended = false;
  const end = () => { if (!ended) { ended = true; res.end(); } };
  // Subscribe before replaying, buffering live events, so nothing falls in the gap.
  const pending: FlowEvent[] = [];
  let replaying = true;
  const unsubscribe = events.subscribe(flow.id, (event) => {
    if (ended) return;
    if (event.type === 'frame') { if (!replaying) writeFrame(res, event, view); return; }
    if (replaying) { pending.push(event); return; }
    write(res, event, seq++, view);
    if (event.type === 'done') { unsubscribe(); end(); }
  });
  const heartbeat = setInterval(() => { if (!ended) res.write(': keep-alive\n\n'); }, 15_000);
  heartbeat.unref();
  req.raw.on('close', () => { unsubscribe(); clearInterval(heartbeat); ended = true; });

  let past = events.replay(flow.id);
  if (!past.length) {
    const current = await storage.flows.get(flow.id);
    if (current && isTerminal(current.state)) past = await storedHistory(current, storage);
  }
  const seen = new Set(past);
  for (const e of past) write(res, e, seq++, view);
  replaying = false;
  let done = past.some((e) => e.type === 'done');
  for (const e of pending) {
    if (seen.has(e) || done) continue;
    write(res, e, seq++, view);
    if (e.type === 'done') done = true;
  }
  if (done) { unsubscribe(); clearInterval(heartbeat); end(); }
  return { handled: true };
}
