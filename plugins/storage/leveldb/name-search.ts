/**
 * `GET /api/flows?nameContains=`: flows whose name contains a text, any case,
 * newest first with the same cursor as every list. No index can answer a
 * substring, but the name index (`n!<enc(name)>!<position>`, flow-keys.ts)
 * holds every name beside its position: scanning its keys alone (no record
 * is read) finds the matching positions, and only the records of the page
 * are read. With 10,000 flows that is one pass over 10,000 short keys.
 */
import type { FlowMetadata, FlowPage, FlowQuery } from '../../../kernel/flows/flow-types';
import { decodeKeyPart, encodePageToken, matchesQuery, positionOfIndexKey } from './flow-keys';
import { keyRange } from './key-range';
import type { Sublevels } from './sublevels';

/** Records read per step while the page fills (other filters may drop some). */
const CHUNK = 256;

/** The id inside a position (`<invertedCreatedAt>!<enc(id)>`). */
const idOf = (position: string): string => decodeKeyPart(position.slice(position.indexOf('!') + 1));

/** One page of the flows whose name contains `query.nameContains` (case-insensitive) and that pass the other filters. */
export async function listByNameContains(subs: Sublevels, query: FlowQuery & { nameContains: string }, after: string | undefined): Promise<FlowPage> {
  const limit = Math.max(1, Math.trunc(query.limit));
  const needle = query.nameContains.toLowerCase();
  const positions: string[] = [];
  for (const key of await subs.flowIdx.keys(keyRange('n!')).all()) {
    const position = positionOfIndexKey(key);
    if (after !== undefined && position <= after) continue;
    const name = decodeKeyPart(key.slice(2, key.length - position.length - 1));
    if (name.toLowerCase().includes(needle)) positions.push(position);
  }
  positions.sort();
  const found: Array<{ flow: FlowMetadata; position: string }> = [];
  for (let i = 0; i < positions.length && found.length <= limit; i += CHUNK) {
    const chunk = positions.slice(i, i + CHUNK);
    const records = await subs.flows.getMany(chunk.map(idOf));
    for (let j = 0; j < chunk.length && found.length <= limit; j++) {
      const flow = records[j];
      // A record deleted or renamed since the keys were read is checked again here.
      if (flow !== undefined && matchesQuery(flow, query)) found.push({ flow, position: chunk[j]! });
    }
  }
  const page = found.slice(0, limit);
  return { flows: page.map((f) => f.flow), nextPageToken: found.length > limit ? encodePageToken(page[page.length - 1]!.position) : null };
}
