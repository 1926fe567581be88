/**
 * Waits for `work`, but no longer than `timeoutMs` and not past `signal`'s
 * abort (rejecting with the signal's reason), whichever comes first. The
 * timer and the abort listener are removed either way: a long-lived signal
 * (a flow's) must not collect one listener per call.
 */
export async function bounded<T>(work: Promise<T>, options: { signal?: AbortSignal; timeoutMs?: number; onTimeout?: () => Error }): Promise<T> {
  const { signal, timeoutMs } = options;
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const races: Array<Promise<T>> = [work];
  if (timeoutMs !== undefined) {
    races.push(new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(options.onTimeout?.() ?? new Error(`did not finish within ${timeoutMs} ms`)), timeoutMs);
    }));
  }
  if (signal) {
    races.push(new Promise<never>((_, reject) => {
      onAbort = () => reject(signal.reason);
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    }));
  }
  try {
    return await Promise.race(races);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal!.removeEventListener('abort', onAbort);
  }
}
