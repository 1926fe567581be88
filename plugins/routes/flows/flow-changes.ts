/**
 * GET /api/events: one Server-Sent Events stream of what changes among all
 * flows, so a list of flows stays current without polling (the web UI's
 * Flows page). Live only, no history: read the list (GET /api/flows), then
 * follow; after a reconnect, read it again.
 *
 * Events, each `{flowId, at}`:
 * - `created`: a flow was created (its first `state` comes when it starts);
 * - `state`: its state, nextState or runMode changed (carried as
 *   `state`, `nextState`, `runMode`);
 * - `progress`: a tool call finished or its token usage grew;
 * - `renamed`, `deleted`: a finished flow was renamed or deleted;
 * and the changes of other plugins' records (CHANGE_FEEDS, lib/http/change-feed.ts):
 * `run`, `heal`, `suite` from the runs plugin (docs/runs.md).
 * Nothing a flow holds that may be secret or personal is sent (no names,
 * URLs, `waitingFor`, parameters): a client reads those through the API,
 * which masks them.
 */
import type { RouteRequest, RouteResult } from '../../../lib/http/route-contract';
import type { ChangeFeed, FeedChange } from '../../../lib/http/change-feed';
import type { FlowEvent, FlowEvents } from '../../../kernel/contracts/flow-events';
import type { FlowState, RunMode } from '../../../kernel/flows/flow-types';
import type { SubscriberLimits } from './subscriber-limits';
import { writeOrLetGo } from './sse-backpressure';

/** One change among all flows, as GET /api/events sends it. */
export type FlowChange =
  | { type: 'created' | 'progress' | 'renamed' | 'deleted'; flowId: string; at: number }
  | { type: 'state'; flowId: string; state: FlowState; nextState: FlowState | null; runMode: RunMode; at: number }
  // Another plugin's record (CHANGE_FEEDS: runs, heal proposals...).
  | FeedChange;

/** How often an idle stream sends a comment, so proxies and clients see it is alive. */
const HEARTBEAT_MS = 15_000;

/**
 * Every flow's changes as FLOW_EVENTS reports them (the flows' runs, and the
 * Flows facade's `created`, `renamed`, `deleted`), beside the CHANGE_FEEDS of
 * other plugins; one per plugin instance.
 */
export class FlowChanges {
  /** `feeds`: the CHANGE_FEEDS other plugins provide, sent beside the flows' changes. */
  constructor(private readonly events: FlowEvents, private readonly feeds: ChangeFeed[] = []) {}

  /** Follows every change, the flows' and the feeds'; returns the unsubscribe function. */
  subscribe(listener: (change: FlowChange) => void): () => void {
    const fromFlows = this.events.subscribeAll((event) => {
      const change = fromFlowEvent(event);
      if (change) listener(change);
    });
    const fromFeeds = this.feeds.map((feed) => feed.subscribe(listener));
    return () => {
      fromFlows();
      for (const off of fromFeeds) off();
    };
  }

  /** Serves GET /api/events: the stream until the client goes (past the subscriber limits, 429 before anything is written). */
  stream(req: RouteRequest, limits: SubscriberLimits): RouteResult {
    const { res } = req;
    const release = limits.acquireServiceWide();
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(': browserflow flow changes\n\n');
    let seq = 0;
    const unsubscribe = this.subscribe((change) => {
      // A client that stopped reading is let go (sse-backpressure.ts): it reconnects and reads its list again.
      const { type, ...data } = change;
      writeOrLetGo(res, `id: ${seq}\nevent: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
      seq++;
    });
    const heartbeat = setInterval(() => writeOrLetGo(res, ': keep-alive\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    const close = () => {
      unsubscribe();
      clearInterval(heartbeat);
      release();
    };
    req.raw.once('close', close);
    res.once('close', close);
    return { handled: true };
  }
}

/** The change a flow's own event stands for, if the stream sends one (never frames, screenshots or started calls). */
function fromFlowEvent(event: FlowEvent): FlowChange | null {
  switch (event.type) {
    case 'state':
      return { type: 'state', flowId: event.flowId, state: event.state, nextState: event.nextState, runMode: event.runMode, at: event.at };
    case 'toolCall':
      return event.phase === 'finished' ? { type: 'progress', flowId: event.flowId, at: event.at } : null;
    case 'tokenUsage':
      return { type: 'progress', flowId: event.flowId, at: event.at };
    case 'created':
    case 'renamed':
    case 'deleted':
      return { type: event.type, flowId: event.flowId, at: event.at };
    default:
      return null;
  }
}
