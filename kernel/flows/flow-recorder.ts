/**
 * The only path by which a flow changes: each change is written to storage
 * BEFORE its event is emitted (one `state` event per change of state,
 * nextState or runMode), so nothing a client saw can be missing after a
 * crash. Used only by the flow's FlowActor, the one writer of a live flow,
 * which is why the last written record can be kept: no one else changes it.
 */
import type { Storage } from '../contracts/storage';
import { apiError } from '../errors';
import type { FlowEvents } from '../contracts/flow-events';
import type { FlowDownload, FlowMetadata, FlowResult, FlowState, ToolCallRecord } from './flow-types';

export class FlowRecorder {
  /** The record as last read or written by this recorder. */
  private current: FlowMetadata | null = null;

  constructor(private readonly flowId: string, private readonly storage: Storage, private readonly events: FlowEvents) {}

  /** Applies `mutate` to the stored record; throws if the flow was deleted meanwhile. */
  private async update(mutate: (f: FlowMetadata) => FlowMetadata): Promise<FlowMetadata> {
    const flow = await this.storage.flows.update(this.flowId, mutate);
    if (!flow) throw apiError('FLOW_NOT_FOUND', { flowId: this.flowId, hint: 'it was deleted while it ran' });
    this.current = flow;
    return flow;
  }

  /** The record: read from storage once, then the last one this recorder wrote (the actor is its only writer). */
  async get(): Promise<FlowMetadata> {
    if (this.current) return this.current;
    const flow = await this.storage.flows.get(this.flowId);
    if (!flow) throw apiError('FLOW_NOT_FOUND', { flowId: this.flowId, hint: 'it was deleted while it ran' });
    this.current = flow;
    return flow;
  }

  /** Saves `patch` (a change of state, nextState, or runMode with its gptConfigName), then emits one `state` event. */
  async change(patch: Partial<FlowMetadata>): Promise<FlowMetadata> {
    const flow = await this.update((f) => ({ ...f, ...patch }));
    this.events.emit({ type: 'state', flowId: this.flowId, state: flow.state, nextState: flow.nextState, runMode: flow.runMode, waitingFor: flow.waitingFor ?? null, at: Date.now() });
    return flow;
  }

  /** Changes the state (and optional fields) and emits `state`; nothing when the state is already `state` and there is no patch. */
  async setState(state: FlowState, patch: Partial<FlowMetadata> = {}): Promise<FlowMetadata> {
    const current = await this.get();
    if (!Object.keys(patch).length && current.state === state) return current;
    return this.change({ ...patch, state });
  }

  /** Writes a tool call (started or finished) and emits `toolCall`. */
  async putToolCall(call: ToolCallRecord, phase: 'started' | 'finished'): Promise<void> {
    await this.storage.toolCalls.put(this.flowId, call);
    this.events.emit({ type: 'toolCall', flowId: this.flowId, phase, toolCall: call, at: Date.now() });
  }

  /** Stores a screenshot and adds its id to the flow. */
  async putScreenshot(imageId: string, png: Buffer, toolCallId: string | null): Promise<void> {
    await this.storage.artifacts.putImage(this.flowId, imageId, png);
    await this.update((f) => ({ ...f, imageIds: [...f.imageIds, imageId] }));
    this.events.emit({ type: 'screenshot', flowId: this.flowId, imageId, toolCallId, at: Date.now() });
  }

  /**
   * Records a finished tool call: the call, then ONE flow write with its
   * progress, screenshot id (the PNG file is already stored) and the files
   * it downloaded (already written), then the `toolCall` and `screenshot` events.
   */
  async finishToolCall(call: ToolCallRecord, downloads: FlowDownload[] = []): Promise<void> {
    await this.storage.toolCalls.put(this.flowId, call);
    const ok = call.outcome?.success === true;
    const imageId = call.screenshotImageId;
    await this.update((f) => ({
      ...f,
      imageIds: imageId ? [...f.imageIds, imageId] : f.imageIds,
      ...(downloads.length ? { downloads: [...(f.downloads ?? []), ...downloads] } : {}),
      progress: {
        ...f.progress,
        toolCallsCompleted: f.progress.toolCallsCompleted + (ok ? 1 : 0),
        toolCallsFailed: f.progress.toolCallsFailed + (ok ? 0 : 1),
      },
    }));
    const at = Date.now();
    this.events.emit({ type: 'toolCall', flowId: this.flowId, phase: 'finished', toolCall: call, at });
    if (imageId) this.events.emit({ type: 'screenshot', flowId: this.flowId, imageId, toolCallId: call.id, at });
  }

  /** Adds downloads that arrived after the last tool call (taken when the flow ends). */
  async addDownloads(downloads: FlowDownload[]): Promise<void> {
    if (downloads.length) await this.update((f) => ({ ...f, downloads: [...(f.downloads ?? []), ...downloads] }));
  }

  /** Adds token usage of one LLM call, and its price to `costUsd` (a call without a price adds nothing). */
  async addTokens(inputTokens: number, outputTokens: number, costUsd: number | null = null): Promise<void> {
    const flow = await this.update((f) => {
      const i = f.tokenUsage.inputTokens + inputTokens;
      const o = f.tokenUsage.outputTokens + outputTokens;
      return { ...f, tokenUsage: { inputTokens: i, outputTokens: o, totalTokens: i + o }, costUsd: costUsd === null ? f.costUsd ?? null : (f.costUsd ?? 0) + costUsd };
    });
    this.events.emit({ type: 'tokenUsage', flowId: this.flowId, tokenUsage: flow.tokenUsage, at: Date.now() });
  }

  /**
   * Ends the flow: result, final state and completion time in ONE write, so no
   * reader sees SUCCESS/FAILED with `result: null`; then `state` and `done`
   * (`done` closes the event stream: it carries the final record, not a change).
   */
  async finish(result: FlowResult, patch: Partial<FlowMetadata> = {}): Promise<FlowMetadata> {
    const state: FlowState = result.success ? 'SUCCESS' : 'FAILED';
    const flow = await this.update((f) => ({ ...f, ...patch, result, state, nextState: null, waitingFor: null, completedAt: Date.now() }));
    this.events.emit({ type: 'state', flowId: this.flowId, state, nextState: null, runMode: flow.runMode, waitingFor: null, at: Date.now() });
    this.events.emit({ type: 'done', flowId: this.flowId, flow, at: Date.now() });
    return flow;
  }
}
