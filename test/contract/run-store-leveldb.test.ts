/** The LevelDB storage's RUN_STORE against the RunStore contract, plus its limit of deliveries kept per webhook. */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LevelStorage } from '../../plugins/storage/leveldb/leveldb-storage';
import { runRunStoreContract } from './run-store.contract';

const dirs: string[] = [];
async function openStorage(): Promise<LevelStorage> {
  const dir = await mkdtemp(join(tmpdir(), 'bf-runstore-'));
  dirs.push(dir);
  const storage = new LevelStorage({ dataDir: join(dir, 'data') });
  await storage.open();
  return storage;
}
after(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

runRunStoreContract('leveldb', async () => {
  const storage = await openStorage();
  return { store: storage.qa, cleanup: () => storage.close() };
});

test('leveldb keeps the newest 200 deliveries of a webhook, and a pending one dropped leaves no pending entry', async () => {
  const storage = await openStorage();
  try {
    const d = (i: number, state: 'pending' | 'delivered') => ({ id: `msg_${i}`, webhook: 'w', event: 'run.finished' as const, payload: '{}', state, attempts: [], nextAttemptAt: null, createdAt: i });
    await storage.qa.deliveries.put(d(0, 'pending'));
    for (let i = 1; i <= 200; i++) await storage.qa.deliveries.put(d(i, 'delivered'));
    const kept = await storage.qa.deliveries.list('w', 1000);
    assert.equal(kept.length, 200);
    assert.equal(kept.at(-1)!.createdAt, 1);
    assert.deepEqual(await storage.qa.deliveries.listPending(), []);
  } finally {
    await storage.close();
  }
});
