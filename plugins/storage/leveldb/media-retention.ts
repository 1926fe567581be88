/**
 * Retention of screenshots, videos and downloads (media). Finished flows (SUCCESS, FAILED)
 * that still have media are listed in the `mediaIdx` sublevel, oldest
 * completion first, with the bytes of their files:
 *
 *   <completedAt, 16 digits>!<enc(flowId)>  ->  { id, bytes }
 *
 * The entry is written in the same batch as the record's change that makes
 * the flow finished-with-media (or not any more), so the index always
 * matches the records. Past `maxFlows` entries or `maxBytes` in all, the
 * oldest finished flows' media are removed: files first, then the record
 * (`imageIds: []`, `hasVideo: false`, `downloads: []`, entry deleted, one batch), then its
 * tool calls' `screenshotImageId` (null). A running flow is never listed, so
 * never pruned. A crash between the steps leaves the entry in place and the
 * next pass finishes the job.
 *
 * A video is finished in the background after its flow has ended, as
 * `video.webm.part` (lib/video/frame-encoder.ts): an entry measured while
 * such a file exists is measured again once it is gone, so the byte total
 * counts every finished video.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isTerminal, type FlowMetadata, type ToolCallRecord } from '../../../kernel/flows/flow-types';
import type { Logger } from '../../../kernel/logger';
import { encodeKeyPart } from './flow-keys';
import type { KeyMutex } from './key-mutex';
import { keyRange } from './key-range';
import type { BatchOp, RootDb, Sublevels } from './sublevels';
import type { ToolCallKeys } from './tool-call-store';

/** Limits; null means no limit. */
export interface MediaRetentionLimits {
  /** Finished flows whose media are kept at most. */
  maxFlows: number | null;
  /** Bytes of finished flows' screenshots and videos kept at most. */
  maxBytes: number | null;
}

/** What the index holds per flow. */
export interface MediaEntry {
  id: string;
  bytes: number;
}

/** How often a flow whose video is still being finished is looked at, and for how long at most (ms). */
const PART_POLL_MS = 500;
const PART_WAIT_MS = 10 * 60_000;

/** Marker of an index that is complete (absent in data dirs written before it existed). */
const BUILT_KEY = 'mediaIdx.v1';

const hasMedia = (f: FlowMetadata): boolean => f.imageIds.length > 0 || f.hasVideo || (f.downloads?.length ?? 0) > 0;
const listed = (f: FlowMetadata): boolean => isTerminal(f.state) && hasMedia(f);
const entryKey = (f: FlowMetadata): string => `${String(Math.max(0, Math.trunc(f.completedAt ?? f.createdAt))).padStart(16, '0')}!${encodeKeyPart(f.id)}`;

/** Keeps the media index and prunes past the limits. One per open database. */
export class MediaRetention {
  private count = 0;
  private bytes = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: RootDb,
    private readonly subs: Sublevels,
    private readonly locks: KeyMutex,
    private readonly toolCallKeys: ToolCallKeys,
    private readonly flowsRoot: string,
    private readonly limits: MediaRetentionLimits,
    /** Removes every file of a flow (the artifact store's deleteFlow). */
    private readonly deleteFiles: (flowId: string) => Promise<void>,
    private readonly flowLock: (flowId: string) => string,
    private readonly logger?: Logger,
  ) {}

  /** Builds the index when the data dir predates it, loads the totals, and prunes once. */
  async open(): Promise<void> {
    if ((await this.subs.meta.get(BUILT_KEY)) === undefined) await this.build();
    for await (const entry of this.subs.mediaIdx.values()) {
      this.count++;
      this.bytes += entry.bytes;
    }
    this.schedule();
  }

  /** Finished flows with media, and the bytes of their files, as indexed now. */
  totals(): { flows: number; bytes: number } {
    return { flows: this.count, bytes: this.bytes };
  }

  /** Resolves once every scheduled pruning pass has run (tests; close). */
  settled(): Promise<void> {
    return this.chain;
  }

  /**
   * The index operations for a record going from `previous` to `next`
   * (undefined: deleted), to put in the record's own batch, and what to do
   * once that batch is written. Cheap when neither version is listed: the
   * hot path (a running flow's updates).
   */
  async change(previous: FlowMetadata | undefined, next: FlowMetadata | undefined): Promise<{ ops: BatchOp[]; commit(): void }> {
    const was = previous !== undefined && listed(previous);
    const is = next !== undefined && listed(next);
    if (!was && !is) return NONE;
    const oldKey = was ? entryKey(previous!) : undefined;
    const newKey = is ? entryKey(next!) : undefined;
    if (oldKey === newKey) return NONE;
    const ops: BatchOp[] = [];
    let delta = 0;
    let deltaBytes = 0;
    if (oldKey !== undefined) {
      const old = await this.subs.mediaIdx.get(oldKey);
      if (old) {
        ops.push({ type: 'del', sublevel: this.subs.mediaIdx, key: oldKey });
        delta--;
        deltaBytes -= old.bytes;
      }
    }
    let remeasure = false;
    if (newKey !== undefined) {
      const { bytes, partial } = await this.files(next!.id);
      remeasure = partial;
      ops.push({ type: 'put', sublevel: this.subs.mediaIdx, key: newKey, value: { id: next!.id, bytes } });
      delta++;
      deltaBytes += bytes;
    }
    return {
      ops,
      commit: () => {
        this.count += delta;
        this.bytes += deltaBytes;
        if (delta > 0) this.schedule();
        if (remeasure) this.remeasureWhenWritten(next!.id, newKey!);
      },
    };
  }

  /** Drops the index and its marker, as in a data dir written before it existed (tests, repair). */
  async forgetIndex(): Promise<void> {
    await this.chain;
    await this.subs.mediaIdx.clear();
    await this.subs.meta.del(BUILT_KEY);
    this.count = 0;
    this.bytes = 0;
  }

  private schedule(): void {
    if (this.limits.maxFlows === null && this.limits.maxBytes === null) return;
    this.chain = this.chain.then(() => this.prune()).catch((err: Error) => {
      this.logger?.warn('pruning old screenshots and videos failed; retried after the next finished flow', { error: err.message });
    });
  }

  private over(): boolean {
    return (this.limits.maxFlows !== null && this.count > this.limits.maxFlows)
      || (this.limits.maxBytes !== null && this.bytes > this.limits.maxBytes);
  }

  /** Removes the oldest finished flows' media until the totals are within the limits. */
  private async prune(): Promise<void> {
    while (this.over()) {
      const [oldest] = await this.subs.mediaIdx.iterator({ limit: 1 }).all();
      if (!oldest) return;
      const [key, entry] = oldest;
      await this.locks.run(this.flowLock(entry.id), async () => {
        const flow = await this.subs.flows.get(entry.id);
        if (!flow || !listed(flow)) {
          // The record no longer matches the entry (deleted, or changed by hand): the entry goes.
          await this.subs.mediaIdx.del(key);
          this.count--;
          this.bytes -= entry.bytes;
          return;
        }
        // Files first: a crash after this leaves the entry, and the next pass completes the record.
        await this.deleteFiles(flow.id);
        const next: FlowMetadata = { ...flow, imageIds: [], hasVideo: false, ...(flow.downloads ? { downloads: [] } : {}) };
        await this.db.batch([
          { type: 'put', sublevel: this.subs.flows, key: flow.id, value: next },
          { type: 'del', sublevel: this.subs.mediaIdx, key },
        ]);
        this.count--;
        this.bytes -= entry.bytes;
      });
      await this.clearScreenshots(entry.id);
      this.logger?.info('screenshots and video of an old finished flow removed (media retention)', { flowId: entry.id, bytes: entry.bytes });
    }
  }

  /** Sets every tool call's `screenshotImageId` of the flow to null: the images are gone. */
  private clearScreenshots(flowId: string): Promise<void> {
    return this.locks.run(this.toolCallKeys.lockOf(flowId), async () => {
      const ops: BatchOp[] = [];
      for await (const [key, value] of this.subs.toolCalls.iterator(keyRange(`${this.toolCallKeys.prefixOf(flowId)}s!`))) {
        const call = value as ToolCallRecord;
        if (call.screenshotImageId !== null) ops.push({ type: 'put', sublevel: this.subs.toolCalls, key, value: { ...call, screenshotImageId: null } });
      }
      if (ops.length) await this.db.batch(ops);
    });
  }

  /** One pass over every record: the index of a data dir written before it existed. */
  private async build(): Promise<void> {
    const ops: BatchOp[] = [];
    let flows = 0;
    for await (const flow of this.subs.flows.values()) {
      if (!listed(flow)) continue;
      ops.push({ type: 'put', sublevel: this.subs.mediaIdx, key: entryKey(flow), value: { id: flow.id, bytes: (await this.files(flow.id)).bytes } });
      flows++;
    }
    ops.push({ type: 'put', sublevel: this.subs.meta, key: BUILT_KEY, value: Date.now() });
    await this.db.batch(ops);
    if (flows) this.logger?.info('media index built for the existing finished flows', { flows });
  }

  /** Once the flow's files are all written, its entry gets their real size (and the limits are applied again). */
  private remeasureWhenWritten(flowId: string, key: string): void {
    const giveUpAt = Date.now() + PART_WAIT_MS;
    const look = async (): Promise<void> => {
      if ((await this.files(flowId)).partial && Date.now() < giveUpAt) {
        setTimeout(() => void look(), PART_POLL_MS).unref();
        return;
      }
      this.chain = this.chain.then(() => this.locks.run(this.flowLock(flowId), async () => {
        const entry = await this.subs.mediaIdx.get(key);
        if (!entry) return;
        const { bytes } = await this.files(flowId);
        if (bytes === entry.bytes) return;
        await this.subs.mediaIdx.put(key, { id: flowId, bytes });
        this.bytes += bytes - entry.bytes;
      })).catch((err: Error) => {
        // The database closed meanwhile: the next start measures nothing again, the entry keeps its first size.
        this.logger?.debug('measuring a finished video for media retention failed', { flowId, error: err.message });
      });
      this.schedule();
    };
    setTimeout(() => void look(), PART_POLL_MS).unref();
  }

  /**
   * Bytes of the files in the flow's folder and its subfolders (downloads/)
   * (0 when it has none), and whether one is still being written (a `.part`
   * file: its video).
   */
  private async files(flowId: string, dir = join(this.flowsRoot, flowId)): Promise<{ bytes: number; partial: boolean }> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return { bytes: 0, partial: false };
    }
    let total = 0;
    let partial = names.some((name) => name.endsWith('.part'));
    for (const name of names) {
      try {
        const s = await stat(join(dir, name));
        if (s.isFile()) total += s.size;
        else if (s.isDirectory()) {
          const sub = await this.files(flowId, join(dir, name));
          total += sub.bytes;
          partial ||= sub.partial;
        }
      } catch {
        // Removed meanwhile (a temp file renamed into place): not counted.
      }
    }
    return { bytes: total, partial };
  }
}

const NONE = { ops: [] as BatchOp[], commit: () => {} };
