/**
 * The live events of flows (token FLOW_EVENTS, provided by the kernel): what
 * the flow lifecycle reports and what the event streams, runs and webhooks
 * follow. The kernel's implementation keeps a bounded history per live flow
 * (kernel/flows/flow-event-log.ts) so a late subscriber gets it first.
 */
import type { FlowMetadata, FlowState, RunMode, TokenUsage, ToolCallRecord } from '../flows/flow-types';

/** What a flow reports, in the order it happened; one `state` event per change of state, nextState or runMode. */
export type FlowEvent =
  | { type: 'state'; flowId: string; state: FlowState; nextState: FlowState | null; runMode: RunMode; waitingFor: string | null; at: number }
  | { type: 'toolCall'; flowId: string; phase: 'started' | 'finished'; toolCall: ToolCallRecord; at: number }
  | { type: 'screenshot'; flowId: string; imageId: string; toolCallId: string | null; at: number }
  | { type: 'tokenUsage'; flowId: string; tokenUsage: TokenUsage; at: number }
  | { type: 'frame'; flowId: string; mimeType: string; data: string; tabIndex: number; url: string; at: number }
  | { type: 'done'; flowId: string; flow: FlowMetadata; at: number }
  /**
   * A change of the record made by the Flows facade, not by the flow's run:
   * it was created (its first `state` follows when it starts), or, finished,
   * renamed or deleted. Live only, never replayed: no flow stream is open
   * before its flow exists, and a finished flow's stream has closed.
   */
  | { type: 'created' | 'renamed' | 'deleted'; flowId: string; at: number };

/** Called with each event of a flow and its sequence number in the flow's history. */
export type FlowEventListener = (event: FlowEvent, seq: number) => void;

/** The flows' event bus. */
export interface FlowEvents {
  /** Reports an event (the kernel's flow code does; a subscriber that throws never breaks the source). */
  emit(event: FlowEvent): void;
  /** The kept past events of a live or just-ended flow (empty when unknown or expired; `frame` events are never kept). */
  replay(flowId: string): FlowEvent[];
  /** Follows one flow's live events; returns the unsubscribe function. */
  subscribe(flowId: string, listener: FlowEventListener): () => void;
  /** Follows every flow's live events (no history); returns the unsubscribe function. */
  subscribeAll(listener: (event: FlowEvent) => void): () => void;
  /** Drops a flow's history at once (the flow was deleted). */
  forget(flowId: string): void;
}
