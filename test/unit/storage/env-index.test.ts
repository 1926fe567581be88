/**
 * The env-var index on real LevelDB: flows stored before it existed get
 * their entries when the storage opens (once), and `count` / `list` by
 * `envVar` then agree with the records, through updates and deletes.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Level } from 'level';
import { LevelStorage } from '../../../plugins/storage/leveldb/leveldb-storage';
import { openSublevels } from '../../../plugins/storage/leveldb/sublevels';
import { makeFlow } from '../../contract/storage.contract';

let dir: string;
before(async () => { dir = await mkdtemp(join(tmpdir(), 'bf-envidx-')); });
after(() => rm(dir, { recursive: true, force: true }));

const T0 = 1_760_000_000_000;

test('flows stored before the index get it on open; count and list by envVar follow every change', async () => {
  const dataDir = join(dir, 'data');
  let storage = new LevelStorage({ dataDir });
  await storage.open();
  for (let i = 0; i < 30; i++) {
    await storage.flows.create(makeFlow({ name: `f${i}`, createdAt: T0 + i, envVars: i % 3 === 0 ? ['PASSWORD', 'USER'] : i % 3 === 1 ? ['USER'] : [] }));
  }
  await storage.close();

  // As a database of the version before the index: its entries and marker removed.
  const raw = new Level<string, unknown>(join(dataDir, 'db'), { valueEncoding: 'json' });
  await raw.open();
  const subs = openSublevels(raw);
  const envKeys = (await subs.flowIdx.keys().all()).filter((k) => k.startsWith('e!'));
  assert.equal(envKeys.length, 30, '10 PASSWORD + 20 USER entries were written with the records');
  await raw.batch([...envKeys.map((key) => ({ type: 'del' as const, sublevel: subs.flowIdx, key })), { type: 'del', sublevel: subs.meta, key: 'flowIdx.envVars.v1' }]);
  await raw.close();

  storage = new LevelStorage({ dataDir });
  await storage.open();
  try {
    assert.equal(await storage.flows.count({ envVar: 'PASSWORD' }), 10);
    assert.equal(await storage.flows.count({ envVar: 'USER' }), 20);
    assert.equal(await storage.flows.count({ envVar: 'NONE' }), 0);
    const recent = await storage.flows.list({ envVar: 'PASSWORD', limit: 3 });
    assert.deepEqual(recent.flows.map((f) => f.name), ['f27', 'f24', 'f21']);
    assert.ok(recent.nextPageToken);

    // An update that drops a variable, and a delete, move the counts.
    const f27 = recent.flows[0]!;
    await storage.flows.update(f27.id, (f) => ({ ...f, envVars: ['USER'] }));
    await storage.flows.delete(recent.flows[1]!.id);
    assert.equal(await storage.flows.count({ envVar: 'PASSWORD' }), 8);
    assert.equal(await storage.flows.count({ envVar: 'USER' }), 19);
    // With another filter, the count checks records: USER and named f2x are f21, f22, f25, f27, f28 (f24 deleted).
    assert.equal(await storage.flows.count({ envVar: 'USER', nameContains: 'F2' }), 5);
  } finally {
    await storage.close();
  }
});
