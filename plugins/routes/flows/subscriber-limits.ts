/**
 * Bounds on open event streams (GET /api/flows/{id}/events), per flow and
 * over all flows: each one holds a socket and a listener for as long as its
 * flow lives, so an unbounded number of them is an easy way to exhaust the
 * service. Past a limit the request answers 429 TOO_MANY_SUBSCRIBERS.
 */
import { ApiError } from '../../../kernel/errors';

export class SubscriberLimits {
  private total = 0;
  private readonly perFlow = new Map<string, number>();

  constructor(private readonly maxPerFlow: number, private readonly maxTotal: number) {}

  /** Takes a slot for `flowId`; returns its release (idempotent), or throws 429 TOO_MANY_SUBSCRIBERS. */
  acquire(flowId: string): () => void {
    const forFlow = this.perFlow.get(flowId) ?? 0;
    if (forFlow >= this.maxPerFlow) {
      throw new ApiError('TOO_MANY_SUBSCRIBERS', `Flow ${flowId} already has ${forFlow} open event streams (settings.flows.maxEventSubscribersPerFlow = ${this.maxPerFlow}). Close one, or poll GET /api/flows/${flowId}.`);
    }
    if (this.total >= this.maxTotal) {
      throw new ApiError('TOO_MANY_SUBSCRIBERS', `The service already has ${this.total} open event streams (settings.flows.maxEventSubscribers = ${this.maxTotal}). Close one, or poll GET /api/flows/${flowId}.`);
    }
    this.perFlow.set(flowId, forFlow + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perFlow.get(flowId) ?? 1) - 1;
      if (left > 0) this.perFlow.set(flowId, left);
      else this.perFlow.delete(flowId);
    };
  }

  /** Open streams, in all and for one flow (diagnostics, tests). */
  count(flowId?: string): number {
    return flowId === undefined ? this.total : this.perFlow.get(flowId) ?? 0;
  }
}
