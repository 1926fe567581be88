/**
 * `nameContains` on real LevelDB: the in-memory name table (name-search.ts)
 * follows creates, renames and deletes made after it loaded, and a store
 * reopened on the same files finds the same names.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelStorage } from '../../../plugins/storage/leveldb/leveldb-storage';
import { makeFlow } from '../../contract/storage.contract';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'bf-namesearch-')); });
after(() => rm(dir, { recursive: true, force: true }));

const T0 = 1_760_000_000_000;

test('the name table follows every write and survives a reopen', async () => {
  const dataDir = join(dir, 'data');
  let storage = new LevelStorage({ dataDir });
  await storage.open();
  const names = async (text: string) => (await storage.flows.list({ nameContains: text, limit: 100 })).flows.map((f) => f.name);
  try {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const flow = makeFlow({ name: `Checkout ${i}`, createdAt: T0 + i });
      ids.push(flow.id);
      await storage.flows.create(flow);
    }
    assert.deepEqual(await names('CHECKOUT'), ['Checkout 4', 'Checkout 3', 'Checkout 2', 'Checkout 1', 'Checkout 0']);
    // After the table loaded: a rename, a delete, a new flow, a change that keeps the name.
    await storage.flows.update(ids[1]!, (f) => { f.name = 'Login 1'; return f; });
    await storage.flows.delete(ids[2]!);
    await storage.flows.create(makeFlow({ name: 'checkout new', createdAt: T0 + 10 }));
    await storage.flows.update(ids[3]!, (f) => ({ ...f, state: 'SUCCESS' }));
    assert.deepEqual(await names('checkout'), ['checkout new', 'Checkout 4', 'Checkout 3', 'Checkout 0']);
    assert.deepEqual(await names('login'), ['Login 1']);
    // The cursor: two at a time.
    const first = await storage.flows.list({ nameContains: 'checkout', limit: 2 });
    const second = await storage.flows.list({ nameContains: 'checkout', limit: 2, pageToken: first.nextPageToken! });
    assert.deepEqual([...first.flows, ...second.flows].map((f) => f.name), ['checkout new', 'Checkout 4', 'Checkout 3', 'Checkout 0']);
    assert.equal(second.nextPageToken, null);
  } finally {
    await storage.close();
  }
  storage = new LevelStorage({ dataDir });
  await storage.open();
  try {
    assert.deepEqual(await names('checkout'), ['checkout new', 'Checkout 4', 'Checkout 3', 'Checkout 0']);
  } finally {
    await storage.close();
  }
});
