/**
 * Owns live flows: a queue bounded by `settings.flows.maxConcurrent`, crash
 * recovery at startup, and run control (cancel, pause, resume, run-mode,
 * queued user calls). Control requests on one flow are serialised by a
 * per-flow lock, so concurrent requests never lose an update or run twice.
 */
import { randomUUID } from 'node:crypto';
import type { DependencyContainer } from 'tsyringe';
import { ApiError, invalidRequest } from '../errors';
import { BROWSER_DRIVERS, FLOW_EVENTS, FLOW_SERVICE, LLM_PROVIDERS, LOGGER, SETTINGS, STORAGE, resolve, resolveAll } from '../tokens';
import { createFlowRunnerAgent } from '../agent/flow-runner-agent';
import { FlowExecution } from './flow-execution';
import { FlowRecorder } from './flow-recorder';
import type { FlowRunnerDeps } from './flow-runner-deps';
import { isTerminal, type FlowMetadata, type RunMode, type ToolCallInput } from './flow-types';
import { findPlaceholders } from './env-vars';
import { checkToolParams } from './tool-registry';
import { chooseGptConfig } from './create-flow';

export class FlowRunner {
  private deps?: FlowRunnerDeps;
  private readonly queue: string[] = [];
  private readonly live = new Map<string, FlowExecution>();
  private readonly running = new Set<Promise<void>>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private stopping = false;
  /** UNSTARTED flows found at startup, run once the whole service is up. */
  private recovered: string[] = [];

  constructor(private readonly container: DependencyContainer) {}

  private get d(): FlowRunnerDeps {
    if (!this.deps) {
      const c = this.container;
      const settings = resolve(c, SETTINGS);
      const logger = resolve(c, LOGGER);
      const storage = resolve(c, STORAGE);
      const providers = resolveAll(c, LLM_PROVIDERS);
      this.deps = {
        storage, settings, logger,
        drivers: resolveAll(c, BROWSER_DRIVERS),
        tools: resolve(c, FLOW_SERVICE).tools,
        events: resolve(c, FLOW_EVENTS),
        agent: providers.length ? createFlowRunnerAgent({ storage, settings, logger, providers }) : null,
      };
    }
    return this.deps;
  }

  /**
   * Recovers from a crash or kill. Flows acknowledged but not started yet
   * (UNSTARTED) are queued again, oldest first: a 201 is a promise to run
   * them. Flows that were live are FAILED with INTERRUPTED naming the step
   * they were on (their browser is gone, so their step cannot be resumed),
   * and a call left without an outcome is closed as interrupted. The queued
   * flows start in `runRecovered`, once the HTTP server listens.
   */
  async start(): Promise<void> {
    const { storage, logger } = this.d;
    const active = (await storage.flows.listActive()).sort((a, b) => a.createdAt - b.createdAt);
    for (const flow of active) {
      if (flow.state === 'UNSTARTED') {
        this.recovered.push(flow.id);
        continue;
      }
      const step = await this.closeInterruptedCalls(flow.id);
      const rec = new FlowRecorder(flow.id, storage, this.d.events);
      await rec.finish({
        success: false, summary: null,
        error: { code: 'INTERRUPTED', message: `The service stopped while the flow was ${flow.state}${step ? ` (${step})` : ''}` },
      }).catch((err) => logger.warn('could not mark an interrupted flow FAILED', { flowId: flow.id, error: (err as Error).message }));
      logger.info('flow interrupted by a restart marked FAILED', { flowId: flow.id });
    }
  }

  /** Queues the UNSTARTED flows found by `start`, in creation order. */
  runRecovered(): void {
    const ids = this.recovered.splice(0);
    if (ids.length) this.d.logger.info('flows queued again after a restart', { count: ids.length });
    for (const id of ids) this.enqueue(id);
  }

  /** Gives calls cut off by the stop an outcome; returns the step the flow was on ("tool call 3: click"). */
  private async closeInterruptedCalls(flowId: string): Promise<string | null> {
    const calls = await this.d.storage.toolCalls.list(flowId);
    let step: string | null = null;
    for (const [i, call] of calls.entries()) {
      if (call.outcome !== null) continue;
      step = `tool call ${i + 1}: ${call.name}`;
      await this.d.storage.toolCalls.put(flowId, {
        ...call, completedAt: Date.now(),
        outcome: { success: false, message: 'Interrupted: the service stopped during this call', data: null, selectors: null },
      });
    }
    return step;
  }

  /**
   * Cancels every live flow (they end FAILED, SERVICE_STOPPED) and waits for
   * them, bounded. Queued flows stay UNSTARTED: the next start runs them.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.queue.splice(0);
    for (const exec of this.live.values()) exec.cancel('SERVICE_STOPPED', 'The service stopped while the flow was running');
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, 10_000).unref())]);
  }

  /** Queues a stored UNSTARTED flow. */
  enqueue(flowId: string): void {
    if (this.stopping) return;
    this.queue.push(flowId);
    this.pump();
  }

  private pump(): void {
    const max = this.d.settings.flows.maxConcurrent;
    while (!this.stopping && this.live.size < max && this.queue.length) {
      const id = this.queue.shift()!;
      const exec = new FlowExecution(id, this.d, new FlowRecorder(id, this.d.storage, this.d.events));
      this.live.set(id, exec);
      const p = exec.run().finally(() => {
        this.live.delete(id);
        this.running.delete(p);
        this.pump();
      });
      this.running.add(p);
    }
  }

  /** Number of flows running now and waiting in the queue. */
  stats(): { running: number; queued: number } {
    return { running: this.live.size, queued: this.queue.length };
  }

  private async withLock<T>(flowId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(flowId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.locks.set(flowId, tail);
    void tail.then(() => { if (this.locks.get(flowId) === tail) this.locks.delete(flowId); });
    return next;
  }

  private async activeFlow(flowId: string, action: string): Promise<FlowMetadata> {
    const flow = await resolve(this.container, FLOW_SERVICE).get(flowId);
    if (isTerminal(flow.state)) throw new ApiError('FLOW_NOT_ACTIVE', `Flow ${flowId} has ended (${flow.state}); it cannot ${action}`);
    return flow;
  }

  private async endQueued(flowId: string, code: string, message: string): Promise<FlowMetadata | undefined> {
    const rec = new FlowRecorder(flowId, this.d.storage, this.d.events);
    try {
      return await rec.finish({ success: false, summary: null, error: { code, message } });
    } catch {
      return undefined;
    }
  }

  /** Ends a live flow FAILED with CANCELLED; its browser is closed at once. */
  cancel(flowId: string): Promise<FlowMetadata> {
    return this.withLock(flowId, async () => {
      await this.activeFlow(flowId, 'be cancelled');
      const exec = this.live.get(flowId);
      const qi = this.queue.indexOf(flowId);
      if (qi >= 0) {
        this.queue.splice(qi, 1);
        return (await this.endQueued(flowId, 'CANCELLED', 'Cancelled by the user before it started'))!;
      }
      if (exec) {
        let unsubscribe = () => {};
        const done = new Promise<void>((r) => { unsubscribe = this.d.events.subscribe(flowId, (e) => { if (e.type === 'done') r(); }); });
        exec.cancel('CANCELLED', 'Cancelled by the user');
        await Promise.race([done, new Promise((r) => setTimeout(r, 15_000).unref())]);
        unsubscribe();
      }
      return resolve(this.container, FLOW_SERVICE).get(flowId);
    });
  }

  /** Requests PAUSED after the current action (shown as nextState until applied). */
  pause(flowId: string): Promise<FlowMetadata> {
    return this.withLock(flowId, async () => {
      const flow = await this.activeFlow(flowId, 'be paused');
      if (flow.state === 'PAUSED' || flow.nextState === 'PAUSED') return flow;
      const updated = await this.d.storage.flows.update(flowId, (f) => ({ ...f, nextState: 'PAUSED' }));
      this.d.events.emit({ type: 'state', flowId, state: updated!.state, nextState: 'PAUSED', at: Date.now() });
      this.live.get(flowId)?.wake.wake();
      return updated!;
    });
  }

  /** PAUSED -> RESUMING -> the mode's next state; also withdraws a pause not yet applied. */
  resume(flowId: string): Promise<FlowMetadata> {
    return this.withLock(flowId, async () => {
      const flow = await this.activeFlow(flowId, 'be resumed');
      if (flow.state !== 'PAUSED' && flow.nextState !== 'PAUSED') {
        throw new ApiError('FLOW_NOT_ACTIVE', `Flow ${flowId} is ${flow.state}, not PAUSED; only a paused flow can be resumed`);
      }
      const state = flow.state === 'PAUSED' ? 'RESUMING' : flow.state;
      const updated = await this.d.storage.flows.update(flowId, (f) => ({ ...f, state, nextState: null }));
      this.d.events.emit({ type: 'state', flowId, state, nextState: null, at: Date.now() });
      this.live.get(flowId)?.wake.wake();
      return updated!;
    });
  }

  /** Switches a live flow between INSTRUCT and AUTONOMOUS. */
  setRunMode(flowId: string, runMode: RunMode): Promise<FlowMetadata> {
    return this.withLock(flowId, async () => {
      const flow = await this.activeFlow(flowId, 'switch run mode');
      if (flow.runMode === 'DETERMINISTIC' || runMode === 'DETERMINISTIC') {
        throw new ApiError('FLOW_NOT_ACTIVE', 'DETERMINISTIC flows cannot switch run mode, and a live flow cannot switch to DETERMINISTIC');
      }
      if (flow.runMode === runMode) return flow;
      let gptConfigName = flow.gptConfigName;
      if (runMode === 'AUTONOMOUS') {
        if (!flow.overallObjective) throw invalidRequest('runMode: the flow has no overallObjective, so it cannot run AUTONOMOUS');
        gptConfigName = await chooseGptConfig(this.d.storage, flow.gptConfigName, true);
      }
      const updated = await this.d.storage.flows.update(flowId, (f) => ({ ...f, runMode, gptConfigName }));
      this.live.get(flowId)?.wake.wake();
      return updated!;
    });
  }

  /** The live flow's current observation (FlowExecution.observe); FLOW_NOT_ACTIVE when it has no live browser. */
  async observe(flowId: string, screenshot: boolean): ReturnType<FlowExecution['observe']> {
    const exec = this.live.get(flowId);
    if (!exec) throw new ApiError('FLOW_NOT_ACTIVE', `Flow ${flowId} has no live browser (not started yet, or ended)`);
    return exec.observe(screenshot);
  }

  /** Queues a user tool call of an INSTRUCT flow; validated first (400 leaves the flow waiting). */
  submitToolCall(flowId: string, input: ToolCallInput): Promise<{ toolCallId: string; flow: FlowMetadata }> {
    return this.withLock(flowId, async () => {
      const flow = await this.activeFlow(flowId, 'take a tool call');
      if (flow.runMode !== 'INSTRUCT') throw new ApiError('FLOW_NOT_ACTIVE', `Flow ${flowId} runs ${flow.runMode}; user tool calls need INSTRUCT (POST /api/flows/${flowId}/run-mode)`);
      const exec = this.live.get(flowId);
      if (!exec) throw new ApiError('FLOW_NOT_ACTIVE', `Flow ${flowId} has not started yet (${flow.state}); try again when it waits for the user`);
      const tool = this.d.tools.forFlow(flow.customTools).get(input.name);
      if (!tool) throw invalidRequest(`name: unknown tool "${input.name}" (see GET /api/tools)`);
      const checked = checkToolParams(tool, input.parameters);
      if (!checked.ok) throw invalidRequest(`parameters.${checked.problem}`);
      for (const name of findPlaceholders(input.parameters)) {
        if (!flow.envVars.includes(name)) throw invalidRequest(`parameters: \${${name}} is used but "${name}" is not one of the flow's envVars`);
      }
      const toolCallId = randomUUID();
      exec.userQueue.push({ id: toolCallId, input });
      exec.wake.wake();
      return { toolCallId, flow };
    });
  }
}
