/**
 * Bounded regular expressions. A user- or model-supplied pattern such as
 * `^(a+)+$` backtracks exponentially: 27 `a`s and a `!` kept the service's
 * only thread busy for 5 s. Patterns therefore never run on the event loop:
 * they run in a worker thread, and a worker that overruns its time limit is
 * terminated (V8 interrupts the regex) and replaced.
 *
 * Two ways in:
 * - `testRegex` (async): the event loop is never blocked. For tools and any
 *   code that can await (`assertUrl`).
 * - `testRegexSync` / `testRegexesSync`: for synchronous callers (valibot
 *   checks, the JSON Schema validator). The caller's thread waits for the
 *   worker (`Atomics.wait`), at most `timeoutMs`, so the delay any other
 *   request sees is bounded by that time limit, not by the pattern.
 *
 * A pattern that overran is remembered (per pattern and flags, up to
 * HOSTILE_LIMIT of them) and refused at once afterwards, without running it
 * again on the caller's time: a pattern that can take that long is not fit
 * for service checks. Since a busy machine can also starve the worker, a
 * pattern refused again is re-run once in the background with a longer
 * limit, and forgotten if that run finishes.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/** Default time limit of one `testRegex`. */
export const DEFAULT_REGEX_TIMEOUT_MS = 100;

/**
 * How long a synchronous caller waits, at most, for a started worker to
 * begin a batch (a busy machine may not schedule it at once). No pattern
 * runs during that wait, so it is not counted in the pattern's limit.
 */
const START_GRACE_MS = 10;

/** How long a synchronous caller may wait for a worker thread to start (once per worker). */
const BOOT_TIMEOUT_MS = 5_000;

/** Patterns remembered as too slow; the set is cleared when it reaches this size. */
const HOSTILE_LIMIT = 1_000;

/** A pattern ran longer than its time limit (now or before: it is remembered). */
export class RegexTimeoutError extends Error {
  constructor(readonly pattern: string, readonly timeoutMs: number) {
    super(`The pattern ${JSON.stringify(pattern.length > 100 ? `${pattern.slice(0, 100)}...` : pattern)} took longer than ${timeoutMs} ms to check: use a simpler pattern (nested quantifiers such as (a+)+ backtrack exponentially)`);
    this.name = 'RegexTimeoutError';
  }
}

/** No worker thread was ready to run a synchronous check (they are being replaced after overruns): try again. */
export class RegexBusyError extends Error {
  constructor() {
    super('The pattern could not be checked now: the service is replacing the workers that check patterns (after patterns that took too long). Try again.');
    this.name = 'RegexBusyError';
  }
}

/** One check of a batch. */
export interface RegexCheck {
  pattern: string;
  flags: string;
  input: string;
}

/**
 * The outcome of one check: `match` / `noMatch`; `invalid` when the pattern
 * does not compile (`error` says why); `timeout` when it overran (now or
 * before); `skipped` when an earlier check of the batch overran and this one
 * was not run (run it again: the overrunning pattern is now refused at once);
 * `busy` when no worker was ready to run it (synchronous checks only: every
 * worker was being replaced after overruns).
 */
export type RegexOutcome =
  | { status: 'match' | 'noMatch' | 'timeout' | 'skipped' | 'busy' }
  | { status: 'invalid'; error: string };

// ---- the worker -------------------------------------------------------------

/**
 * The worker's code (plain JavaScript, evaluated: no loader, no TypeScript,
 * so it starts in a few tens of milliseconds). Shared-memory slots:
 * 0 done flag, 1 index of the check running, 2 ready flag.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const port = workerData && workerData.port;
const slots = workerData && workerData.slots ? new Int32Array(workerData.slots) : null;
const cache = new Map();
function compile(pattern, flags) {
  const key = flags + '/' + pattern;
  let re = cache.get(key);
  if (!re) {
    re = new RegExp(pattern, flags);
    if (cache.size >= 256) cache.clear();
    cache.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}
parentPort.on('message', (job) => {
  const results = [];
  for (let i = 0; i < job.checks.length; i++) {
    const c = job.checks[i];
    if (slots) Atomics.store(slots, 1, i);
    try {
      results.push({ status: compile(c.pattern, c.flags).test(c.input) ? 'match' : 'noMatch' });
    } catch (err) {
      results.push({ status: 'invalid', error: String((err && err.message) || err) });
    }
  }
  (port || parentPort).postMessage({ id: job.id, results });
  if (slots) { Atomics.store(slots, 0, 1); Atomics.notify(slots, 0); }
});
if (slots) { Atomics.store(slots, 2, 1); Atomics.notify(slots, 2); }
`;

const DONE = 0;
const RUNNING = 1;
const READY = 2;

function startWorker(workerData: Record<string, unknown>, transferList: MessagePort[] = []): Worker {
  // execArgv []: the service's own loader (tsx) is not needed to run plain JavaScript.
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData, transferList, execArgv: [], stdout: false, stderr: false });
  // Never keeps the process alive; a failing worker is replaced on next use.
  worker.unref();
  worker.on('error', () => {});
  return worker;
}

// ---- patterns known to be too slow -----------------------------------------

/**
 * Patterns that overran, with the input they overran on: `suspect` after an
 * overrun within a short limit, `confirmed` after an overrun within
 * VERIFY_TIMEOUT_MS. Both are refused at once. A busy machine can starve a
 * worker of CPU, so a suspect is run once more (in the background, with
 * VERIFY_TIMEOUT_MS) the next time it is asked for, and forgotten if that
 * run finishes: a load spike never disables a sound pattern for long, while a
 * stream of distinct hostile patterns, each seen once, costs no second run.
 */
const hostile = new Map<string, { state: 'suspect' | 'confirmed'; check: RegexCheck; verifying: boolean }>();
const hostileKey = (pattern: string, flags: string) => `${flags}/${pattern}`;

/** Time the background re-run of a suspect pattern gets. */
const VERIFY_TIMEOUT_MS = 250;

/** Re-runs running at most at once; past that, a suspect waits for its next request. */
const MAX_VERIFYING = 1;
let verifying = 0;

/** Records an overrun of `check` after `timeoutMs`. */
function overran(check: RegexCheck, timeoutMs: number): void {
  const key = hostileKey(check.pattern, check.flags);
  if (hostile.get(key)?.state === 'confirmed') return;
  if (hostile.size >= HOSTILE_LIMIT && !hostile.has(key)) hostile.clear();
  hostile.set(key, { state: timeoutMs >= VERIFY_TIMEOUT_MS ? 'confirmed' : 'suspect', check, verifying: false });
}

/** A suspect asked for again: re-run it in the background (once at a time). */
function verify(key: string): void {
  const entry = hostile.get(key);
  if (!entry || entry.state !== 'suspect' || entry.verifying || verifying >= MAX_VERIFYING) return;
  entry.verifying = true;
  verifying++;
  void verifyLane.run([entry.check], VERIFY_TIMEOUT_MS).then(([outcome]) => {
    verifying--;
    entry.verifying = false;
    if (hostile.get(key) !== entry) return;
    if (outcome!.status === 'timeout') entry.state = 'confirmed';
    else if (outcome!.status !== 'skipped') hostile.delete(key);
  });
}

/** Whether this pattern overran before (it is then refused without running). */
export function isKnownSlowPattern(pattern: string, flags = ''): boolean {
  return hostile.has(hostileKey(pattern, flags));
}

/** Whether to refuse `check` at once; a suspect refused this way gets its background re-run. */
function refusedAtOnce(check: RegexCheck): boolean {
  const key = hostileKey(check.pattern, check.flags);
  if (!hostile.has(key)) return false;
  verify(key);
  return true;
}

// ---- synchronous checks ----------------------------------------------------

interface SyncWorker {
  worker: Worker;
  slots: Int32Array;
  results: MessagePort;
  /** Set once it overran or failed: never used again. */
  dead: boolean;
}

/** Sync workers kept started (one is used, the others are ready to take over at once). */
const POOL_SIZE = 3;
const pool: SyncWorker[] = [];
/** Whether a sync worker was ever ready: only the very first use may wait for one to start. */
let everReady = false;

function startSyncWorker(): SyncWorker {
  const slots = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
  const { port1, port2 } = new MessageChannel();
  port1.unref();
  const entry: SyncWorker = { worker: startWorker({ port: port2, slots: slots.buffer }, [port2]), slots, results: port1, dead: false };
  entry.worker.once('exit', () => { entry.dead = true; });
  return entry;
}

/**
 * A started, ready worker, or undefined when none is ready yet (they are
 * being replaced after overruns). The pool is topped up on every call.
 * Never waits for a worker to start, except on the process's first use:
 * the event loop must not wait on start-ups a stream of hostile patterns
 * could cause.
 */
function readySyncWorker(): SyncWorker | undefined {
  warmUpRegexWorkers();
  let ready = pool.find((w) => Atomics.load(w.slots, READY) === 1);
  if (!ready && !everReady) {
    Atomics.wait(pool[0]!.slots, READY, 0, BOOT_TIMEOUT_MS);
    ready = pool.find((w) => Atomics.load(w.slots, READY) === 1);
  }
  if (ready) everReady = true;
  return ready;
}

/**
 * Starts the pool of workers synchronous checks use, without waiting, so the
 * first check finds one ready instead of waiting for a start-up on the
 * caller's thread. The service calls it when it starts listening.
 */
export function warmUpRegexWorkers(): void {
  for (let i = pool.length - 1; i >= 0; i--) if (pool[i]!.dead) pool.splice(i, 1);
  while (pool.length < POOL_SIZE) pool.push(startSyncWorker());
}

function retire(entry: SyncWorker): void {
  entry.dead = true;
  entry.results.close();
  void entry.worker.terminate();
  const i = pool.indexOf(entry);
  if (i >= 0) pool.splice(i, 1);
}

/**
 * The checks known to be too slow are answered `timeout` at once; the rest
 * are copied (pattern, flags, input only) to run, with `where` giving each
 * one's index in `checks`.
 */
function partition(checks: readonly RegexCheck[]): { outcomes: RegexOutcome[]; toRun: RegexCheck[]; where: number[] } {
  const outcomes: RegexOutcome[] = new Array(checks.length);
  const toRun: RegexCheck[] = [];
  const where: number[] = [];
  checks.forEach((c, i) => {
    if (refusedAtOnce(c)) outcomes[i] = { status: 'timeout' };
    else { toRun.push({ pattern: c.pattern, flags: c.flags, input: c.input }); where.push(i); }
  });
  return { outcomes, toRun, where };
}

/**
 * Runs a batch of checks in a worker, waiting at most `timeoutMs` in all
 * (the calling thread is blocked meanwhile, never longer). Patterns known to
 * be too slow are answered `timeout` without running. When the batch
 * overruns, the check that was running is `timeout` (and remembered), the
 * ones after it are `skipped`, and the ones before it too, since their
 * results did not come back. `stats.runMs` is increased by the time the
 * batch ran (a worker's start-up, waited for separately, is not counted).
 */
export function testRegexesSync(checks: readonly RegexCheck[], timeoutMs: number, stats?: { runMs: number }): RegexOutcome[] {
  const { outcomes, toRun, where } = partition(checks);
  if (!toRun.length) return outcomes;
  const entry = readySyncWorker();
  if (!entry) {
    where.forEach((i) => { outcomes[i] = { status: 'busy' }; });
    return outcomes;
  }
  // A late answer of an earlier batch must not be taken for this one's.
  while (receiveMessageOnPort(entry.results)) { /* drop */ }
  Atomics.store(entry.slots, DONE, 0);
  Atomics.store(entry.slots, RUNNING, -1);
  entry.worker.postMessage({ id: 0, checks: toRun });
  // The limit is for patterns: it starts once the worker has begun the batch. A busy machine may
  // not schedule the worker at once; no pattern runs meanwhile, so that wait is bounded apart.
  const posted = performance.now();
  let wait: string = 'not-equal';
  while (Atomics.load(entry.slots, RUNNING) < 0 && Atomics.load(entry.slots, DONE) === 0 && performance.now() - posted < START_GRACE_MS) {
    wait = Atomics.wait(entry.slots, DONE, 0, 2);
  }
  const started = performance.now();
  if (Atomics.load(entry.slots, DONE) === 0) wait = Atomics.wait(entry.slots, DONE, 0, Math.max(1, timeoutMs));
  else wait = 'ok';
  if (stats) stats.runMs += performance.now() - started;
  const message = wait === 'timed-out' ? undefined : receiveMessageOnPort(entry.results)?.message as { results: RegexOutcome[] } | undefined;
  if (message) {
    message.results.forEach((r, k) => { outcomes[where[k]!] = r; });
    return outcomes;
  }
  const culprit = Atomics.load(entry.slots, RUNNING);
  retire(entry);
  where.forEach((i, k) => {
    if (culprit < 0) {
      // The worker never got to the batch (a starved machine): no pattern is to blame.
      outcomes[i] = { status: 'busy' };
    } else if (k === culprit) {
      overran(toRun[k]!, timeoutMs);
      outcomes[i] = { status: 'timeout' };
    } else {
      outcomes[i] = { status: 'skipped' };
    }
  });
  return outcomes;
}

/**
 * `new RegExp(pattern, flags).test(input)`, run in a worker, waiting at most
 * `timeoutMs` (the calling thread is blocked meanwhile). Throws
 * RegexTimeoutError when the pattern overruns (or overran before), and
 * SyntaxError when it does not compile.
 */
export function testRegexSync(pattern: string, flags: string, input: string, timeoutMs = DEFAULT_REGEX_TIMEOUT_MS): boolean {
  const [outcome] = testRegexesSync([{ pattern, flags, input }], timeoutMs);
  return settle(outcome!, pattern, timeoutMs);
}

function settle(outcome: RegexOutcome, pattern: string, timeoutMs: number): boolean {
  if (outcome.status === 'match') return true;
  if (outcome.status === 'noMatch') return false;
  if (outcome.status === 'invalid') throw new SyntaxError(outcome.error);
  if (outcome.status === 'busy') throw new RegexBusyError();
  throw new RegexTimeoutError(pattern, timeoutMs);
}

// ---- asynchronous checks ---------------------------------------------------

interface AsyncJob {
  checks: RegexCheck[];
  timeoutMs: number;
  resolve(outcomes: RegexOutcome[]): void;
}

/** A queue of checks run one at a time on its own worker thread. */
class AsyncLane {
  private readonly queue: AsyncJob[] = [];
  private current: { worker: Worker; online: Promise<boolean>; slots: Int32Array } | undefined;
  private running = false;
  private nextId = 1;

  /**
   * Runs a batch after the batches queued before it, within `timeoutMs`
   * from when it starts. On an overrun the running check is `timeout` (and
   * recorded with `overran`), every other one `skipped`.
   */
  run(checks: RegexCheck[], timeoutMs: number): Promise<RegexOutcome[]> {
    return new Promise<RegexOutcome[]>((resolve) => {
      this.queue.push({ checks, timeoutMs, resolve });
      void this.pump();
    });
  }

  /** Waiting and running checks. */
  get size(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  private start(): { worker: Worker; online: Promise<boolean>; slots: Int32Array } {
    const slots = new Int32Array(new SharedArrayBuffer(4 * Int32Array.BYTES_PER_ELEMENT));
    const worker = startWorker({ slots: slots.buffer });
    const online = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), BOOT_TIMEOUT_MS);
      timer.unref();
      worker.once('online', () => { clearTimeout(timer); resolve(true); });
      worker.once('exit', () => { clearTimeout(timer); resolve(false); });
    });
    return { worker, online, slots };
  }

  private drop(entry: { worker: Worker }): void {
    if (this.current === entry) this.current = undefined;
    void entry.worker.terminate();
  }

  private async pump(): Promise<void> {
    if (this.running || !this.queue.length) return;
    this.running = true;
    const job = this.queue.shift()!;
    const entry = (this.current ??= this.start());
    // Referenced while it works for someone, so an awaited check keeps the process alive.
    entry.worker.ref();
    const done = (outcomes: RegexOutcome[]) => {
      entry.worker.unref();
      this.running = false;
      job.resolve(outcomes);
      void this.pump();
    };
    const skipped = (): RegexOutcome[] => job.checks.map(() => ({ status: 'skipped' }));
    // Start-up is not the pattern's time: the limit starts once the worker runs.
    if (!(await entry.online)) {
      this.drop(entry);
      done(skipped());
      return;
    }
    const { worker } = entry;
    const id = this.nextId++;
    let timer: NodeJS.Timeout | undefined = undefined;
    const finish = (outcomes: RegexOutcome[]) => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      done(outcomes);
    };
    const onMessage = (m: { id: number; results: RegexOutcome[] }) => { if (m.id === id) finish(m.results); };
    const onExit = () => {
      if (this.current === entry) this.current = undefined;
      finish(skipped());
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    Atomics.store(entry.slots, RUNNING, -1);
    timer = setTimeout(() => {
      const culprit = Atomics.load(entry.slots, RUNNING);
      worker.off('exit', onExit);
      this.drop(entry);
      const outcomes = skipped();
      if (culprit >= 0 && culprit < job.checks.length) {
        overran(job.checks[culprit]!, job.timeoutMs);
        outcomes[culprit] = { status: 'timeout' };
      }
      finish(outcomes);
    }, Math.max(1, job.timeoutMs));
    worker.postMessage({ id, checks: job.checks });
  }
}

/** Callers' checks. */
const checksLane = new AsyncLane();
/** Background re-runs of suspect patterns, on their own thread so they never delay callers' checks. */
const verifyLane = new AsyncLane();

/**
 * Runs a batch of checks in a worker thread, within `timeoutMs` from when
 * the batch starts (batches run one at a time, in call order); the event
 * loop stays free. Outcomes as in `testRegexesSync`.
 */
export async function testRegexes(checks: readonly RegexCheck[], timeoutMs: number): Promise<RegexOutcome[]> {
  const { outcomes, toRun, where } = partition(checks);
  if (toRun.length) (await checksLane.run(toRun, timeoutMs)).forEach((o, k) => { outcomes[where[k]!] = o; });
  return outcomes;
}

/**
 * `new RegExp(pattern, flags).test(input)`, run in a worker thread; the
 * event loop stays free. Rejects with RegexTimeoutError when the pattern runs
 * longer than `timeoutMs` (the worker is then terminated and replaced, and
 * the pattern refused at once from then on), and with SyntaxError when it
 * does not compile. Checks run one at a time, in call order; the limit
 * counts from when a check starts.
 */
export async function testRegex(pattern: string, flags: string, input: string, timeoutMs = DEFAULT_REGEX_TIMEOUT_MS): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const [outcome] = await testRegexes([{ pattern, flags, input }], timeoutMs);
    // `skipped`: the worker died under it (not this pattern's fault); one more try on a fresh one.
    if (outcome!.status === 'skipped' && attempt === 0) continue;
    return settle(outcome!, pattern, timeoutMs);
  }
}
