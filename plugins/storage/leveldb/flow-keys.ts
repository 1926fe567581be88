/**
 * Key layout of the flow indexes (sublevel `flowIdx`). Every index key ends
 * with the same *position* `<invertedCreatedAt>!<id>`, so each index lists
 * newest first with ties by id, and one page token works on any index.
 *
 *   c!<pos>                 every flow (createdAt descending)
 *   n!<enc(name)>!<pos>     by exact name
 *   s!<state>!<pos>         by state
 *   m!<runMode>!<pos>       by run mode
 *   a!<pos>                 "active": every state but SUCCESS and FAILED
 *   e!<enc(envVar)>!<pos>   by env var used, one per name in `envVars` (env-index.ts builds it for older records)
 *   t!<enc(tag)>!<pos>      by tag, one per tag in `tags` (records older than tags have none)
 *
 * The value of each entry is the flow id.
 */
import { ApiError } from '../../../kernel/errors';
import { isTerminal, type FlowMetadata, type FlowQuery } from '../../../kernel/flows/flow-types';

/** Digits of an inverted timestamp: MAX_SAFE_INTEGER has 16. */
const TS_DIGITS = 16;
const TOKEN_PREFIX = 'p1:';
const POSITION_RE = /^\d{16}![^!]+$/;

/**
 * Escapes `%` and `!` so an encoded part never contains the separator: the
 * encoding is injective and `n!<enc(name)>!` cannot be a prefix of another
 * name's entries. (Not encodeURIComponent: it throws on lone surrogates.)
 */
export function encodeKeyPart(value: string): string {
  return value.replace(/[%!]/g, (c) => (c === '%' ? '%25' : '%21'));
}

/** The inverse of encodeKeyPart. */
export function decodeKeyPart(part: string): string {
  return part.replace(/%2[15]/g, (c) => (c === '%21' ? '!' : '%'));
}

/** Zero-padded `MAX_SAFE_INTEGER - createdAt`: larger timestamps sort first. */
export function invertTimestamp(ms: number): string {
  const clamped = Math.min(Math.max(Math.trunc(ms), 0), Number.MAX_SAFE_INTEGER);
  return String(Number.MAX_SAFE_INTEGER - clamped).padStart(TS_DIGITS, '0');
}

/** The sort position shared by every index entry of a flow. */
export function flowPosition(flow: Pick<FlowMetadata, 'createdAt' | 'id'>): string {
  return `${invertTimestamp(flow.createdAt)}!${encodeKeyPart(flow.id)}`;
}

/** Every index key a flow record owns. */
export function indexKeysOf(flow: FlowMetadata): string[] {
  const pos = flowPosition(flow);
  const keys = [
    `c!${pos}`,
    `n!${encodeKeyPart(flow.name)}!${pos}`,
    `s!${flow.state}!${pos}`,
    `m!${flow.runMode}!${pos}`,
  ];
  if (!isTerminal(flow.state)) keys.push(`a!${pos}`);
  for (const name of new Set(flow.envVars)) keys.push(`e!${encodeKeyPart(name)}!${pos}`);
  for (const tag of new Set(flow.tags ?? [])) keys.push(`t!${encodeKeyPart(tag)}!${pos}`);
  return keys;
}

/** Which index a query walks and which filters it leaves to apply on records. */
export interface IndexPlan {
  /** Key prefix of the chosen index; entries are `prefix + position`. */
  prefix: string;
  /** Name of the index, for diagnostics and tests. */
  index: 'name' | 'tag' | 'envVar' | 'state' | 'active' | 'runMode' | 'createdAt';
}

/** Picks the most selective index the query allows: name > tag > envVar > state > runMode > createdAt. */
export function planQuery(query: Omit<FlowQuery, 'limit'>): IndexPlan {
  if (query.name !== undefined) return { prefix: `n!${encodeKeyPart(query.name)}!`, index: 'name' };
  if (query.tag !== undefined) return { prefix: `t!${encodeKeyPart(query.tag)}!`, index: 'tag' };
  if (query.envVar !== undefined) return { prefix: `e!${encodeKeyPart(query.envVar)}!`, index: 'envVar' };
  if (query.state === 'RUNNING') return { prefix: 'a!', index: 'active' };
  if (query.state !== undefined) return { prefix: `s!${query.state}!`, index: 'state' };
  if (query.runMode !== undefined) return { prefix: `m!${query.runMode}!`, index: 'runMode' };
  return { prefix: 'c!', index: 'createdAt' };
}

/** Whether a record satisfies every filter of the query (index filters included). */
export function matchesQuery(flow: FlowMetadata, query: Omit<FlowQuery, 'limit'>): boolean {
  if (query.name !== undefined && flow.name !== query.name) return false;
  if (query.nameContains !== undefined && !flow.name.toLowerCase().includes(query.nameContains.toLowerCase())) return false;
  if (query.envVar !== undefined && !flow.envVars.includes(query.envVar)) return false;
  if (query.tag !== undefined && !(flow.tags ?? []).includes(query.tag)) return false;
  if (query.runMode !== undefined && flow.runMode !== query.runMode) return false;
  if (query.initialRunMode !== undefined && flow.initialRunMode !== query.initialRunMode) return false;
  if (query.state === 'RUNNING') {
    if (isTerminal(flow.state)) return false;
  } else if (query.state !== undefined && flow.state !== query.state) return false;
  if (query.startedAfter !== undefined && (flow.startedAt === null || flow.startedAt < query.startedAfter)) return false;
  if (query.startedBefore !== undefined && (flow.startedAt === null || flow.startedAt > query.startedBefore)) return false;
  return true;
}

/** Opaque page token: base64url of the last returned position. */
export function encodePageToken(position: string): string {
  return Buffer.from(TOKEN_PREFIX + position, 'utf8').toString('base64url');
}

/** Decodes a page token; throws 400 INVALID_REQUEST when it is not one of ours. */
export function decodePageToken(token: string): string {
  const bad = () => new ApiError('INVALID_REQUEST', 'pageToken: invalid page token (use the nextPageToken of a previous answer)');
  if (!/^[A-Za-z0-9_-]+$/.test(token)) throw bad();
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!text.startsWith(TOKEN_PREFIX)) throw bad();
  const position = text.slice(TOKEN_PREFIX.length);
  if (!POSITION_RE.test(position)) throw bad();
  return position;
}

/** The position part of an index key (its last two `!`-separated parts). */
export function positionOfIndexKey(key: string): string {
  const idSep = key.lastIndexOf('!');
  const tsSep = key.lastIndexOf('!', idSep - 1);
  return key.slice(tsSep + 1);
}
