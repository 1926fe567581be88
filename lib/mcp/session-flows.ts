/**
 * Which flows one MCP session owns. A session acts only on the flows it
 * started (two clients never share a browser), may leave out `flowId` when
 * it has exactly one live INSTRUCT flow, and cancels its live flows when it
 * closes.
 */
import { ApiRequestError, type BrowserflowApi } from './api-client';
import { hasEnded } from './api-types';

/** A refusal the tool answers as an error result (bad or ambiguous `flowId`). */
export class SessionFlowError extends Error {}

export class SessionFlows {
  /** Flows this session drives (flow_start), in start order. */
  private readonly interactive: string[] = [];
  /** Every flow this session started (flow_run's included): cancelled on close. */
  private readonly owned = new Set<string>();
  /** Flows seen ended: never live again. */
  private readonly ended = new Set<string>();
  private closed = false;

  constructor(private readonly api: BrowserflowApi) {}

  /** Records a flow this session started; `interactive` for flow_start. */
  add(flowId: string, interactive: boolean): void {
    if (this.closed) return;
    this.owned.add(flowId);
    if (interactive) this.interactive.push(flowId);
  }

  /** Records that a flow has ended (it no longer counts as live). */
  markEnded(flowId: string): void {
    this.ended.add(flowId);
  }

  /** Whether this session started the flow. */
  owns(flowId: string): boolean {
    return this.owned.has(flowId);
  }

  /**
   * The flow an action applies to: `given` when this session owns it, else
   * the session's only live interactive flow. Throws SessionFlowError saying
   * what to do otherwise.
   */
  async target(given: string | undefined): Promise<string> {
    if (given !== undefined) {
      if (!this.interactive.includes(given)) {
        throw new SessionFlowError(`flowId: flow ${given} was not started by this MCP session (start one with flow_start); a session acts only on its own flows`);
      }
      return given;
    }
    const live = await this.liveInteractive();
    if (live.length === 1) return live[0]!;
    if (!live.length) throw new SessionFlowError('flowId: this session has no live flow; start one with flow_start');
    throw new SessionFlowError(`flowId: is required, this session has ${live.length} live flows (${live.join(', ')})`);
  }

  /** The interactive flows that have not ended, asking the API about those not known to have ended. */
  private async liveInteractive(): Promise<string[]> {
    const live: string[] = [];
    for (const id of this.interactive) {
      if (this.ended.has(id)) continue;
      try {
        if (hasEnded(await this.api.flow(id))) this.ended.add(id);
        else live.push(id);
      } catch (err) {
        // Deleted meanwhile: it is not live. Anything else (service gone) is the caller's error.
        if (err instanceof ApiRequestError && err.code === 'FLOW_NOT_FOUND') this.ended.add(id);
        else throw err;
      }
    }
    return live;
  }

  /** Cancels every flow of the session that may still be live; idempotent, never rejects. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.owned].filter((id) => !this.ended.has(id)).map(async (id) => {
      // 409 (already ended) and 404 (deleted) are fine; a service that is gone has cancelled them itself.
      await this.api.cancel(id).catch(() => undefined);
      this.ended.add(id);
    }));
  }
}
