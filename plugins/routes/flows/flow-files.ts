/**
 * One tool call and the media files of a flow, as the routes serve them:
 * read from storage after the flow itself is found (404 FLOW_NOT_FOUND
 * first), never through the flow lifecycle, which they do not change.
 */
import { statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Flows } from '../../../kernel/contracts/flows';
import type { Storage } from '../../../kernel/contracts/storage';
import { apiError } from '../../../kernel/errors';
import { isTerminal, type FlowDownload, type ToolCallRecord } from '../../../kernel/flows/flow-types';
import { isVideoBeingWritten } from '../../../lib/video/frame-encoder';

/**
 * How long a request for a video still being finished waits for it at most
 * (ms): longer than the encoder may take to finish (FINISH_TIMEOUT_MS), so a
 * slow machine's video is served rather than reported missing.
 */
const VIDEO_WAIT_MS = 150_000;

/** A `.part` file unchanged this long after its flow ended is no longer being written (its encoder died with a previous run). */
const STALE_PART_MS = 15_000;

export class FlowFiles {
  constructor(private readonly flows: Flows, private readonly storage: Storage) {}

  /** One call, or 404 TOOL_CALL_NOT_FOUND. */
  async toolCall(id: string, toolCallId: string): Promise<ToolCallRecord> {
    await this.flows.get(id);
    const call = await this.storage.toolCalls.get(id, toolCallId);
    if (!call) throw apiError('TOOL_CALL_NOT_FOUND', { flowId: id, id: toolCallId });
    return call;
  }

  /** The flow's kept downloads (an empty list when none). */
  async downloads(id: string): Promise<FlowDownload[]> {
    return (await this.flows.get(id)).downloads ?? [];
  }

  /** One kept download and its file, or 404 DOWNLOAD_NOT_FOUND (also once media retention removed it). */
  async download(id: string, downloadId: string): Promise<{ download: FlowDownload; path: string }> {
    const flow = await this.flows.get(id);
    const download = (flow.downloads ?? []).find((d) => d.id === downloadId);
    const path = download ? await this.storage.artifacts.downloadPath(id, downloadId) : undefined;
    if (!download || !path) throw apiError('DOWNLOAD_NOT_FOUND', { flowId: id, id: downloadId });
    return { download, path };
  }

  /** The flow's redacted HAR or trace, or 404 HAR_NOT_FOUND / TRACE_NOT_FOUND saying why. */
  async recording(id: string, kind: 'har' | 'trace'): Promise<string> {
    const flow = await this.flows.get(id);
    const asked = kind === 'har' ? flow.network?.har === true : flow.trace === true;
    const path = asked ? await this.storage.artifacts.findRecording(id, kind) : undefined;
    if (path) return path;
    const why = !asked ? `it did not ask for one (CreateFlow ${kind === 'har' ? 'network.har' : 'trace'}: true)`
      : !isTerminal(flow.state) ? 'it is written when the flow ends'
      : 'it was not written (the browser closed before it could be, or media retention removed it)';
    throw apiError(kind === 'har' ? 'HAR_NOT_FOUND' : 'TRACE_NOT_FOUND', { flowId: id, why });
  }

  /** Absolute path of a screenshot, or 404 IMAGE_NOT_FOUND. */
  async imagePath(id: string, imageId: string): Promise<string> {
    await this.flows.get(id);
    const path = /^[A-Za-z0-9_-]{1,100}$/.test(imageId) ? await this.storage.artifacts.imagePath(id, imageId) : undefined;
    if (!path) throw apiError('IMAGE_NOT_FOUND', { flowId: id, id: imageId });
    return path;
  }

  /**
   * Absolute path of the finished video, or 404 VIDEO_NOT_FOUND. A video is
   * finished in the background once its flow has ended, as `video.webm.part`
   * renamed when complete (lib/video/frame-encoder.ts): a request in that
   * time waits for it, however long the encoder of this process takes (up
   * to VIDEO_WAIT_MS), and gives up early only on a `.part` no encoder
   * writes any more.
   */
  async videoPath(id: string): Promise<string> {
    const flow = await this.flows.get(id);
    const path = await this.storage.artifacts.videoPath(id);
    const missing = () => apiError('VIDEO_NOT_FOUND', { flowId: id, live: !isTerminal(flow.state) });
    if (!flow.hasVideo || !isTerminal(flow.state)) {
      if (flow.hasVideo && hasContent(path)) return path;
      throw missing();
    }
    const deadline = Date.now() + VIDEO_WAIT_MS;
    for (;;) {
      if (hasContent(path)) return path;
      const part = modifiedAt(`${path}.part`);
      const changed = Math.max(part ?? 0, flow.completedAt ?? 0);
      // Unchanged for long is a dead encoder only when this process is not writing it: a starved one may write nothing for a while.
      const stale = !isVideoBeingWritten(path) && Date.now() - changed > STALE_PART_MS;
      if (part === null || stale || Date.now() > deadline) throw missing();
      await sleep(50);
    }
  }
}

function hasContent(path: string): boolean {
  return (statSync(path, { throwIfNoEntry: false })?.size ?? 0) > 0;
}

/** When `path` last changed (ms), or null when it does not exist. */
function modifiedAt(path: string): number | null {
  return statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? null;
}
