/**
 * Flow records and their secondary indexes on LevelDB. Records live in
 * `flows` (id -> metadata); index entries in `flowIdx` (see flow-keys.ts).
 * Record and index entries always change in one atomic batch.
 */
import type { FlowStore } from '../../../kernel/contracts/storage';
import { isTerminal, type FlowMetadata, type FlowPage, type FlowQuery } from '../../../kernel/flows/flow-types';
import type { KeyMutex } from './key-mutex';
import type { BatchOp, RootDb, Sublevels } from './sublevels';
import {
  decodePageToken, encodePageToken, indexKeysOf, matchesQuery, planQuery, positionOfIndexKey,
} from './flow-keys';
import { keyRange } from './key-range';
import { NameSearch } from './name-search';
import type { ToolCallKeys } from './tool-call-store';

/** Extra index operations a record change brings (the media index), and what to do once they are written. */
export interface RecordChangeHook {
  change(previous: FlowMetadata | undefined, next: FlowMetadata | undefined): Promise<{ ops: BatchOp[]; commit(): void }>;
}

/** Largest number of index entries read per step when records must be filtered. */
const MAX_CHUNK = 1024;

/** FlowStore on LevelDB; `locks` is shared with the tool-call store (delete removes calls). */
export class LevelFlowStore implements FlowStore {
  /** Every flow's name in memory, for `nameContains` (name-search.ts). */
  private readonly names: NameSearch;

  constructor(
    private readonly db: RootDb,
    private readonly subs: Sublevels,
    private readonly locks: KeyMutex,
    private readonly toolCallKeys: ToolCallKeys,
    private readonly hook?: RecordChangeHook,
  ) {
    this.names = new NameSearch(subs);
  }

  async create(flow: FlowMetadata): Promise<void> {
    await this.locks.run(flowLock(flow.id), async () => {
      if ((await this.subs.flows.get(flow.id)) !== undefined) throw new Error(`flow ${flow.id} already exists`);
      const ops: BatchOp[] = [{ type: 'put', sublevel: this.subs.flows, key: flow.id, value: flow }];
      for (const key of indexKeysOf(flow)) ops.push({ type: 'put', sublevel: this.subs.flowIdx, key, value: flow.id });
      const extra = await this.hook?.change(undefined, flow);
      if (extra) ops.push(...extra.ops);
      await this.db.batch(ops);
      extra?.commit();
      this.names.written(undefined, flow);
    });
  }

  get(id: string): Promise<FlowMetadata | undefined> {
    return this.subs.flows.get(id);
  }

  update(id: string, mutate: (current: FlowMetadata) => FlowMetadata): Promise<FlowMetadata | undefined> {
    return this.locks.run(flowLock(id), async () => {
      const current = await this.subs.flows.get(id);
      if (current === undefined) return undefined;
      // Index keys of the stored version, taken before `mutate` may change `current` in place.
      const oldKeys = new Set(indexKeysOf(current));
      const previous = this.hook ? { ...current, imageIds: [...current.imageIds] } : current;
      const named = { id: current.id, createdAt: current.createdAt, name: current.name };
      const next = mutate(current);
      if (next.id !== id) throw new Error(`flow update must not change the id (${id} -> ${next.id})`);
      const newKeys = new Set(indexKeysOf(next));
      const ops: BatchOp[] = [{ type: 'put', sublevel: this.subs.flows, key: id, value: next }];
      for (const key of oldKeys) if (!newKeys.has(key)) ops.push({ type: 'del', sublevel: this.subs.flowIdx, key });
      for (const key of newKeys) if (!oldKeys.has(key)) ops.push({ type: 'put', sublevel: this.subs.flowIdx, key, value: id });
      const extra = await this.hook?.change(previous, next);
      if (extra) ops.push(...extra.ops);
      await this.db.batch(ops);
      extra?.commit();
      this.names.written(named, next);
      return next;
    });
  }

  delete(id: string): Promise<boolean> {
    return this.locks.run(flowLock(id), () =>
      // Also hold the flow's tool-call lock so no call is appended while its siblings are deleted.
      this.locks.run(this.toolCallKeys.lockOf(id), async () => {
        const current = await this.subs.flows.get(id);
        if (current === undefined) return false;
        const ops: BatchOp[] = [{ type: 'del', sublevel: this.subs.flows, key: id }];
        for (const key of indexKeysOf(current)) ops.push({ type: 'del', sublevel: this.subs.flowIdx, key });
        for await (const key of this.subs.toolCalls.keys(keyRange(this.toolCallKeys.prefixOf(id)))) {
          ops.push({ type: 'del', sublevel: this.subs.toolCalls, key });
        }
        const extra = await this.hook?.change(current, undefined);
        if (extra) ops.push(...extra.ops);
        await this.db.batch(ops);
        extra?.commit();
        this.names.written(current, undefined);
        return true;
      }),
    );
  }

  /**
   * Walks the most selective index from the cursor, newest first, filtering
   * records by the remaining criteria, and stops at limit + 1 matches (the
   * extra one only tells whether a next page exists).
   */
  async list(query: FlowQuery): Promise<FlowPage> {
    const limit = Math.max(1, Math.trunc(query.limit));
    const plan = planQuery(query);
    const after = query.pageToken !== undefined ? decodePageToken(query.pageToken) : undefined;
    // A substring needs the name index's keys; an exact name (more selective) walks its own index.
    if (query.nameContains !== undefined && query.name === undefined) return this.names.list({ ...query, nameContains: query.nameContains }, after);
    const range = keyRange(plan.prefix, after);
    const exact = !hasRecordOnlyFilters(query, plan.index);
    const found: Array<{ flow: FlowMetadata; position: string }> = [];
    const iterator = this.subs.flowIdx.iterator(range);
    try {
      let chunk = limit + 1;
      while (found.length <= limit) {
        const entries = await iterator.nextv(chunk);
        if (entries.length === 0) break;
        const records = await this.subs.flows.getMany(entries.map(([, id]) => id));
        for (let i = 0; i < entries.length && found.length <= limit; i++) {
          const flow = records[i];
          // A record deleted since the index was read is simply skipped.
          if (flow !== undefined && matchesQuery(flow, query)) found.push({ flow, position: positionOfIndexKey(entries[i]![0]) });
        }
        // Filtered walks read ever larger steps so a sparse match costs few round trips.
        chunk = exact ? limit + 1 - found.length : Math.min(chunk * 2, MAX_CHUNK);
        if (chunk <= 0) break;
      }
    } finally {
      await iterator.close();
    }
    const page = found.slice(0, limit);
    const nextPageToken = found.length > limit ? encodePageToken(page[page.length - 1]!.position) : null;
    return { flows: page.map((f) => f.flow), nextPageToken };
  }

  /** A single-index query counts its index keys; any other filter pages through the matches. */
  async count(query: Omit<FlowQuery, 'limit' | 'pageToken'>): Promise<number> {
    const plan = planQuery(query);
    if (!hasRecordOnlyFilters(query, plan.index)) return (await this.subs.flowIdx.keys(keyRange(plan.prefix)).all()).length;
    let total = 0;
    let pageToken: string | undefined;
    do {
      const page = await this.list({ ...query, limit: MAX_CHUNK, pageToken });
      total += page.flows.length;
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);
    return total;
  }

  async listActive(): Promise<FlowMetadata[]> {
    const ids = await this.subs.flowIdx.values(keyRange('a!')).all();
    const records = await this.subs.flows.getMany(ids);
    // Re-checked like list(): a record deleted or finished since the index read is left out.
    return records.filter((f): f is FlowMetadata => f !== undefined && !isTerminal(f.state));
  }
}

/** Whether a filter is left to check on records after walking `index`. */
function hasRecordOnlyFilters(query: Omit<FlowQuery, 'limit'>, index: ReturnType<typeof planQuery>['index']): boolean {
  if (query.startedAfter !== undefined || query.startedBefore !== undefined || query.nameContains !== undefined || query.initialRunMode !== undefined) return true;
  const filters = [query.name !== undefined, query.tag !== undefined, query.envVar !== undefined, query.state !== undefined, query.runMode !== undefined].filter(Boolean).length;
  return filters > (index === 'createdAt' ? 0 : 1);
}

/** Mutex key serialising writes of one flow record (shared with media retention). */
export function flowLock(id: string): string {
  return `flow:${id}`;
}
