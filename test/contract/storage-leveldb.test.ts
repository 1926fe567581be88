/**
 * The LevelDB storage plugin: the Storage contract suite, plus what only a
 * disk-backed store has (reopen, permissions, the LevelDB lock, the plugin
 * manifest).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { container as rootContainer } from 'tsyringe';
import { LevelStorage } from '../../plugins/storage/leveldb/leveldb-storage';
import plugin from '../../plugins/storage/leveldb/index';
import { StartupError } from '../../kernel/errors';
import { LIFECYCLE, LOGGER, SETTINGS, STORAGE, provide, resolve, resolveAll } from '../../kernel/tokens';
import { registerPlugin } from '../../kernel/loader';
import { createLogger } from '../../lib/logging/logger';
import * as v from 'valibot';
import { SettingsSchema, type KernelSettings } from '../../kernel/config';
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

  test('a new data dir is created 0700; an existing private one is used as it is', async () => {
    const fresh = join(await tempDataDir(), 'nested', 'data');
    const a = new LevelStorage({ dataDir: fresh });
    await a.open();
    await a.close();
    assert.equal((await stat(fresh)).mode & 0o777, 0o700);

    const existing = await tempDataDir();
    await mkdir(existing, { recursive: true });
    await chmod(existing, 0o700);
    await writeFile(join(existing, 'notes.txt'), 'mine');
    const b = new LevelStorage({ dataDir: existing });
    await b.open();
    await b.close();
    assert.equal((await stat(existing)).mode & 0o777, 0o700);
  });

  test('an existing data dir others can access is never chmodded: refused with a StartupError unless it is empty', async () => {
    for (const mode of [0o755, 0o770, 0o1777]) {
      const shared = await tempDataDir();
      await mkdir(shared, { recursive: true });
      await writeFile(join(shared, 'someone-elses-file'), 'x');
      await chmod(shared, mode);
      const c = new LevelStorage({ dataDir: shared });
      await assert.rejects(c.open(), (e: unknown) => e instanceof StartupError && !e.message.includes('\n')
        && e.message.includes(shared) && e.message.includes(`mode ${mode.toString(8).padStart(4, '0')}`) && /--data-dir/.test(e.message)
        && (mode === 0o1777) !== e.message.includes('chmod 700'), `mode ${mode.toString(8)}`);
      assert.equal((await stat(shared)).mode & 0o7777, mode, 'its mode is left alone');
      assert.deepEqual(await readdir(shared), ['someone-elses-file'], 'nothing was created in it');
    }
  });

  test('an existing empty data dir of this user with loose permissions is tightened to 0700', async () => {
    const empty = await tempDataDir();
    await mkdir(empty, { recursive: true });
    await chmod(empty, 0o755);
    const d = new LevelStorage({ dataDir: empty });
    await d.open();
    await d.close();
    assert.equal((await stat(empty)).mode & 0o777, 0o700);
  });

  test('a data dir path that is a file is refused with a StartupError', async () => {
    const parent = await tempDataDir();
    await mkdir(parent, { recursive: true });
    const file = join(parent, 'file');
    await writeFile(file, 'x');
    await assert.rejects(new LevelStorage({ dataDir: file }).open(), (e: unknown) => e instanceof StartupError && /not a directory/.test(e.message));
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
    await registerPlugin(container, plugin, { config: { cacheSize: 1 << 20 }, settings: { ...v.parse(SettingsSchema, {}), dataDir } as KernelSettings, pluginDir: import.meta.dirname });
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
