/**
 * A queue of runs with a bounded number running at once, in arrival order:
 * held until `release` (so work found at startup waits until everything is
 * up), stopped by `stop`, which cancels the running ones and waits for them
 * to let go of what they hold, bounded. The kernel's FlowScheduler queues
 * its flows' actors in one.
 */

/** What a RunQueue runs. */
export interface QueuedRun {
  /** Whether it still waits for a slot (one that ended while queued, cancelled, is skipped). */
  readonly queued: boolean;
  /** Runs it to its end; never rejects. */
  run(): Promise<void>;
  /** Resolves once it has ended. */
  readonly done: Promise<void>;
  /** Resolves once what it held is let go, also after it ended (read after `run` resolved). */
  readonly released: Promise<unknown>;
}

export class RunQueue<R extends QueuedRun> {
  private readonly waiting: R[] = [];
  private readonly running = new Set<R>();
  /** Started runs until they let go of what they hold: `stop` waits for them. */
  private readonly unreleased = new Set<R>();
  private stopping = false;
  private holding = true;

  /** `maxRunning` is read at each start, so a changed setting applies to the next one. */
  constructor(private readonly maxRunning: () => number) {}

  /** How many wait for a slot. */
  get size(): number {
    return this.waiting.length;
  }

  /** Queues a run (nothing once stopping); it starts when held no more and a slot is free. */
  add(run: R): boolean {
    if (this.stopping) return false;
    this.waiting.push(run);
    void run.done.then(() => {
      this.running.delete(run);
      this.pump();
    });
    this.pump();
    return true;
  }

  /** Starts the runs queued so far, in arrival order, and the next ones as they come. */
  release(): void {
    this.holding = false;
    this.pump();
  }

  /**
   * Drops the waiting runs (they stay as they are, to be queued again by the
   * next start), calls `cancel` on each running one, and waits, at most
   * `timeoutMs`, until every started run has ended and let go.
   */
  async stop(cancel: (run: R) => void, timeoutMs: number): Promise<void> {
    this.stopping = true;
    this.waiting.splice(0);
    for (const run of [...this.running]) cancel(run);
    const letGo = Promise.allSettled([...this.unreleased].map((r) => r.done.then(() => r.released)));
    await Promise.race([letGo, new Promise((r) => setTimeout(r, timeoutMs).unref())]);
  }

  private pump(): void {
    while (!this.stopping && !this.holding && this.running.size < this.maxRunning() && this.waiting.length) {
      const run = this.waiting.shift()!;
      if (!run.queued) continue;
      this.running.add(run);
      this.unreleased.add(run);
      void run.run().then(() => run.released).then(() => this.unreleased.delete(run));
    }
  }
}
