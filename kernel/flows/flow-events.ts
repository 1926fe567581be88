/**
 * Live events of flows, for SSE. Every event of a flow is kept until the
 * flow's subscribers are gone and it has ended, so a late subscriber gets the
 * full history first (`replay`), then live events; `done` is the last one.
 * `frame` events (live pictures) are the exception: sent live, never kept.
 */
import type { FlowMetadata, FlowState, RunMode, TokenUsage, ToolCallRecord } from './flow-types';

/** What a flow reports, in the order it happened; one `state` event per change of state, nextState or runMode. */
export type FlowEvent =
  | { type: 'state'; flowId: string; state: FlowState; nextState: FlowState | null; runMode: RunMode; waitingFor: string | null; at: number }
  | { type: 'toolCall'; flowId: string; phase: 'started' | 'finished'; toolCall: ToolCallRecord; at: number }
  | { type: 'screenshot'; flowId: string; imageId: string; toolCallId: string | null; at: number }
  | { type: 'tokenUsage'; flowId: string; tokenUsage: TokenUsage; at: number }
  | { type: 'frame'; flowId: string; mimeType: string; data: string; tabIndex: number; url: string; at: number }
  | { type: 'done'; flowId: string; flow: FlowMetadata; at: number };

export type FlowEventListener = (event: FlowEvent, seq: number) => void;

/** Bounded in-memory history per flow; live flows only (finished flows replay from storage). */
export class FlowEvents {
  private readonly history = new Map<string, FlowEvent[]>();
  private readonly listeners = new Map<string, Set<FlowEventListener>>();
  /** Past events of a finished flow are kept this long for late subscribers. */
  constructor(private readonly retainMs = 60_000, private readonly maxEventsPerFlow = 5000) {}

  emit(event: FlowEvent): void {
    const list = this.history.get(event.flowId) ?? [];
    if (event.type !== 'frame' && (list.length < this.maxEventsPerFlow || event.type === 'done')) list.push(event);
    this.history.set(event.flowId, list);
    const seq = list.length - 1;
    for (const l of this.listeners.get(event.flowId) ?? []) {
      try { l(event, seq); } catch { /* a broken subscriber must not break the flow */ }
    }
    if (event.type === 'done') {
      const t = setTimeout(() => this.history.delete(event.flowId), this.retainMs);
      t.unref();
    }
  }

  /** Past events of the flow (empty when unknown or expired). */
  replay(flowId: string): FlowEvent[] {
    return [...(this.history.get(flowId) ?? [])];
  }

  /** Subscribes to live events; returns the unsubscribe function. */
  subscribe(flowId: string, listener: FlowEventListener): () => void {
    const set = this.listeners.get(flowId) ?? new Set();
    set.add(listener);
    this.listeners.set(flowId, set);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(flowId);
    };
  }

  /** Drops everything of a deleted flow. */
  forget(flowId: string): void {
    this.history.delete(flowId);
  }
}
