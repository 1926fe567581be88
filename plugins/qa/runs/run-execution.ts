/**
 * One RUNNING run in this process: its queue of attempts (round by round:
 * every flow's first attempt, then every flow's second...), at most
 * `concurrency` of them live, each an ordinary DETERMINISTIC flow created
 * through the Flows facade and followed through its events until it ends.
 * Every change is written to the run record (RunStore, serialised per run)
 * before it is told; the record is what survives a restart: attempts still
 * QUEUED are started again, attempts whose flow was live are followed to
 * the end the kernel gave their flow (INTERRUPTED, SERVICE_STOPPED).
 */
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';
import type { FlowEvents } from '../../../kernel/contracts/flow-events';
import { isTerminal, type FlowMetadata } from '../../../kernel/flows/flow-types';
import type { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import type { Logger } from '../../../kernel/logger';
import type { RunStore } from '../../../lib/qa/run-store';
import type { RunAttempt, RunRecord } from '../../../lib/qa/run-types';
import { attemptBody } from './attempt-body';
import { isPending, settle } from './verdict';

/** One attempt of one result: indexes into `results` and its `attempts`. */
interface Slot {
  r: number;
  a: number;
}

/** What an execution needs from the service around it. */
export interface ExecutionDeps {
  flows: Flows;
  events: FlowEvents;
  storage: Storage;
  store: RunStore;
  tools: ToolRegistry;
  logger: Logger;
  /** The run record changed (`finished`: it just reached its final state). */
  changed(run: RunRecord, phase: 'progress' | 'finished'): void;
  /** Raises (or confirms) the heal proposals of an attempt that healed; returns their ids. */
  proposeHeals(run: RunRecord, sourceFlowId: string, attempt: FlowMetadata): Promise<string[]>;
}

export class RunExecution {
  private readonly queue: Slot[] = [];
  /** Followed attempt flows: flow id -> slot and unsubscribe. */
  private readonly live = new Map<string, { slot: Slot; off: () => void }>();
  private launching = 0;
  private stopped = false;
  private cancelled = false;
  /** Heal proposals one after the other, so two attempts healing the same step raise one proposal. */
  private heals: Promise<unknown> = Promise.resolve();
  /** The record as last read or written here. */
  private latest: RunRecord;
  private resolveDone!: () => void;
  /** Settles when nothing of the run is left to do in this process (ended, or the service stops). */
  readonly done = new Promise<void>((r) => { this.resolveDone = r; });

  constructor(private readonly run: RunRecord, private readonly deps: ExecutionDeps) {
    this.latest = run;
    const slots: Slot[] = [];
    run.results.forEach((result, r) => result.attempts.forEach((_, a) => slots.push({ r, a })));
    slots.sort((x, y) => x.a - y.a || x.r - y.r);
    for (const slot of slots) {
      const attempt = this.attemptOf(run, slot);
      if (attempt.state === 'QUEUED') this.queue.push(slot);
    }
  }

  get id(): string {
    return this.run.id;
  }

  private attemptOf(run: RunRecord, slot: Slot): RunAttempt {
    return run.results[slot.r]!.attempts[slot.a]!;
  }

  /** Follows the attempts whose flow exists and has not been followed to its end (after a restart). */
  async followLive(): Promise<void> {
    const current = (await this.deps.store.runs.get(this.run.id)) ?? this.run;
    this.latest = current;
    const slots: Slot[] = [];
    current.results.forEach((result, r) => result.attempts.forEach((a, i) => { if (a.state === 'RUNNING' && a.flowId) slots.push({ r, a: i }); }));
    for (const slot of slots) await this.watch(this.attemptOf(current, slot).flowId!, slot);
    this.checkDone();
  }

  /** Starts queued attempts while fewer than `concurrency` are live. */
  pump(): void {
    while (!this.stopped && !this.cancelled && this.queue.length && this.live.size + this.launching < this.run.concurrency) {
      void this.launch(this.queue.shift()!);
    }
  }

  private async launch(slot: Slot): Promise<void> {
    this.launching++;
    try {
      const result = this.run.results[slot.r]!;
      let flow: FlowMetadata;
      try {
        const source = await this.deps.flows.get(result.flowId);
        const body = attemptBody(source, await this.deps.flows.toolCalls(source.id), this.deps.tools, this.run.baseUrl);
        flow = await this.deps.flows.create(body);
      } catch (err) {
        const message = (err as Error).message ?? String(err);
        this.deps.logger.warn('run attempt not created', { runId: this.run.id, flowId: result.flowId, error: message });
        await this.update(slot, (a) => ({ ...a, state: 'FAILED', failure: { code: 'ATTEMPT_NOT_CREATED', message: `The attempt could not be created: ${message}` } }));
        return;
      }
      await this.update(slot, (a) => ({ ...a, flowId: flow.id, state: 'RUNNING' }));
      await this.watch(flow.id, slot);
      if (this.cancelled) await this.cancelFlow(flow.id);
    } finally {
      this.launching--;
      this.pump();
      this.checkDone();
    }
  }

  /** Follows an attempt's flow until it ends (its `done` event, or a record already finished). */
  private async watch(flowId: string, slot: Slot): Promise<void> {
    if (this.stopped || this.live.has(flowId)) return;
    const off = this.deps.events.subscribe(flowId, (event) => {
      if (event.type === 'done') void this.finish(flowId, event.flow);
    });
    this.live.set(flowId, { slot, off });
    const stored = await this.deps.storage.flows.get(flowId);
    if (!stored) await this.finish(flowId, null);
    else if (isTerminal(stored.state)) await this.finish(flowId, stored);
  }

  /** Records the end of an attempt's flow (once per flow). */
  private async finish(flowId: string, flow: FlowMetadata | null): Promise<void> {
    const followed = this.live.get(flowId);
    if (!followed) return;
    this.live.delete(flowId);
    followed.off();
    try {
      let heals: string[] = [];
      if (flow && flow.result?.healed?.length) {
        const sourceId = this.run.results[followed.slot.r]!.flowId;
        const proposing = this.heals.then(() => this.deps.proposeHeals(this.run, sourceId, flow));
        this.heals = proposing.catch(() => undefined);
        heals = await proposing.catch((err: Error) => {
          this.deps.logger.warn('heal proposal failed', { runId: this.run.id, flowId, error: err.message });
          return [];
        });
      }
      await this.update(followed.slot, (a) => attemptEnded(a, flow, heals));
    } finally {
      this.pump();
    }
  }

  /** Applies a change to one attempt, settles the run, stores and tells it. */
  private async update(slot: Slot, change: (a: RunAttempt) => RunAttempt): Promise<void> {
    let finished = false;
    const next = await this.deps.store.runs.update(this.run.id, (run) => {
      const results = run.results.map((r, i) => (i !== slot.r ? r : { ...r, attempts: r.attempts.map((a, j) => (j === slot.a ? change(a) : a)) }));
      const settled = settle({ ...run, results }, Date.now());
      finished = run.state === 'RUNNING' && settled.state !== 'RUNNING';
      return settled;
    });
    if (!next) return;
    this.latest = next;
    this.deps.changed(next, finished ? 'finished' : 'progress');
    this.checkDone();
  }

  /** Done once nothing is live or being created, and nothing is left to start (or the run was cancelled). */
  private checkDone(): void {
    if (this.live.size > 0 || this.launching > 0) return;
    if (this.cancelled || !this.latest.results.some((r) => r.attempts.some(isPending))) this.resolveDone();
  }

  /** Ends the run CANCELLED: queued attempts skipped, live ones cancelled (their flows end FAILED CANCELLED). */
  async cancel(): Promise<RunRecord | undefined> {
    this.cancelled = true;
    this.queue.splice(0);
    let cancelledNow = false;
    const next = await this.deps.store.runs.update(this.run.id, (run) => {
      if (run.state !== 'RUNNING') return run;
      cancelledNow = true;
      const results = run.results.map((r) => ({ ...r, attempts: r.attempts.map((a): RunAttempt => (a.state === 'QUEUED' ? { ...a, state: 'SKIPPED' } : a)) }));
      return settle({ ...run, results, state: 'CANCELLED', completedAt: Date.now() }, Date.now());
    });
    if (next) this.latest = next;
    if (next && cancelledNow) this.deps.changed(next, 'finished');
    await Promise.all([...this.live.keys()].map((id) => this.cancelFlow(id)));
    this.checkDone();
    return next;
  }

  private async cancelFlow(flowId: string): Promise<void> {
    await this.deps.flows.cancel(flowId).catch(() => undefined); // already ended: its done event (or record) says how
  }

  /** The service stops: nothing more is started or followed here; the record says where the next start resumes. */
  stop(): void {
    this.stopped = true;
    for (const { off } of this.live.values()) off();
    this.live.clear();
    this.resolveDone();
  }
}

/** An attempt after its flow ended (or vanished). */
function attemptEnded(a: RunAttempt, flow: FlowMetadata | null, heals: string[]): RunAttempt {
  if (!flow) return { ...a, state: 'FAILED', failure: { code: 'FLOW_NOT_FOUND', message: `The attempt's flow ${a.flowId} was deleted before it ended` } };
  const end = flow.completedAt ?? Date.now();
  const passed = flow.state === 'SUCCESS';
  return {
    ...a,
    state: passed ? 'SUCCESS' : 'FAILED',
    durationMs: Math.max(0, end - (flow.startedAt ?? flow.createdAt)),
    healed: (flow.result?.healed?.length ?? 0) > 0,
    failure: passed ? null : (flow.result?.error ?? { code: 'INTERNAL_ERROR', message: 'The flow ended FAILED without an error' }),
    heals: [...new Set([...a.heals, ...heals])],
  };
}
