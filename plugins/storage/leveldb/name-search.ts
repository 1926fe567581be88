/**
 * `GET /api/flows?nameContains=`: flows whose name contains a text, any case,
 * newest first with the same cursor as every list. No LevelDB index can
 * answer a substring, so the store keeps every flow's name in memory
 * (position -> lowercased name), loaded once from the name index's keys
 * (`n!<enc(name)>!<position>`, flow-keys.ts, no record read) and kept up to
 * date by each write. A search scans those names (10,000 short strings: about
 * a millisecond) and reads only the records of the page, which are checked
 * against the whole query again, so a name changing meanwhile cannot slip a
 * wrong flow into the answer.
 */
import type { FlowMetadata, FlowPage, FlowQuery } from '../../../kernel/flows/flow-types';
import { decodeKeyPart, encodePageToken, flowPosition, matchesQuery, positionOfIndexKey } from './flow-keys';
import { keyRange } from './key-range';
import type { Sublevels } from './sublevels';

/** Records read per step while the page fills (other filters may drop some). */
const CHUNK = 256;

/** The id inside a position (`<invertedCreatedAt>!<enc(id)>`). */
const idOf = (position: string): string => decodeKeyPart(position.slice(position.indexOf('!') + 1));

/** What the table keeps of a flow. */
type NamedFlow = Pick<FlowMetadata, 'id' | 'createdAt' | 'name'>;

/** One change of the name table: a flow's name set (or changed), or the flow gone. */
type NameChange = { position: string; name: string | null };

/** The names of every stored flow, for substring search. One per open database. */
export class NameSearch {
  private names: Map<string, string> | null = null;
  private loading: Promise<Map<string, string>> | null = null;
  /** Changes written while the table loads, applied after it (each is idempotent, so order against the load does not matter). */
  private pending: NameChange[] = [];

  constructor(private readonly subs: Sublevels) {}

  /** After a record's batch is written: keeps the table in step (`undefined`: absent before / deleted). */
  written(previous: NamedFlow | undefined, next: NamedFlow | undefined): void {
    if (previous && (!next || previous.name !== next.name)) this.apply({ position: flowPosition(previous), name: null });
    if (next && (!previous || previous.name !== next.name)) this.apply({ position: flowPosition(next), name: next.name });
  }

  /** One page of the flows whose name contains `query.nameContains` (case-insensitive) and that pass the other filters. */
  async list(query: FlowQuery & { nameContains: string }, after: string | undefined): Promise<FlowPage> {
    const limit = Math.max(1, Math.trunc(query.limit));
    const needle = query.nameContains.toLowerCase();
    const positions: string[] = [];
    // forEach, not for-of: no [key, value] array per flow, so a search makes little garbage.
    (await this.table()).forEach((name, position) => {
      if ((after === undefined || position > after) && name.includes(needle)) positions.push(position);
    });
    positions.sort();
    const found: Array<{ flow: FlowMetadata; position: string }> = [];
    for (let i = 0; i < positions.length && found.length <= limit; i += CHUNK) {
      const chunk = positions.slice(i, i + CHUNK);
      const records = await this.subs.flows.getMany(chunk.map(idOf));
      for (let j = 0; j < chunk.length && found.length <= limit; j++) {
        const flow = records[j];
        if (flow !== undefined && matchesQuery(flow, query)) found.push({ flow, position: chunk[j]! });
      }
    }
    const page = found.slice(0, limit);
    return { flows: page.map((f) => f.flow), nextPageToken: found.length > limit ? encodePageToken(page[page.length - 1]!.position) : null };
  }

  private apply(change: NameChange): void {
    if (this.names) set(this.names, change);
    else if (this.loading) this.pending.push(change);
    // Not loaded yet: the load will read the stored names.
  }

  private table(): Promise<Map<string, string>> {
    if (this.names) return Promise.resolve(this.names);
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const key of await this.subs.flowIdx.keys(keyRange('n!')).all()) {
      const position = positionOfIndexKey(key);
      names.set(position, decodeKeyPart(key.slice(2, key.length - position.length - 1)).toLowerCase());
    }
    for (const change of this.pending) set(names, change);
    this.pending = [];
    this.names = names;
    return names;
  }
}

function set(names: Map<string, string>, { position, name }: NameChange): void {
  if (name === null) names.delete(position);
  else names.set(position, name.toLowerCase());
}
