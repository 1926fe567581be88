import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { KeyMutex } from '../../../plugins/storage/leveldb/key-mutex';

test('tasks on one key run one at a time, in call order', async () => {
  const mutex = new KeyMutex();
  const log: string[] = [];
  const task = (name: string, ms: number) => mutex.run('k', async () => { log.push(`start ${name}`); await sleep(ms); log.push(`end ${name}`); return name; });
  assert.deepEqual(await Promise.all([task('a', 20), task('b', 1), task('c', 5)]), ['a', 'b', 'c']);
  assert.deepEqual(log, ['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
});

test('tasks on different keys overlap', async () => {
  const mutex = new KeyMutex();
  let running = 0;
  let peak = 0;
  const task = (key: string) => mutex.run(key, async () => { peak = Math.max(peak, ++running); await sleep(10); running--; });
  await Promise.all([task('x'), task('y'), task('z')]);
  assert.equal(peak, 3);
});

test('a failing task rejects its caller only; the next task still runs; idle keys are forgotten', async () => {
  const mutex = new KeyMutex();
  const failed = mutex.run('k', async () => { throw new Error('boom'); });
  const next = mutex.run('k', async () => 'ran');
  await assert.rejects(failed, /boom/);
  assert.equal(await next, 'ran');
  await sleep(0);
  assert.equal(mutex.busyKeys, 0);
});
