/**
 * The kernel's FlowEvents (kernel/contracts/flow-events.ts): every event of a
 * flow is kept until the flow's subscribers are gone and it has ended, so a
 * late subscriber gets the full history first (`replay`), then live events;
 * `done` is the last one. `frame` events (live pictures) and the facade's
 * record changes (`created`, `renamed`, `deleted`) are sent live, never kept.
 */
import type { FlowEvent, FlowEvents } from '../contracts/flow-events';
import { ReplayLog } from '../../lib/async/replay-log';

const LIVE_ONLY = new Set<FlowEvent['type']>(['frame', 'created', 'renamed', 'deleted']);

/** Bounded in-memory history per flow (lib/async/replay-log.ts); live flows only (finished flows replay from storage). */
export class FlowEventLog extends ReplayLog<FlowEvent> implements FlowEvents {
  /** Past events of a finished flow are kept `retainMs` for late subscribers. */
  constructor(retainMs = 60_000, maxEventsPerFlow = 5000) {
    super({ key: (e) => e.flowId, kept: (e) => !LIVE_ONLY.has(e.type), last: (e) => e.type === 'done', retainMs, maxPerKey: maxEventsPerFlow });
  }
}
