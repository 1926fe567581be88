/**
 * What the contract cannot see from outside: the index holds exactly the
 * entries of the stored records, and a list reads O(limit) records.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Level } from 'level';
import { KeyMutex } from '../../../plugins/storage/leveldb/key-mutex';
import { openSublevels, type RootDb, type Sublevels } from '../../../plugins/storage/leveldb/sublevels';
import { LevelFlowStore } from '../../../plugins/storage/leveldb/flow-store';
import { LevelToolCallStore, toolCallKeys } from '../../../plugins/storage/leveldb/tool-call-store';
import { indexKeysOf } from '../../../plugins/storage/leveldb/flow-keys';
import type { FlowMetadata } from '../../../kernel/flows/flow-types';
import { makeFlow, makeToolCall } from '../../contract/storage.contract';

let dir: string;
let db: RootDb;
let subs: Sublevels;
let flows: LevelFlowStore;
let recordsRead = 0;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bf-flowstore-'));
  db = new Level<string, unknown>(join(dir, 'db'), { valueEncoding: 'json' });
  await db.open();
  subs = openSublevels(db);
  // Count every record fetched by list(): that is the cost the contract bounds.
  const getMany = subs.flows.getMany.bind(subs.flows);
  subs.flows.getMany = ((keys: string[]) => { recordsRead += keys.length; return getMany(keys); }) as typeof subs.flows.getMany;
  flows = new LevelFlowStore(db, subs, new KeyMutex(), toolCallKeys);
});
after(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

async function indexMatchesRecords(): Promise<void> {
  const records = await subs.flows.values().all();
  const expected = records.flatMap(indexKeysOf).sort();
  assert.deepEqual(await subs.flowIdx.keys().all(), expected);
}

describe('index entries', () => {
  test('updates move entries, delete removes them with the tool calls', async () => {
    const a = makeFlow({ state: 'RUNNING_ACTION', name: 'one' });
    const b = makeFlow({ state: 'PAUSED' });
    await flows.create(a);
    await flows.create(b);
    await indexMatchesRecords();
    await flows.update(a.id, (f) => ({ ...f, state: 'SUCCESS', name: 'two', runMode: 'DETERMINISTIC' }));
    await indexMatchesRecords();
    await new LevelToolCallStore(db, subs, new KeyMutex()).put(b.id, makeToolCall('c1'));
    assert.equal(await flows.delete(b.id), true);
    await indexMatchesRecords();
    assert.deepEqual(await subs.toolCalls.keys().all(), []);
    await flows.delete(a.id);
    assert.deepEqual(await subs.flowIdx.keys().all(), []);
  });
});

describe('list cost is O(limit)', () => {
  const T0 = 1_750_000_000_000;
  before(async () => {
    // 2,000 flows: 10 named "rare", 20 INSTRUCT, 1 in 4 PAUSED.
    const seedFlows: FlowMetadata[] = Array.from({ length: 2000 }, (_, i) => makeFlow({
      createdAt: T0 + i, name: i % 200 === 0 ? 'rare' : 'common', runMode: i % 100 === 0 ? 'INSTRUCT' : 'AUTONOMOUS',
      state: i % 4 === 0 ? 'PAUSED' : 'SUCCESS', startedAt: T0 + i,
    }));
    await db.batch(seedFlows.flatMap((f) => [
      { type: 'put' as const, sublevel: subs.flows, key: f.id, value: f },
      ...indexKeysOf(f).map((key) => ({ type: 'put' as const, sublevel: subs.flowIdx, key, value: f.id })),
    ]));
  });
  const cost = async (query: Parameters<LevelFlowStore['list']>[0]) => {
    recordsRead = 0;
    const page = await flows.list(query);
    return { page, read: recordsRead };
  };

  test('unfiltered, single-index and paged queries read at most limit + 1 records', async () => {
    const first = await cost({ limit: 10 });
    assert.equal(first.page.flows.length, 10);
    assert.ok(first.read <= 11, `read ${first.read}`);
    const second = await cost({ limit: 10, pageToken: first.page.nextPageToken! });
    assert.ok(second.read <= 11, `read ${second.read}`);
    for (const query of [{ name: 'rare' }, { runMode: 'INSTRUCT' as const }, { state: 'PAUSED' as const }, { state: 'RUNNING' as const }]) {
      const r = await cost({ ...query, limit: 5 });
      assert.equal(r.page.flows.length, 5, JSON.stringify(query));
      assert.ok(r.read <= 6, `${JSON.stringify(query)} read ${r.read}`);
    }
  });

  test('a filter the index cannot answer reads only what it must', async () => {
    // INSTRUCT flows newer than the bound: the runMode index is walked, not the 2,000 flows.
    const r = await cost({ runMode: 'INSTRUCT', startedAfter: T0 + 1500, limit: 100 });
    assert.equal(r.page.flows.length, 5);
    assert.ok(r.read <= 20, `read ${r.read}`);
  });
});
