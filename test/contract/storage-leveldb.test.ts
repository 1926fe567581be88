/**
 * The LevelDB storage plugin: the Storage contract suite, plus what only a
 * disk-backed store has (reopen, permissions, the LevelDB lock, the plugin
 * manifest).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { container as rootContainer } from 'tsyringe';
import { LevelStorage } from '../../plugins/storage/leveldb/leveldb-storage';
import plugin from '../../plugins/storage/leveldb/index';
import { StartupError } from '../../kernel/errors';
import { LIFECYCLE, LOGGER, SETTINGS, STORAGE, provide, resolve, resolveAll } from '../../kernel/tokens';
import { createLogger } from '../../kernel/logger';
import type { KernelSettings } from '../../kernel/config';
import { makeFlow, makeToolCall, runStorageContract } from './storage.contract';

const tempDirs: string[] = [];
async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bf-leveldb-'));
  tempDirs.push(dir);
  return join(dir, 'data');
}
after(async () => {
  await Promise.all(tempDirs.map((d) => rm(d, { recursive: true, force: true })));
});

runStorageContract('leveldb', async () => {
  const storage = new LevelStorage({ dataDir: await tempDataDir() });
  await storage.open();
  return { storage, cleanup: () => storage.close() };
});

const LOCK_MESSAGE = /^The data directory .*\/db is in use by another browserflow process \(LevelDB lock\)\. Stop it or choose another --data-dir\.$/;

describe('storage-leveldb specifics', () => {
  test('reopening the same data dir keeps flows, indexes, tool calls and key-value entries', async () => {
    const dataDir = await tempDataDir();
    const first = new LevelStorage({ dataDir });
    await first.open();
    const flow = makeFlow({ state: 'PAUSED', name: 'kept' });
    await first.flows.create(flow);
    await first.toolCalls.put(flow.id, makeToolCall('c1'));
    await first.env.put('TOKEN', 'secret-value');
    await first.close();

    const second = new LevelStorage({ dataDir });
    await second.open();
    try {
      assert.deepEqual(await second.flows.get(flow.id), flow);
      assert.deepEqual((await second.flows.list({ state: 'PAUSED', name: 'kept', limit: 10 })).flows, [flow]);
      assert.deepEqual((await second.toolCalls.list(flow.id)).map((c) => c.id), ['c1']);
      assert.equal(await second.env.get('TOKEN'), 'secret-value');
    } finally {
      await second.close();
    }
  });

  test('the data dir is created 0700, and an existing looser one is tightened', async () => {
    const fresh = await tempDataDir();
    const a = new LevelStorage({ dataDir: fresh });
    await a.open();
    await a.close();
    assert.equal((await stat(fresh)).mode & 0o777, 0o700);

    const loose = await tempDataDir();
    await mkdir(loose, { recursive: true });
    await chmod(loose, 0o755);
    const b = new LevelStorage({ dataDir: loose });
    await b.open();
    await b.close();
    assert.equal((await stat(loose)).mode & 0o777, 0o700);
  });

  test('a second open in this process hits the lock: one-line StartupError; the lock is freed by close', async () => {
    const dataDir = await tempDataDir();
    const first = new LevelStorage({ dataDir });
    await first.open();
    const second = new LevelStorage({ dataDir });
    await assert.rejects(second.open(), (e: unknown) => e instanceof StartupError && LOCK_MESSAGE.test(e.message) && !e.message.includes('\n'));
    await first.close();
    await second.open();
    await second.close();
  });

  test('a second browserflow process on the same data dir gets the lock StartupError', { timeout: 30_000 }, async () => {
    const dataDir = await tempDataDir();
    const holder = new LevelStorage({ dataDir });
    await holder.open();
    try {
      const script = [
        "import { LevelStorage } from './plugins/storage/leveldb/leveldb-storage';",
        `try { await new LevelStorage({ dataDir: ${JSON.stringify(dataDir)} }).open(); console.log('OPENED'); }`,
        "catch (e) { console.log(e.name + ': ' + e.message); }",
      ].join('\n');
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d) => { out += d; });
      const code = await new Promise<number | null>((res, rej) => {
        const timer = setTimeout(() => { child.kill(); rej(new Error('child did not finish in 20 s')); }, 20_000);
        child.on('exit', (c) => { clearTimeout(timer); res(c); });
      });
      assert.equal(code, 0);
      const line = out.trim();
      assert.ok(line.startsWith('StartupError: '), line);
      assert.match(line.slice('StartupError: '.length), LOCK_MESSAGE);
    } finally {
      await holder.close();
    }
  });

  test('stores are unusable before open and after close', async () => {
    const storage = new LevelStorage({ dataDir: await tempDataDir() });
    assert.throws(() => storage.flows, /not open/);
    await storage.open();
    await storage.close();
    assert.throws(() => storage.env, /not open/);
  });

  test('the plugin provides STORAGE and a LIFECYCLE that opens and closes it', async () => {
    const dataDir = await tempDataDir();
    const container = rootContainer.createChildContainer();
    provide(container, SETTINGS, () => ({ dataDir } as KernelSettings));
    provide(container, LOGGER, () => createLogger('silent'));
    assert.equal(plugin.id, 'storage-leveldb');
    await plugin.register({ container, config: { cacheSize: 1 << 20 }, settings: { dataDir } as KernelSettings, pluginDir: import.meta.dirname });
    const [lifecycle] = resolveAll(container, LIFECYCLE);
    assert.equal(lifecycle?.name, 'storage-leveldb');
    await lifecycle!.start!();
    const storage = resolve(container, STORAGE);
    await storage.agents.put('flow-runner', 'default');
    assert.deepEqual(await storage.agents.entries(), [['flow-runner', 'default']]);
    await lifecycle!.stop!();
    assert.equal((await stat(join(dataDir, 'db'))).isDirectory(), true);
  });
});
