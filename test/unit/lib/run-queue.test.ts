/**
 * lib/async/run-queue.ts, the FlowScheduler's queue: held until released,
 * at most `maxRunning` at once in arrival order, runs cancelled while queued
 * skipped, and `stop` cancels the running ones and waits until they let go.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RunQueue, type QueuedRun } from '../../../lib/async/run-queue';

/** A run that ends when told to (`finish`), and lets go later when `releaseLater` is set. */
class Run implements QueuedRun {
  queued = true;
  started = false;
  cancelled = false;
  released: Promise<unknown> = Promise.resolve();
  private end!: () => void;
  readonly done = new Promise<void>((r) => { this.end = r; });
  constructor(readonly name: string, private readonly log: string[], private readonly letGo?: Promise<void>) {}
  run(): Promise<void> {
    this.queued = false;
    this.started = true;
    this.log.push(`start ${this.name}`);
    if (this.letGo) this.released = this.letGo;
    return this.done;
  }
  finish(): void {
    this.queued = false;
    this.end();
  }
}

const tick = () => new Promise((r) => setImmediate(r));

test('held until release, then at most maxRunning at once, in arrival order', async () => {
  const log: string[] = [];
  const queue = new RunQueue<Run>(() => 2);
  const runs = ['a', 'b', 'c', 'd'].map((n) => new Run(n, log));
  for (const r of runs) assert.equal(queue.add(r), true);
  await tick();
  assert.deepEqual(log, [], 'nothing starts while held');
  assert.equal(queue.size, 4);
  queue.release();
  assert.deepEqual(log, ['start a', 'start b']);
  runs[1]!.finish();
  await tick();
  assert.deepEqual(log, ['start a', 'start b', 'start c']);
});

test('a run that ended while queued is skipped; nothing is added once stopping', async () => {
  const log: string[] = [];
  const queue = new RunQueue<Run>(() => 1);
  queue.release();
  const [a, b, c] = ['a', 'b', 'c'].map((n) => new Run(n, log));
  queue.add(a!);
  queue.add(b!);
  queue.add(c!);
  b!.finish(); // cancelled while it waited
  a!.finish();
  await tick();
  assert.deepEqual(log, ['start a', 'start c']);
  await queue.stop((r) => r.finish(), 1_000);
  assert.equal(queue.add(new Run('d', log)), false);
});

test('stop cancels the running runs, drops the waiting ones and waits until the started ones let go', async () => {
  const log: string[] = [];
  const queue = new RunQueue<Run>(() => 1);
  queue.release();
  let letGo!: () => void;
  const holding = new Run('a', log, new Promise<void>((r) => { letGo = r; }));
  const waiting = new Run('b', log);
  queue.add(holding);
  queue.add(waiting);
  let stopped = false;
  const stopping = queue.stop((r) => { r.cancelled = true; r.finish(); }, 5_000).then(() => { stopped = true; });
  await tick();
  assert.equal(holding.cancelled, true);
  assert.equal(waiting.started, false, 'a waiting run is not started by stop');
  assert.equal(stopped, false, 'stop waits for the browser-like resource to be let go');
  letGo();
  await stopping;
  assert.deepEqual(log, ['start a']);
});

test('stop gives up waiting after its timeout', async () => {
  const queue = new RunQueue<Run>(() => 1);
  queue.release();
  queue.add(new Run('a', [], new Promise<void>(() => {})));
  const started = Date.now();
  // The queue's timer does not hold the process open (a service stopping must not wait for it): this one does.
  const alive = setTimeout(() => {}, 5_000);
  await queue.stop((r) => r.finish(), 50);
  clearTimeout(alive);
  assert.ok(Date.now() - started < 2_000);
});
