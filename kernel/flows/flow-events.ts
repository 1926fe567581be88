/**
 * Live events of flows, for SSE. Every event of a flow is kept until the
 * flow's subscribers are gone and it has ended, so a late subscriber gets the
 * full history first (`replay`), then live events; `done` is the last one.
 * `frame` events (live pictures) are the exception: sent live, never kept.
 */
import type { FlowMetadata, FlowState, RunMode, TokenUsage, ToolCallRecord } from './flow-types';
import { ReplayLog, type ReplayListener } from '../../lib/async/replay-log';

/** What a flow reports, in the order it happened; one `state` event per change of state, nextState or runMode. */
export type FlowEvent =
  | { type: 'state'; flowId: string; state: FlowState; nextState: FlowState | null; runMode: RunMode; waitingFor: string | null; at: number }
  | { type: 'toolCall'; flowId: string; phase: 'started' | 'finished'; toolCall: ToolCallRecord; at: number }
  | { type: 'screenshot'; flowId: string; imageId: string; toolCallId: string | null; at: number }
  | { type: 'tokenUsage'; flowId: string; tokenUsage: TokenUsage; at: number }
  | { type: 'frame'; flowId: string; mimeType: string; data: string; tabIndex: number; url: string; at: number }
  | { type: 'done'; flowId: string; flow: FlowMetadata; at: number };

export type FlowEventListener = ReplayListener<FlowEvent>;

/** Bounded in-memory history per flow (lib/async/replay-log.ts); live flows only (finished flows replay from storage). */
export class FlowEvents extends ReplayLog<FlowEvent> {
  /** Past events of a finished flow are kept `retainMs` for late subscribers. */
  constructor(retainMs = 60_000, maxEventsPerFlow = 5000) {
    super({ key: (e) => e.flowId, kept: (e) => e.type !== 'frame', last: (e) => e.type === 'done', retainMs, maxPerKey: maxEventsPerFlow });
  }
}
