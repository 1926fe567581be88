/**
 * One live flow: opens its browser session, loads the target website, runs
 * `toolCallsOnStart`, then continues by run mode (AUTONOMOUS asks the agent,
 * INSTRUCT waits for the user, DETERMINISTIC ends), honouring pause, resume,
 * cancel and run-mode switches between actions.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserSession } from '../contracts/browser-driver';
import type { ToolDefinition } from '../contracts/tool';
import { FlowCompletion, FlowFailure } from './flow-failure';
import type { FlowRecorder } from './flow-recorder';
import { isTerminal, type FlowMetadata, type FlowResult, type HealedStep, type ToolCallInput, type ToolCallRecord, type ToolCallSource } from './flow-types';
import { WakeSignal } from './signal';
import type { FlowRunnerDeps } from './flow-runner-deps';
import { runToolCall } from './tool-call-executor';
import { envRedactor, substitute } from './env-vars';

/** A user call queued for an INSTRUCT flow. */
export interface QueuedCall {
  id: string;
  input: ToolCallInput;
}

export class FlowExecution {
  readonly wake = new WakeSignal();
  readonly abort = new AbortController();
  readonly userQueue: QueuedCall[] = [];
  private session: BrowserSession | null = null;
  private cancelReason: FlowFailure | null = null;
  private crash: Error | null = null;
  private tools: Map<string, ToolDefinition> = new Map();
  private envValues = new Map<string, string>();
  /** Built once the env values are loaded: compiling a redactor is the costly part. */
  private redactor = envRedactor(this.envValues);
  private history: ToolCallRecord[] = [];
  /** Calls that failed over to a later candidate, for `result.healed`. */
  private healed: HealedStep[] = [];
  private lastActivity = Date.now();
  /** Set once the flow is ending, so a browser closed by us is not taken for a crash. */
  private finished = false;

  constructor(readonly flowId: string, private readonly deps: FlowRunnerDeps, private readonly rec: FlowRecorder) {}

  /** Ends the flow FAILED with `code` as soon as possible; closes the browser at once. */
  cancel(code: string, message: string): void {
    if (this.cancelReason) return;
    this.cancelReason = new FlowFailure(code, message);
    this.abort.abort(this.cancelReason);
    this.wake.wake();
    void this.session?.close().catch(() => undefined);
  }

  /** Runs the flow to its end; never rejects. */
  async run(): Promise<void> {
    let result: FlowResult;
    try {
      result = await this.execute();
    } catch (err) {
      result = this.resultOf(err);
    }
    await this.finish(result);
  }

  private resultOf(err: unknown): FlowResult {
    if (this.cancelReason) return { success: false, summary: null, error: { code: this.cancelReason.code, message: this.cancelReason.message } };
    if (this.crash) return { success: false, summary: null, error: { code: 'BROWSER_CRASHED', message: `The browser closed unexpectedly: ${this.redact(this.crash.message)}` } };
    if (err instanceof FlowCompletion) return { success: err.success, summary: err.summary, error: err.success ? null : { code: 'OBJECTIVE_NOT_COMPLETABLE', message: err.summary } };
    if (err instanceof FlowFailure) return { success: false, summary: null, error: { code: err.code, message: this.redact(err.message) } };
    this.deps.logger.error('flow failed with an unexpected error', { flowId: this.flowId, error: this.redact(String((err as Error)?.stack ?? err)) });
    return { success: false, summary: null, error: { code: 'INTERNAL_ERROR', message: this.redact((err as Error)?.message ?? String(err)) } };
  }

  /**
   * Env values become `${NAME}` in any spelling (longest first, so a value
   * inside another cannot leave a tail), then registered secrets are masked.
   */
  private redact(text: string): string {
    return this.deps.logger.redact(this.redactor.redact(text));
  }

  private async execute(): Promise<FlowResult> {
    let flow = await this.rec.get();
    if (isTerminal(flow.state)) return flow.result ?? { success: false, summary: null, error: null };
    this.checkCancelled();
    flow = await this.rec.setState('INITIALIZING', { startedAt: Date.now() });
    this.tools = this.deps.tools.forFlow(flow.customTools);
    await this.loadEnv(flow);
    await this.openSession(flow);
    await this.loadTarget(flow);

    for (const input of flow.toolCallsOnStart) {
      await this.checkpoint();
      const call = await this.callTool(input, 'ON_START', null);
      if (!call.outcome?.success && (await this.rec.get()).runMode === 'DETERMINISTIC') {
        throw new FlowFailure('TOOL_CALL_FAILED', `Tool call ${call.name} failed: ${call.outcome?.message ?? 'no outcome'}`);
      }
    }
    for (;;) {
      await this.checkpoint();
      flow = await this.rec.get();
      if (flow.runMode === 'DETERMINISTIC') return { success: true, summary: `All ${flow.toolCallsOnStart.length} tool calls succeeded`, error: null };
      if (flow.runMode === 'INSTRUCT') await this.instructStep(flow);
      else await this.autonomousStep(flow);
    }
  }

  private async loadEnv(flow: FlowMetadata): Promise<void> {
    for (const name of flow.envVars) {
      const value = await this.deps.storage.env.get(name);
      if (value !== undefined) this.envValues.set(name, value);
    }
    this.redactor = envRedactor(this.envValues);
  }

  private async openSession(flow: FlowMetadata): Promise<void> {
    const driver = this.deps.drivers.find((d) => d.type === flow.browser.using.type);
    if (!driver) throw new FlowFailure('BROWSER_UNAVAILABLE', `No driver for browser type "${flow.browser.using.type}" is loaded`);
    const s = this.deps.settings.flows;
    const videoPath = s.video ? await this.deps.storage.artifacts.videoPath(flow.id) : null;
    try {
      // `${NAME}` placeholders (a proxy password) are filled in for the driver only; the stored flow keeps them.
      this.session = await driver.open(substitute(flow.browser.using, this.envValues), {
        flowId: flow.id, videoPath, actionTimeoutMs: s.actionTimeoutMs, navigationTimeoutMs: s.navigationTimeoutMs,
      });
    } catch (err) {
      this.checkCancelled();
      throw new FlowFailure('BROWSER_UNAVAILABLE', `Could not start the browser: ${(err as Error).message}`);
    }
    if (this.cancelReason) {
      await this.session.close().catch(() => undefined);
      this.checkCancelled();
    }
    void this.session.disconnected.then((err) => {
      if (this.cancelReason || this.finished) return;
      this.crash = err;
      this.abort.abort(err);
      this.wake.wake();
    });
  }


  private async loadTarget(flow: FlowMetadata): Promise<void> {
    try {
      await this.session!.navigate(flow.targetWebsite);
    } catch (err) {
      this.checkCancelled();
      throw new FlowFailure('TARGET_UNREACHABLE', `Could not load ${flow.targetWebsite}: ${(err as Error).message}`);
    }
    await this.screenshot(true);
  }

  private checkCancelled(): void {
    if (this.cancelReason) throw this.cancelReason;
    if (this.crash) throw new FlowFailure('BROWSER_CRASHED', `The browser closed unexpectedly: ${this.crash.message}`);
  }

  /** Between actions: applies a requested pause and waits for resume or cancel. */
  private async checkpoint(): Promise<void> {
    this.checkCancelled();
    let flow = await this.rec.get();
    if (flow.nextState !== 'PAUSED') return;
    await this.rec.setState('PAUSED', { nextState: null });
    for (;;) {
      await this.wake.wait(60_000);
      this.checkCancelled();
      flow = await this.rec.get();
      if (flow.state === 'RESUMING') return;
    }
  }

  /** Takes a screenshot and stores its file; with `addToFlow`, also lists it on the flow (else the tool call's record does). */
  private async screenshot(addToFlow: boolean): Promise<string | null> {
    if (!this.deps.settings.flows.screenshots || !this.session || this.abort.signal.aborted) return null;
    try {
      const png = await this.session.screenshot();
      const imageId = randomUUID();
      if (addToFlow) await this.rec.putScreenshot(imageId, png, null);
      else await this.deps.storage.artifacts.putImage(this.flowId, imageId, png);
      return imageId;
    } catch (err) {
      this.deps.logger.debug('screenshot failed', { flowId: this.flowId, error: this.redact((err as Error).message) });
      return null;
    }
  }

  /** Runs one tool call and records it; throws FlowCompletion when a control tool ends the flow. */
  private async callTool(input: ToolCallInput, source: ToolCallSource, rationale: string | null, id: string = randomUUID()): Promise<ToolCallRecord> {
    const flow = await this.rec.get();
    this.checkBudget(flow);
    await this.rec.setState('RUNNING_ACTION');
    const { record, endFlow, failover } = await runToolCall({
      id, input, source, rationale, flow, session: this.session!, tools: this.tools, envValues: this.envValues,
      recorder: this.rec, settings: this.deps.settings, signal: this.abort.signal,
      redact: (t) => this.redact(t), redactDeep: (x) => this.redactor.redactDeep(x), screenshot: () => this.screenshot(false),
    });
    this.checkCancelled();
    if (failover) this.healed.push({ step: this.history.length, tool: record.name, ...failover });
    this.history.push(record);
    this.lastActivity = Date.now();
    if (endFlow) throw new FlowCompletion(endFlow.success, endFlow.summary);
    return record;
  }

  /** Throws MAX_TOOL_CALLS_REACHED when the flow has used its tool-call budget. */
  private checkBudget(flow: FlowMetadata): void {
    const done = flow.progress.toolCallsCompleted + flow.progress.toolCallsFailed;
    if (done >= flow.maxToolCalls) {
      throw new FlowFailure('MAX_TOOL_CALLS_REACHED', `The flow reached maxToolCalls (${flow.maxToolCalls}) without completing`);
    }
  }

  private async instructStep(flow: FlowMetadata): Promise<void> {
    const next = this.userQueue.shift();
    if (next) {
      await this.callTool(next.input, 'USER', null, next.id);
      return;
    }
    if (flow.state !== 'WAITING_ON_USER_FOR_NEXT_ACTION') await this.rec.setState('WAITING_ON_USER_FOR_NEXT_ACTION');
    const idle = this.deps.settings.flows.instructIdleTimeoutMs;
    const remaining = this.lastActivity + idle - Date.now();
    if (remaining <= 0) throw new FlowFailure('IDLE_TIMEOUT', `No user action for ${Math.round(idle / 1000)} s`);
    await this.wake.wait(remaining);
  }

  private async autonomousStep(flow: FlowMetadata): Promise<void> {
    if (!this.deps.agent) throw new FlowFailure('AGENT_UNAVAILABLE', 'No flow-runner agent is available for AUTONOMOUS mode');
    // Checked before asking: a model call whose answer could not be run would only cost tokens.
    this.checkBudget(flow);
    await this.rec.setState('QUERYING_LLM_FOR_NEXT_ACTION');
    const step = await this.deps.agent.nextStep({
      flow, session: this.session!, tools: this.tools, history: this.history, signal: this.abort.signal,
      redact: (t) => this.redact(t),
      onUsage: (i, o) => this.rec.addTokens(i, o),
    });
    this.checkCancelled();
    if ((await this.rec.get()).runMode !== 'AUTONOMOUS') return; // switched meanwhile: drop the step
    await this.checkpoint();
    await this.callTool(step.toolCall, 'LLM', step.rationale);
  }

  private async finish(result: FlowResult): Promise<void> {
    this.finished = true;
    let hasVideo = false;
    if (this.session) {
      await this.session.close().catch((err) => this.deps.logger.warn('closing the browser session failed', { flowId: this.flowId, error: (err as Error).message }));
      hasVideo = this.session.recordsVideo;
    }
    try {
      await this.rec.finish({ ...result, healed: this.healed }, { hasVideo });
    } catch (err) {
      this.deps.logger.warn('could not record the end of a flow (deleted?)', { flowId: this.flowId, error: (err as Error).message });
    }
  }
}
