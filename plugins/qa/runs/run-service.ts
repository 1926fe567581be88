/**
 * The runs facade (RUNS) and the runs plugin's lifecycle: starts runs,
 * keeps one RunExecution per RUNNING run, reads runs and heal proposals,
 * accepts and rejects proposals, and tells every change to its
 * subscribers (schedules, webhooks, GET /api/events).
 *
 * Lifecycle (order 55, after the kernel's flows at 50): `recover` loads the
 * runs a stop or crash left RUNNING (the kernel has by then ended their
 * live flows INTERRUPTED and queued their UNSTARTED ones), `ready` follows
 * and resumes them, `stop` lets them go as they are (the next start resumes).
 */
import { randomUUID } from 'node:crypto';
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';
import { apiError } from '../../../kernel/errors';
import type { FlowEvents } from '../../../kernel/contracts/flow-events';
import type { FlowMetadata } from '../../../kernel/flows/flow-types';
import type { ToolRegistry } from '../../../lib/custom-tools/tool-registry';
import type { Logger } from '../../../kernel/logger';
import { UUID_RE } from '../../../lib/validation/validation';
import type { RunStore } from '../../../lib/qa/run-store';
import type { HealPage, HealQuery, HealRecord, RunPage, RunQuery, RunRecord, RunTrigger } from '../../../lib/qa/run-types';
import type { RunChange, Runs, StartRun } from '../../../lib/qa/runs-contract';
import { RunExecution } from './run-execution';
import { selectFlows, type SelectionLimits } from './selection';
import { countsOf } from './verdict';
import { proposeHeals } from './heal-proposals';
import { acceptHeal, rejectHeal } from './heal-decisions';

/** A flow whose tags changed (tag routes). */
export interface FlowChangeNote {
  /** An attempt's `created` comes from the Flows facade (FLOW_EVENTS); a tag change is this plugin's own. */
  type: 'tagged';
  flowId: string;
}

export interface RunServiceDeps {
  flows: Flows;
  events: FlowEvents;
  storage: Storage;
  store: RunStore;
  tools: ToolRegistry;
  logger: Logger;
  limits: SelectionLimits;
}

export class RunService implements Runs {
  private readonly executions = new Map<string, RunExecution>();
  private readonly listeners = new Set<(change: RunChange) => void>();
  /** Flows this plugin created (attempts) or changed (tags), told to GET /api/events like the flow routes tell theirs. */
  private readonly flowListeners = new Set<(change: FlowChangeNote) => void>();
  private ready_ = false;
  private stopping = false;
  /** Decisions on proposals one at a time, so two accepts of one step cannot both write. */
  private decisions: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: RunServiceDeps) {}

  // ---- lifecycle
  /** Lifecycle start: loads the runs left RUNNING. */
  async recover(): Promise<void> {
    for (const run of await this.deps.store.runs.listActive()) this.track(run);
    if (this.executions.size) this.deps.logger.info('runs resume after a restart', { count: this.executions.size });
  }

  async ready(): Promise<void> {
    this.ready_ = true;
    for (const execution of this.executions.values()) await this.begin(execution, true);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const execution of this.executions.values()) execution.stop();
    this.executions.clear();
  }

  // ---- Runs
  async start(request: StartRun, trigger: RunTrigger): Promise<RunRecord> {
    if (this.stopping) throw apiError('SERVICE_UNAVAILABLE', { why: 'it is stopping' });
    const selection = await selectFlows(request, this.deps.flows, this.deps.store, this.deps.limits);
    const results = selection.flows.map((f) => ({
      flowId: f.id, name: f.name, verdict: null,
      attempts: Array.from({ length: selection.repeat }, () => ({ flowId: null, state: 'QUEUED' as const, durationMs: null, healed: false, failure: null, heals: [] })),
    }));
    const run: RunRecord = {
      id: randomUUID(), state: 'RUNNING', trigger, suite: selection.suite,
      selection: { flowIds: selection.flowIds, tags: selection.tags },
      repeat: selection.repeat, concurrency: selection.concurrency, baseUrl: selection.baseUrl,
      createdAt: Date.now(), completedAt: null, counts: countsOf(results), results,
    };
    await this.deps.store.runs.create(run);
    this.deps.logger.info('run started', { runId: run.id, trigger, suite: run.suite, flows: results.length, repeat: run.repeat });
    this.tell({ type: 'run', runId: run.id, state: run.state, phase: 'created', at: Date.now() });
    const execution = this.track(run);
    if (this.ready_) await this.begin(execution, false);
    return run;
  }

  async get(runId: string): Promise<RunRecord> {
    const run = UUID_RE.test(runId) ? await this.deps.store.runs.get(runId) : undefined;
    if (!run) throw apiError('NOT_FOUND', { what: 'run', id: runId });
    return run;
  }

  list(query: RunQuery): Promise<RunPage> {
    return this.deps.store.runs.list(query);
  }

  async cancel(runId: string): Promise<RunRecord> {
    const run = await this.get(runId);
    const execution = this.executions.get(run.id);
    if (run.state !== 'RUNNING' || !execution) throw apiError('RUN_NOT_ACTIVE', { runId: run.id, state: run.state });
    const cancelled = await execution.cancel();
    if (cancelled?.state !== 'CANCELLED') throw apiError('RUN_NOT_ACTIVE', { runId: run.id, state: cancelled?.state ?? run.state });
    return cancelled;
  }

  async heal(healId: string): Promise<HealRecord> {
    const heal = UUID_RE.test(healId) ? await this.deps.store.heals.get(healId) : undefined;
    if (!heal) throw apiError('NOT_FOUND', { what: 'heal proposal', id: healId });
    return heal;
  }

  heals(query: HealQuery): Promise<HealPage> {
    return this.deps.store.heals.list(query);
  }

  accept(healId: string): Promise<HealRecord> {
    return this.decide(healId, () => acceptHeal(this.decisionDeps(), healId));
  }

  reject(healId: string): Promise<HealRecord> {
    return this.decide(healId, () => rejectHeal(this.decisionDeps(), healId));
  }

  subscribe(listener: (change: RunChange) => void): () => void {
    this.listeners.add(listener);
    return () => { this.listeners.delete(listener); };
  }

  /** Follows the flows whose tags changed. */
  subscribeFlows(listener: (change: FlowChangeNote) => void): () => void {
    this.flowListeners.add(listener);
    return () => { this.flowListeners.delete(listener); };
  }

  /** Tells subscribers about a suite saved or deleted (the suite routes call it). */
  suiteChanged(name: string, phase: 'saved' | 'deleted'): void {
    this.tell({ type: 'suite', name, phase, at: Date.now() });
  }

  // ---- inside
  private async decide(healId: string, act: () => Promise<HealRecord>): Promise<HealRecord> {
    await this.heal(healId);
    const next = this.decisions.then(act);
    this.decisions = next.catch(() => undefined);
    return next;
  }

  private decisionDeps() {
    return {
      flows: this.deps.flows, storage: this.deps.storage, store: this.deps.store,
      decided: (h: HealRecord) => this.tell({ type: 'heal', healId: h.id, runId: h.runId, state: h.state, phase: 'decided', at: Date.now() }),
    };
  }

  private track(run: RunRecord): RunExecution {
    const execution = new RunExecution(run, {
      flows: this.deps.flows, events: this.deps.events, storage: this.deps.storage, store: this.deps.store,
      tools: this.deps.tools, logger: this.deps.logger,
      changed: (r, phase) => {
        if (phase === 'finished') this.deps.logger.info('run finished', { runId: r.id, state: r.state, ...r.counts });
        this.tell({ type: 'run', runId: r.id, state: r.state, phase, at: Date.now() });
      },
      proposeHeals: (r: RunRecord, sourceFlowId: string, attempt: FlowMetadata) => proposeHeals({
        storage: this.deps.storage, store: this.deps.store, tools: this.deps.tools,
        proposed: (h) => this.tell({ type: 'heal', healId: h.id, runId: h.runId, state: h.state, phase: 'proposed', at: Date.now() }),
      }, r, sourceFlowId, attempt),
    });
    this.executions.set(run.id, execution);
    void execution.done.then(() => {
      if (this.executions.get(run.id) === execution) this.executions.delete(run.id);
    });
    return execution;
  }

  private async begin(execution: RunExecution, recovered: boolean): Promise<void> {
    try {
      if (recovered) await execution.followLive();
      execution.pump();
    } catch (err) {
      this.deps.logger.error('run could not resume', { runId: execution.id, error: (err as Error).message });
    }
  }

  private tell(change: RunChange): void {
    for (const l of this.listeners) {
      try { l(change); } catch { /* a broken subscriber must not break the run */ }
    }
  }

  /** Tells GET /api/events about a flow this plugin created or changed. */
  tellFlow(change: FlowChangeNote): void {
    for (const l of this.flowListeners) {
      try { l(change); } catch { /* a broken subscriber must not break the run */ }
    }
  }
}
