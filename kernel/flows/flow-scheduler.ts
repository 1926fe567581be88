/**
 * The queue of flows: one FlowActor per flow that has not ended, at most
 * `settings.flows.maxConcurrent` of them running, the rest waiting UNSTARTED
 * in creation order. At startup it hands the flows a crash left live to
 * their actors (which end them INTERRUPTED) and queues the UNSTARTED ones
 * again; at shutdown it cancels the running ones (SERVICE_STOPPED). It never
 * changes a flow itself: that is the actors' job.
 */
import { FlowActor, type FlowActorDeps } from './flow-actor';
import { RunQueue } from '../../lib/async/run-queue';

export class FlowScheduler {
  /** Every actor whose flow has not ended, by flow id. */
  private readonly actors = new Map<string, FlowActor>();
  /** Queued by `start` and held until `runRecovered`, once the whole service is up. */
  private readonly queue: RunQueue<FlowActor>;

  constructor(private readonly deps: FlowActorDeps) {
    this.queue = new RunQueue(() => deps.settings.flows.maxConcurrent);
  }

  /** The actor of a flow that has not ended; undefined once it has (or for flows this process never saw). */
  actor(flowId: string): FlowActor | undefined {
    return this.actors.get(flowId);
  }

  /**
   * Recovers from a crash or kill. Flows acknowledged but not started
   * (UNSTARTED) are queued again, oldest first: a 201 is a promise to run
   * them; they start in `runRecovered`. Flows that were live are ended by
   * their actors (FAILED INTERRUPTED): their browser is gone.
   */
  async start(): Promise<void> {
    const active = (await this.deps.storage.flows.listActive()).sort((a, b) => a.createdAt - b.createdAt);
    for (const flow of active) {
      if (flow.state === 'UNSTARTED') { this.enqueue(flow.id); continue; }
      await new FlowActor(flow.id, this.deps).recover();
      this.deps.logger.info('flow interrupted by a restart marked FAILED', { flowId: flow.id });
    }
  }

  /** Starts the flows queued so far (those found by `start` first, in creation order). */
  runRecovered(): void {
    if (this.queue.size) this.deps.logger.info('queued flows start', { count: this.queue.size });
    this.queue.release();
  }

  /** Creates the actor of a stored UNSTARTED flow and queues it. */
  enqueue(flowId: string): void {
    const actor = new FlowActor(flowId, this.deps);
    if (!this.queue.add(actor)) return;
    this.actors.set(flowId, actor);
    void actor.done.then(() => this.actors.delete(flowId));
  }

  /**
   * Cancels every running flow (they end FAILED SERVICE_STOPPED) and waits
   * for them and their browsers, bounded: the drivers close after this, and
   * a browser still opening of a flow already cancelled would outlive the
   * service. Queued flows stay UNSTARTED: the next start runs them.
   */
  stop(): Promise<void> {
    const cancel = (actor: FlowActor) => void actor.send({ type: 'cancel', code: 'SERVICE_STOPPED', message: 'The service stopped while the flow was running' }).catch(() => undefined);
    return this.queue.stop(cancel, 10_000);
  }
}
