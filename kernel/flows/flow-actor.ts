/**
 * One flow's actor: the only code that changes the flow. It runs the flow
 * (opens its browser session, loads the target website, runs
 * `toolCallsOnStart`, then continues by run mode) and takes commands from its
 * inbox (pause, resume, cancel, run mode, an INSTRUCT call, an observation)
 * one at a time, in arrival order. Every change goes through its FlowRecorder
 * (save, then emit). A command wakes the run loop, which learns what changed
 * from the actor's memory: nothing polls storage.
 */
import { randomUUID } from 'node:crypto';
import { type BrowserDriver, type BrowserSession, type OpenSessionOptions } from '../contracts/browser-driver';
import { SelectorSyntaxError, type PointedElement, type SelectorTest } from '../../lib/page-actions/page-actions';
import type { FlowObservation, QueuedToolCall } from '../contracts/flows';
import type { Storage } from '../contracts/storage';
import type { ToolDefinition } from '../../lib/tool-calls/tool-contract';
import type { KernelSettings } from '../config';
import { invalidRequest, apiError } from '../errors';
import type { Logger } from '../logger';
import type { AutonomousAgent } from '../contracts/autonomous-agent';
import { chooseGptConfig } from './create-flow';
import { substitute } from '../../lib/redaction/env-placeholders';
import { FlowSecretOrigins, SECRET_NOT_ALLOWED } from '../../lib/origins/secret-origins';
import { OriginPolicy } from '../../lib/origins/origin-patterns';
import { FlowEnv } from '../../lib/flow-env/flow-env';
import { FlowCompletion, FlowFailure, type FailureCode } from '../../lib/failure-codes/failure-codes';
import type { FlowEvents } from '../contracts/flow-events';
import { FlowRecorder } from './flow-recorder';
import { healedStep } from '../../lib/tool-calls/healed-step';
import type { FlowMetadata, FlowResult, HealedStep, RunMode, TokenUsage, ToolCallInput, ToolCallRecord, ToolCallSource } from './flow-types';
import { WakeSignal } from '../../lib/async/wake-signal';
import { bounded } from '../../lib/async/bounded';
import { checkToolCall } from '../../lib/tool-calls/tool-call-check';
import { runToolCall } from '../../lib/tool-calls/tool-call-executor';
import { takeCallDownloads } from '../../lib/downloads/call-downloads';
import { loadProfile, profileSecrets, saveProfile } from '../../lib/profiles/flow-profiles';
import type { ToolRegistry } from '../../lib/custom-tools/tool-registry';

/** What every FlowActor needs; resolved once when the kernel builds its Flows. */
export interface FlowActorDeps {
  storage: Storage;
  settings: KernelSettings;
  logger: Logger;
  drivers: BrowserDriver[];
  tools: ToolRegistry;
  events: FlowEvents;
  /** The AUTONOMOUS_AGENT; null when no plugin provides one (AUTONOMOUS flows then fail AGENT_UNAVAILABLE). */
  agent: AutonomousAgent | null;
}

/** A message to a flow's actor. */
export type FlowCommand =
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'cancel'; code: FailureCode; message: string }
  | { type: 'runMode'; runMode: RunMode; gptConfigName?: string }
  | { type: 'toolCall'; input: ToolCallInput }
  | { type: 'observe'; screenshot: boolean }
  | { type: 'elementAt'; x: number; y: number }
  | { type: 'testSelector'; selector: string };

/** The actor's answer to a command. */
export type FlowAnswer<C extends FlowCommand> =
  C extends { type: 'toolCall' } ? QueuedToolCall : C extends { type: 'observe' } ? FlowObservation
    : C extends { type: 'elementAt' } ? PointedElement | null : C extends { type: 'testSelector' } ? SelectorTest : FlowMetadata;

/** Where a call came from: the model's reason and the usage of the answer that chose it, or the id a user call was queued under. */
type StepOrigin = { rationale?: string | null; id?: string; tokenUsage?: TokenUsage | null; costUsd?: number | null };

const failed = (code: FailureCode, message: string): FlowResult => ({ success: false, summary: null, error: { code, message } });

export class FlowActor {
  private readonly rec: FlowRecorder;
  private readonly wake = new WakeSignal();
  private readonly abort = new AbortController();
  private readonly userCalls: Array<{ id: string; input: ToolCallInput }> = [];
  /** Commands, and the loop's own control transitions, run one at a time through this chain. */
  private inbox: Promise<unknown> = Promise.resolve();
  private phase: 'queued' | 'running' | 'ended' = 'queued';
  private pause: 'none' | 'requested' | 'paused' = 'none';
  private session: BrowserSession | null = null;
  /** Why the flow ends before its time (cancelled, service stopped, browser crashed); null while it runs on. */
  private ending: FlowFailure | null = null;
  /** Set once the session is being closed by us, so its close is not taken for a crash. */
  private closing = false;
  /** The flow's tools; null until the run has loaded the flow (INSTRUCT calls wait for it). */
  private tools: Map<string, ToolDefinition> | null = null;
  /** Where each env value may go; built with the values (a TOTP variable's codes join it as they are made). */
  private secrets = new FlowSecretOrigins([]);
  /** The flow's env values (TOTP ones as their current code) and the redactor of them. */
  private readonly env = new FlowEnv((name, code) => this.secrets.addValue(name, code));
  private history: ToolCallRecord[] = [];
  /** Calls that failed over to a later candidate, for `result.healed`. */
  private healed: HealedStep[] = [];
  /** The structured result (`result.data`): the last successful extract's data, redacted; undefined while none. */
  private resultData: unknown = undefined;
  private lastActivity = Date.now();
  private markEnded!: () => void;
  /** Resolves once the flow has ended and its final state is saved. */
  readonly done = new Promise<void>((r) => { this.markEnded = r; });
  private opening: Promise<void> = Promise.resolve();
  /** Resolves once the flow's browser is let go, also one still opening when the flow ended (the scheduler's stop waits for it). */
  released: Promise<unknown> = Promise.resolve();

  constructor(readonly flowId: string, private readonly deps: FlowActorDeps) {
    this.rec = new FlowRecorder(flowId, deps.storage, deps.events);
  }

  /** Whether the flow waits for a run slot (the scheduler starts it with `run`). */
  get queued(): boolean {
    return this.phase === 'queued';
  }

  /** The inbox: every command from routes (later CLI, UI, MCP) comes in here. */
  send<C extends FlowCommand>(c: C): Promise<FlowAnswer<C>> {
    const answer = c.type === 'pause' ? this.serial(() => this.onPause())
      : c.type === 'resume' ? this.serial(() => this.onResume())
      : c.type === 'runMode' ? this.serial(() => this.onRunMode(c.runMode, c.gptConfigName))
      : c.type === 'toolCall' ? this.serial(() => this.onToolCall(c.input))
      : c.type === 'cancel' ? this.onCancel(c.code, c.message)
      // Reads of the page change nothing: they need not wait for other commands.
      : c.type === 'elementAt' ? this.elementAt(c.x, c.y)
      : c.type === 'testSelector' ? this.testSelector(c.selector)
      : this.observe(c.screenshot);
    return answer as Promise<FlowAnswer<C>>;
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.inbox.then(fn, fn);
    this.inbox = next.catch(() => undefined);
    return next;
  }

  /** A flow that has ended, or is ending (cancelled, its browser gone), takes no more commands. */
  private checkActive(action: string): void {
    if (this.phase === 'ended') throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: 'finished', action });
    if (this.ending) throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: `ending (${this.ending.code})`, action });
  }

  private async onPause(): Promise<FlowMetadata> {
    this.checkActive('be paused');
    if (this.pause !== 'none') return this.rec.get();
    this.pause = 'requested';
    const flow = await this.rec.change({ nextState: 'PAUSED' });
    this.wake.wake();
    return flow;
  }

  private async onResume(): Promise<FlowMetadata> {
    this.checkActive('be resumed');
    const was = this.pause;
    if (was === 'none') {
      throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: (await this.rec.get()).state, action: 'resume', why: 'only a PAUSED flow can be resumed' });
    }
    this.pause = 'none';
    const flow = was === 'paused' ? await this.rec.setState('RESUMING') : await this.rec.change({ nextState: null });
    this.wake.wake();
    return flow;
  }

  private async onRunMode(runMode: RunMode, chosen?: string): Promise<FlowMetadata> {
    this.checkActive('switch run mode');
    const flow = await this.rec.get();
    if (flow.runMode === 'DETERMINISTIC' || runMode === 'DETERMINISTIC') {
      throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: `${flow.runMode}`, action: `switch to ${runMode}`, why: 'DETERMINISTIC flows cannot switch run mode, and a live flow cannot switch to DETERMINISTIC' });
    }
    if (flow.runMode === runMode && !chosen) return flow;
    let gptConfigName = flow.gptConfigName;
    let override = flow.hasGptConfigNameOverride;
    if (runMode === 'AUTONOMOUS') {
      if (!flow.overallObjective) throw invalidRequest('runMode: the flow has no overallObjective, so it cannot run AUTONOMOUS');
      gptConfigName = await chooseGptConfig(this.deps.storage, this.deps.agent, chosen ?? flow.gptConfigName, true);
      // A configuration chosen for this flow is its own from now on, as if given at creation.
      if (chosen) override = true;
    } else if (chosen) {
      throw invalidRequest('gptConfigName: only a switch to AUTONOMOUS takes a GPT configuration');
    }
    const updated = await this.rec.change({ runMode, gptConfigName, hasGptConfigNameOverride: override });
    this.wake.wake();
    return updated;
  }

  private async onToolCall(input: ToolCallInput): Promise<QueuedToolCall> {
    this.checkActive('take a tool call');
    const flow = await this.rec.get();
    if (flow.runMode !== 'INSTRUCT') throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: flow.runMode, action: 'take a user tool call', why: `user tool calls need INSTRUCT: POST /api/flows/${this.flowId}/run-mode` });
    if (!this.tools) throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: flow.state, action: 'take a user tool call yet', why: 'it has not started; try again when it waits for the user' });
    const checked = await checkToolCall(this.tools, flow.envVars, input);
    if (!checked.ok) throw invalidRequest(checked.problem);
    const toolCallId = randomUUID();
    this.userCalls.push({ id: toolCallId, input });
    this.wake.wake();
    return { toolCallId, flow };
  }

  /** A queued flow ends at once; a running one is stopped (its browser closed) and awaited, bounded. */
  private async onCancel(code: FailureCode, message: string): Promise<FlowMetadata> {
    await this.serial(async () => {
      this.checkActive('be cancelled');
      if (this.phase === 'queued') return this.end(failed(code, `${message} before it started`));
      this.stopWith(new FlowFailure(code, message));
      this.closeSession();
    });
    // Outside the inbox: the run's own last steps go through it.
    await Promise.race([this.done, new Promise((r) => setTimeout(r, 15_000).unref())]);
    return this.rec.get();
  }

  /** The live browser, or 409 FLOW_NOT_ACTIVE naming what needed it. */
  private async liveSession(what: string): Promise<BrowserSession> {
    const session = this.session;
    if (this.phase !== 'running' || !session || this.closing || this.ending) {
      throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: (await this.rec.get()).state, action: `serve ${what}`, why: 'that needs a live browser' });
    }
    return session;
  }

  /** The element at a point of the live page, redacted like everything read from the page. */
  private async elementAt(x: number, y: number): Promise<PointedElement | null> {
    const session = await this.liveSession('the element at a point');
    if (!session.elementAt) throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: (await this.rec.get()).state, action: 'serve the element at a point', why: 'its browser driver cannot tell it' });
    const found = await session.elementAt(x, y);
    return found && this.redactAll(found);
  }

  /** How many elements a selector matches on the live page (400 naming `selector` when the driver cannot run it). */
  private async testSelector(selector: string): Promise<SelectorTest> {
    const session = await this.liveSession('a selector test');
    if (!session.testSelector) throw apiError('FLOW_NOT_ACTIVE', { flowId: this.flowId, state: (await this.rec.get()).state, action: 'test selectors', why: 'its browser driver cannot' });
    try {
      // `${NAME}` in a selector is filled in as for an action; what comes back is redacted again.
      return this.redactAll(await session.testSelector(substitute(selector, this.env.valuesNow())));
    } catch (err) {
      if (err instanceof SelectorSyntaxError) throw invalidRequest(`selector: ${this.redact(err.message)}`);
      throw err;
    }
  }

  /** Every string of a plain value through `redact`. */
  private redactAll<T>(value: T): T {
    return JSON.parse(JSON.stringify(value), (_key, x: unknown) => (typeof x === 'string' ? this.redact(x) : x)) as T;
  }

  private async observe(screenshot: boolean): Promise<FlowObservation> {
    const session = await this.liveSession('an observation');
    const { llm } = this.deps.settings;
    const redact = (t: string) => this.redact(t);
    const o = await session.observe({ maxTokens: llm.observationTokenBudget, screenshot, linkTargets: llm.observationLinkTargets, redact });
    const png = screenshot && o.screenshot ? { screenshot: o.screenshot.toString('base64') } : {};
    return { flowId: this.flowId, url: redact(o.url), title: redact(o.title), text: redact(o.text), refCount: o.refCount, truncated: o.truncated, ...png, at: Date.now() };
  }

  /** Runs the flow to its end (called by the scheduler when a slot is free); never rejects. */
  async run(): Promise<void> {
    if (this.phase !== 'queued') return;
    this.phase = 'running';
    let result: FlowResult;
    try {
      result = await this.execute();
    } catch (err) {
      result = this.resultOf(err);
    }
    if (result.success && this.session && !this.ending) result = await this.saveProfileOf(result, this.session);
    const hasVideo = this.session?.recordsVideo ?? false;
    // Files still arriving from the last step (a download seconds long) are kept before the browser goes.
    if (this.session && !this.ending) await this.keepLastDownloads(this.session);
    this.closing = true;
    // A session still opening when the flow ended early is closed once it opens (openSession), then here again (idempotent).
    const closed = this.opening.catch(() => undefined).then(() => this.session?.close())
      .catch((err) => this.deps.logger.warn('closing the browser session failed', { flowId: this.flowId, error: (err as Error).message }));
    this.released = closed;
    // A flow cancelled or stopped ends at once; its browser may take seconds to let go (a navigation in flight), its video with it.
    if (!this.ending) await closed;
    const recorded = this.ending ? {} : await this.recordedFiles();
    await this.serial(() => this.end(result, { hasVideo, ...recorded }));
  }

  /**
   * Startup after a crash or kill: the flow was live, its browser is gone, so
   * its step cannot be resumed. A call left without an outcome is closed as
   * interrupted, and the flow ends FAILED INTERRUPTED naming the step.
   */
  async recover(): Promise<void> {
    this.phase = 'running';
    const flow = await this.rec.get();
    let step: string | null = null;
    for (const [i, call] of (await this.deps.storage.toolCalls.list(this.flowId)).entries()) {
      if (call.outcome !== null) continue;
      step = `tool call ${i + 1}: ${call.name}`;
      await this.rec.putToolCall({
        ...call, completedAt: Date.now(),
        outcome: { success: false, message: 'Interrupted: the service stopped during this call', data: null, selectors: null },
      }, 'finished');
    }
    await this.serial(() => this.end(failed('INTERRUPTED', `The service stopped while the flow was ${flow.state}${step ? ` (${step})` : ''}`)));
  }

  /** Which recordings the closed session wrote (`hasHar`, `hasTrace`). */
  private async recordedFiles(): Promise<Partial<FlowMetadata>> {
    const flow = await this.rec.get();
    const { artifacts } = this.deps.storage;
    return {
      ...(flow.network?.har ? { hasHar: (await artifacts.findRecording(flow.id, 'har')) !== undefined } : {}),
      ...(flow.trace ? { hasTrace: (await artifacts.findRecording(flow.id, 'trace')) !== undefined } : {}),
    };
  }

  /** `saveProfileAs`: the browser's state saved before it closes; a failure is told in the summary (the objective was still met). */
  private async saveProfileOf(result: FlowResult, session: BrowserSession): Promise<FlowResult> {
    const flow = await this.rec.get();
    const problem = await saveProfile(flow, session, this.deps.storage, this.deps.logger);
    return problem ? { ...result, summary: `${result.summary ?? ''} (profile "${flow.saveProfileAs}" was not saved: ${this.redact(problem)})`.trim() } : result;
  }

  private async keepLastDownloads(session: BrowserSession): Promise<void> {
    try {
      const last = this.history.at(-1)?.id ?? null;
      const { kept } = await takeCallDownloads(session, last, this.deps.settings.flows.navigationTimeoutMs, (t) => this.redact(t));
      await this.rec.addDownloads(kept);
    } catch (err) {
      this.deps.logger.debug('keeping the last downloads failed', { flowId: this.flowId, error: this.redact((err as Error).message) });
    }
  }

  private async end(result: FlowResult, patch: Partial<FlowMetadata> = {}): Promise<void> {
    this.phase = 'ended';
    try {
      const data = result.data !== undefined ? result.data : result.success ? this.resultData : undefined;
      await this.rec.finish({ ...result, healed: this.healed, ...(data !== undefined ? { data } : {}) }, patch);
    } catch (err) {
      this.deps.logger.warn('could not record the end of a flow (deleted?)', { flowId: this.flowId, error: (err as Error).message });
    }
    this.markEnded();
  }

  /** Aborts whatever the run waits on (a tool, the model, a pause); the run then ends with `reason`. */
  private stopWith(reason: FlowFailure): void {
    if (this.ending) return;
    this.ending = reason;
    this.abort.abort(reason);
    this.wake.wake();
  }

  private closeSession(): void {
    if (!this.session) return;
    this.closing = true;
    void this.session.close().catch(() => undefined);
  }

  private resultOf(err: unknown): FlowResult {
    if (this.ending) return failed(this.ending.code, this.redact(this.ending.message));
    if (err instanceof FlowCompletion) {
      return { success: err.success, summary: err.summary, error: err.success ? null : { code: 'OBJECTIVE_NOT_COMPLETABLE', message: err.summary }, ...(err.data !== undefined ? { data: err.data } : {}) };
    }
    if (err instanceof FlowFailure) return failed(err.code, this.redact(err.message));
    this.deps.logger.error('flow failed with an unexpected error', { flowId: this.flowId, error: this.redact(String((err as Error)?.stack ?? err)) });
    return failed('INTERNAL_ERROR', this.redact((err as Error)?.message ?? String(err)));
  }

  /**
   * Env values become `${NAME}` in any spelling (longest first, so a value
   * inside another cannot leave a tail), then registered secrets are masked.
   */
  private redact(text: string): string {
    return this.deps.logger.redact(this.env.redactor.redact(text));
  }

  private async execute(): Promise<FlowResult> {
    const startedAt = Date.now(); // before any await: flows the scheduler starts together keep their queue order
    let flow = await this.rec.get();
    this.checkCancelled();
    this.tools = this.deps.tools.forFlow(flow.customTools);
    flow = await this.rec.setState('INITIALIZING', { startedAt });
    this.secrets = await this.env.load(flow, this.deps.storage);
    // Given up at once when the flow ends early (cancel): a session that opens later, openSession closes.
    await bounded(this.opening = this.openSession(flow), { signal: this.abort.signal });
    await bounded(this.loadTarget(flow), { signal: this.abort.signal });

    for (const input of flow.toolCallsOnStart) {
      await this.checkpoint();
      const call = await this.callTool(input, 'ON_START');
      if (!call.outcome?.success && (await this.rec.get()).runMode === 'DETERMINISTIC') {
        // A value refused on an origin says so in the flow's code: the definition (or the page) would send it elsewhere.
        const code = call.outcome?.code === SECRET_NOT_ALLOWED ? SECRET_NOT_ALLOWED : 'TOOL_CALL_FAILED';
        throw new FlowFailure(code, `Tool call ${call.name} failed: ${call.outcome?.message ?? 'no outcome'}`);
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

  private async openSession(flow: FlowMetadata): Promise<void> {
    const driver = this.deps.drivers.find((d) => d.type === flow.browser.using.type);
    if (!driver) throw new FlowFailure('BROWSER_UNAVAILABLE', `No driver for browser type "${flow.browser.using.type}" is loaded`);
    const s = this.deps.settings.flows;
    const videoPath = s.video ? await this.deps.storage.artifacts.videoPath(flow.id) : null;
    const downloads = { dir: await this.deps.storage.artifacts.downloadsDir(flow.id), maxBytesPerFile: s.downloads.maxBytesPerFile, maxFiles: s.downloads.maxFilesPerFlow };
    const storageState = await loadProfile(flow, this.deps.storage);
    if (storageState) {
      // The profile's values are secrets of this flow from now on.
      const secrets = profileSecrets(storageState);
      for (const value of secrets) this.deps.logger.addSecret(value);
      this.env.hide(secrets);
      this.env.seal();
    }
    this.checkCancelled(); // ended while the start-up was given up on: launch nothing
    let session: BrowserSession;
    try {
      // `${NAME}` placeholders (a proxy password) are filled in for the driver only; the stored flow keeps them.
      session = await driver.open(substitute(flow.browser.using, this.env.valuesNow()), {
        flowId: flow.id, videoPath, actionTimeoutMs: s.actionTimeoutMs, navigationTimeoutMs: s.navigationTimeoutMs, downloads, ...(storageState ? { storageState } : {}),
        ...(this.secrets.size ? { secrets: this.secrets } : {}),
        navigationPolicy: flow.allowedOrigins?.length ? new OriginPolicy(flow.allowedOrigins) : null,
        ...(await this.recordingOptions(flow)),
        acquire: { timeoutMs: s.browserAcquireTimeoutMs, maxConcurrentPerEndpoint: s.maxConcurrentPerEndpoint, signal: this.abort.signal,
          onWaiting: (waitingFor) => void this.serial(async () => { if (this.phase !== 'ended') await this.rec.change({ waitingFor }); }).catch(() => undefined) },
      });
    } catch (err) {
      this.checkCancelled();
      throw new FlowFailure('BROWSER_UNAVAILABLE', `Could not start the browser: ${(err as Error).message}`);
    }
    this.session = session;
    // Stamped as the throttle lets the frame through, before the picture is encoded: the encoding's time (longer for a
    // bigger picture, and under load) would make frames sent 500 ms apart look closer.
    session.onFrame?.((f) => {
      const at = Date.now();
      this.deps.events.emit({ type: 'frame', flowId: flow.id, ...f, data: f.data.toString('base64'), url: this.redact(f.url), at });
    });
    if (this.ending) {
      this.closeSession();
      this.checkCancelled();
    }
    void session.disconnected.then((err) => {
      if (!this.closing) this.stopWith(new FlowFailure('BROWSER_CRASHED', `The browser closed unexpectedly: ${err.message}`));
    });
  }

  /** The network rules, and where the HAR and trace go (written through the flow's redaction when the session closes). */
  private async recordingOptions(flow: FlowMetadata): Promise<Partial<OpenSessionOptions>> {
    const { artifacts } = this.deps.storage;
    return {
      ...(flow.network?.rules.length ? { networkRules: flow.network.rules } : {}),
      ...(flow.network?.har ? { harPath: await artifacts.recordingPath(flow.id, 'har') } : {}),
      ...(flow.trace ? { tracePath: await artifacts.recordingPath(flow.id, 'trace') } : {}),
      redact: (t: string) => this.redact(t),
      hasSecrets: flow.envVars.length > 0,
    };
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
    if (this.ending) throw this.ending;
  }

  /** Between actions: applies a requested pause, then waits until a resume (or cancel) wakes the loop. */
  private async checkpoint(): Promise<void> {
    this.checkCancelled();
    if (this.pause !== 'requested') return;
    await this.serial(async () => {
      if (this.pause !== 'requested' || this.ending) return;
      this.pause = 'paused';
      await this.rec.setState('PAUSED', { nextState: null });
    });
    while (this.isPaused()) {
      await this.wake.wait(60_000);
      this.checkCancelled();
    }
  }

  /** Read through a call: resume (in the inbox) changes `pause` while the checkpoint waits. */
  private isPaused(): boolean {
    return this.pause === 'paused';
  }

  /** Takes a screenshot and stores its file; with `addToFlow`, also lists it on the flow (else the tool call's record does). */
  private async screenshot(addToFlow: boolean): Promise<string | null> {
    const keep = this.deps.settings.flows.screenshots; // not kept: still taken for a video, which shows every step
    if (!this.session || this.abort.signal.aborted || (!keep && !this.session.recordsVideo)) return null;
    try {
      const png = await this.session.screenshot();
      if (!keep) return null;
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
  private async callTool(input: ToolCallInput, source: ToolCallSource, by: StepOrigin = {}): Promise<ToolCallRecord> {
    const { rationale = null, id = randomUUID(), tokenUsage = null, costUsd = null } = by;
    const flow = await this.rec.get();
    this.checkBudget(flow);
    await this.rec.setState('RUNNING_ACTION');
    const { record, endFlow, failover, structured } = await runToolCall({
      // TOTP variables as the code current now (and that code known to the redactor and the origin checks from now on).
      id, input, source, rationale, tokenUsage, costUsd, flow, session: this.session!, tools: this.tools!, envValues: this.env.valuesNow(), secrets: this.secrets,
      recorder: this.rec, settings: this.deps.settings, signal: this.abort.signal,
      redact: (t) => this.redact(t), redactDeep: (x) => this.env.redactor.redactDeep(x), screenshot: () => this.screenshot(false),
      resultData: this.resultData,
    });
    this.checkCancelled();
    if (failover) this.healed.push(healedStep(this.history.length, record.name, failover));
    if (structured) this.resultData = record.outcome?.data ?? undefined;
    this.history.push(record);
    this.lastActivity = Date.now();
    if (endFlow) throw new FlowCompletion(endFlow.success, endFlow.summary, endFlow.data);
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
    const next = this.userCalls.shift();
    if (next) {
      await this.callTool(next.input, 'USER', { id: next.id });
      return;
    }
    if (flow.state !== 'WAITING_ON_USER_FOR_NEXT_ACTION') await this.rec.setState('WAITING_ON_USER_FOR_NEXT_ACTION');
    const idle = this.deps.settings.flows.instructIdleTimeoutMs;
    const remaining = this.lastActivity + idle - Date.now();
    if (remaining <= 0) throw new FlowFailure('IDLE_TIMEOUT', `No user action for ${Math.round(idle / 1000)} s`);
    await this.wake.wait(remaining);
  }

  private async autonomousStep(flow: FlowMetadata): Promise<void> {
    if (!this.deps.agent) throw new FlowFailure('AGENT_UNAVAILABLE', 'No plugin provides the autonomous agent (AUTONOMOUS_AGENT; the embedded config loads one), so AUTONOMOUS flows cannot run');
    // Checked before asking: a model call whose answer could not be run would only cost tokens.
    this.checkBudget(flow);
    await this.rec.setState('QUERYING_LLM_FOR_NEXT_ACTION');
    let usage: TokenUsage | null = null;
    let cost: number | null = null;
    const step = await this.deps.agent.nextStep({
      flow, session: this.session!, tools: this.tools!, history: this.history, signal: this.abort.signal,
      redact: (t) => this.redact(t),
      onUsage: (i, o, c) => { usage = { inputTokens: (usage?.inputTokens ?? 0) + i, outputTokens: (usage?.outputTokens ?? 0) + o, totalTokens: (usage?.totalTokens ?? 0) + i + o }; cost = c === null ? cost : (cost ?? 0) + c; return this.rec.addTokens(i, o, c); },
    });
    this.checkCancelled();
    if ((await this.rec.get()).runMode !== 'AUTONOMOUS') return; // switched meanwhile: drop the step
    await this.checkpoint();
    await this.callTool(step.toolCall, 'LLM', { rationale: step.rationale, tokenUsage: usage, costUsd: cost });
  }
}
