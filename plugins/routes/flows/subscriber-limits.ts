/**
 * Bounds on open event streams (GET /api/flows/{id}/events, and the
 * service-wide GET /api/events), per flow and over all flows: each one
 * holds a socket and a listener for as long as it is open, so an unbounded
 * number of them is an easy way to exhaust the service. Past a limit the
 * request answers 429 TOO_MANY_SUBSCRIBERS.
 */
import { apiError } from '../../../kernel/errors';

/** The key of the service-wide stream's slots (never a flow id: those are UUIDs). */
const SERVICE_WIDE = '*';

export class SubscriberLimits {
  private total = 0;
  private readonly perFlow = new Map<string, number>();

  constructor(private readonly maxPerFlow: number, private readonly maxTotal: number) {}

  /** Takes a slot for `flowId`; returns its release (idempotent), or throws 429 TOO_MANY_SUBSCRIBERS. */
  acquire(flowId: string): () => void {
    return this.take(flowId, (n) => `Flow ${flowId} already has ${n} open event streams`, `Close one, or poll GET /api/flows/${flowId}.`);
  }

  /** A slot of the service-wide stream (GET /api/events): it has as many as one flow may have, and counts in the total. */
  acquireServiceWide(): () => void {
    return this.take(SERVICE_WIDE, (n) => `The service-wide event stream already has ${n} subscribers`, 'Close one, or poll GET /api/flows.');
  }

  /** One slot of `key` (`tooMany` says how many it has in words), within both limits; `advice` ends either refusal. */
  private take(key: string, tooMany: (n: number) => string, advice: string): () => void {
    const here = this.perFlow.get(key) ?? 0;
    if (here >= this.maxPerFlow) {
      throw apiError('TOO_MANY_SUBSCRIBERS', { what: tooMany(here), setting: 'maxEventSubscribersPerFlow', limit: this.maxPerFlow, advice });
    }
    if (this.total >= this.maxTotal) {
      throw apiError('TOO_MANY_SUBSCRIBERS', { what: `The service already has ${this.total} open event streams`, setting: 'maxEventSubscribers', limit: this.maxTotal, advice });
    }
    this.perFlow.set(key, here + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perFlow.get(key) ?? 1) - 1;
      if (left > 0) this.perFlow.set(key, left);
      else this.perFlow.delete(key);
    };
  }

  /** Open streams, in all and for one flow (diagnostics, tests). */
  count(flowId?: string): number {
    return flowId === undefined ? this.total : this.perFlow.get(flowId) ?? 0;
  }
}
