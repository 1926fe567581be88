/**
 * The queue of flows: one FlowActor per flow that has not ended, at most
 * `settings.flows.maxConcurrent` of them running, the rest waiting UNSTARTED
 * in creation order. At startup it hands the flows a crash left live to
 * their actors (which end them INTERRUPTED) and queues the UNSTARTED ones
 * again; at shutdown it cancels the running ones (SERVICE_STOPPED). It never
 * changes a flow itself: that is the actors' job.
 */
import { FlowActor, type FlowActorDeps } from './flow-actor';

export class FlowScheduler {
  /** Every actor whose flow has not ended, by flow id. */
  private readonly actors = new Map<string, FlowActor>();
  private readonly queue: FlowActor[] = [];
  private readonly running = new Set<FlowActor>();
  /** Started actors until their browser is let go, also after their flow ended (cancelled while it opened): stop() waits for them. */
  private readonly unreleased = new Set<FlowActor>();
  private stopping = false;
  /** Queued by `start` and held until `runRecovered`, once the whole service is up. */
  private holding = true;

  constructor(private readonly deps: FlowActorDeps) {}

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
    this.holding = false;
    if (this.queue.length) this.deps.logger.info('queued flows start', { count: this.queue.length });
    this.pump();
  }

  /** Creates the actor of a stored UNSTARTED flow and queues it. */
  enqueue(flowId: string): void {
    if (this.stopping) return;
    const actor = new FlowActor(flowId, this.deps);
    this.actors.set(flowId, actor);
    this.queue.push(actor);
    void actor.done.then(() => {
      this.actors.delete(flowId);
      this.running.delete(actor);
      this.pump();
    });
    this.pump();
  }

  private pump(): void {
    const max = this.deps.settings.flows.maxConcurrent;
    while (!this.stopping && !this.holding && this.running.size < max && this.queue.length) {
      const actor = this.queue.shift()!;
      // A flow cancelled while it waited has ended already.
      if (!actor.queued) continue;
      this.running.add(actor);
      this.unreleased.add(actor);
      void actor.run().then(() => actor.released).then(() => this.unreleased.delete(actor));
    }
  }

  /**
   * Cancels every running flow (they end FAILED SERVICE_STOPPED) and waits
   * for them and their browsers, bounded. Queued flows stay UNSTARTED: the next start runs them.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue.splice(0);
    const running = [...this.running];
    for (const actor of running) {
      void actor.send({ type: 'cancel', code: 'SERVICE_STOPPED', message: 'The service stopped while the flow was running' }).catch(() => undefined);
    }
    // Their browsers too, also one still opening of a flow already cancelled: the drivers close after this, and a later launch would outlive the service.
    await Promise.race([Promise.allSettled([...this.unreleased].map((a) => a.done.then(() => a.released))), new Promise((r) => setTimeout(r, 10_000).unref())]);
  }
}
