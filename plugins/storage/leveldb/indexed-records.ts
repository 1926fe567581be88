/**
 * A record store with secondary indexes, newest first (runs, heal
 * proposals): records in one sublevel (id -> record), index entries in
 * another, each ending with the record's position
 * `<invertedCreatedAt>!<id>` (flow-keys.ts), so every index lists newest
 * first and one page token works on any of them. Record and index entries
 * change in one batch, serialised per id.
 */
import type { KeyMutex } from './key-mutex';
import type { BatchOp, RootDb, Sub } from './sublevels';
import { decodePageToken, encodePageToken, encodeKeyPart, invertTimestamp, positionOfIndexKey } from './flow-keys';
import { keyRange } from './key-range';

/** How a record kind is indexed. */
export interface IndexSpec<T> {
  /** Distinguishes this kind's mutex keys. */
  name: string;
  id(record: T): string;
  createdAt(record: T): number;
  /** The index prefixes the record is listed under (`c!` for all, `s!<state>!`...), each ending with `!`. */
  prefixes(record: T): string[];
}

/** Largest number of index entries read per step when records must be filtered. */
const MAX_CHUNK = 512;

export class IndexedRecords<T> {
  constructor(
    private readonly db: RootDb,
    private readonly records: Sub<T>,
    private readonly index: Sub<string>,
    private readonly locks: KeyMutex,
    private readonly spec: IndexSpec<T>,
  ) {}

  /** The sort position of a record: newest first, ties by id. */
  position(record: T): string {
    return `${invertTimestamp(this.spec.createdAt(record))}!${encodeKeyPart(this.spec.id(record))}`;
  }

  private keysOf(record: T): string[] {
    const pos = this.position(record);
    return this.spec.prefixes(record).map((p) => p + pos);
  }

  create(record: T): Promise<void> {
    const id = this.spec.id(record);
    return this.locks.run(this.lock(id), async () => {
      if ((await this.records.get(id)) !== undefined) throw new Error(`${this.spec.name} ${id} already exists`);
      const ops: BatchOp[] = [{ type: 'put', sublevel: this.records, key: id, value: record }];
      for (const key of this.keysOf(record)) ops.push({ type: 'put', sublevel: this.index, key, value: id });
      await this.db.batch(ops);
    });
  }

  get(id: string): Promise<T | undefined> {
    return this.records.get(id);
  }

  update(id: string, mutate: (current: T) => T): Promise<T | undefined> {
    return this.locks.run(this.lock(id), async () => {
      const current = await this.records.get(id);
      if (current === undefined) return undefined;
      const oldKeys = new Set(this.keysOf(current));
      const next = mutate(current);
      if (this.spec.id(next) !== id) throw new Error(`${this.spec.name} update must not change the id`);
      const newKeys = new Set(this.keysOf(next));
      const ops: BatchOp[] = [{ type: 'put', sublevel: this.records, key: id, value: next }];
      for (const key of oldKeys) if (!newKeys.has(key)) ops.push({ type: 'del', sublevel: this.index, key });
      for (const key of newKeys) if (!oldKeys.has(key)) ops.push({ type: 'put', sublevel: this.index, key, value: id });
      await this.db.batch(ops);
      return next;
    });
  }

  /**
   * One page under `prefix`, newest first, of the records `keep` accepts;
   * reads limit + 1 matches (the extra one only tells whether a next page exists).
   */
  async list(prefix: string, limit: number, pageToken: string | undefined, keep: (record: T) => boolean = () => true): Promise<{ items: T[]; nextPageToken: string | null }> {
    const max = Math.max(1, Math.trunc(limit));
    const after = pageToken !== undefined ? decodePageToken(pageToken) : undefined;
    const found: Array<{ record: T; position: string }> = [];
    const iterator = this.index.iterator(keyRange(prefix, after));
    try {
      let chunk = max + 1;
      while (found.length <= max) {
        const entries = await iterator.nextv(chunk);
        if (entries.length === 0) break;
        const records = await this.records.getMany(entries.map(([, id]) => id));
        for (let i = 0; i < entries.length && found.length <= max; i++) {
          const record = records[i];
          if (record !== undefined && keep(record)) found.push({ record, position: positionOfIndexKey(entries[i]![0]) });
        }
        chunk = Math.min(chunk * 2, MAX_CHUNK);
      }
    } finally {
      await iterator.close();
    }
    const page = found.slice(0, max);
    const nextPageToken = found.length > max ? encodePageToken(page[page.length - 1]!.position) : null;
    return { items: page.map((f) => f.record), nextPageToken };
  }

  /** Every record under `prefix`, newest first. */
  async all(prefix: string): Promise<T[]> {
    const ids = await this.index.values(keyRange(prefix)).all();
    return (await this.records.getMany(ids)).filter((r): r is T => r !== undefined);
  }

  private lock(id: string): string {
    return `${this.spec.name}:${id}`;
  }
}
