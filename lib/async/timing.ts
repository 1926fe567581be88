/**
 * The two timing primitives every layer needs: a pause and a deadline. One
 * copy, so that every pause honours an abort signal the same way and every
 * deadline clears its timer (a forgotten timer keeps a test process alive).
 */

/**
 * Resolves after `ms` (negative counts as 0), or rejects with the signal's
 * reason as soon as `signal` aborts; the timer and the listener are removed
 * either way.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => { clearTimeout(timer); reject(signal!.reason); };
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, Math.max(0, ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Settles as `promise` does, or rejects when it has not settled within `ms`:
 * with `timeout()` when given, with an `Error` whose message is `timeout`
 * when a string is given, else with "timed out after N ms". `promise` keeps
 * running (the caller decides what to do with a late result).
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, timeout?: string | (() => Error)): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const error = () => typeof timeout === 'function' ? timeout() : new Error(timeout ?? `timed out after ${ms} ms`);
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => { timer = setTimeout(() => reject(error()), ms); }),
  ]).finally(() => clearTimeout(timer));
}
