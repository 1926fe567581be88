/**
 * One flow getting its browser from a remote endpoint: first a slot of the
 * endpoint (EndpointSlots, when a per-endpoint limit is set), then the
 * driver's `open`, tried again while the endpoint refuses for a reason that
 * passes (transient-refusal.ts), all within one deadline. While it waits it
 * says why (`onWaiting`, a phrase such as "a browser from http://grid:4444"),
 * and it gives up at once when `signal` aborts (a cancelled flow), closing
 * whatever a late `open` still hands back.
 */
import { EndpointSlots, SlotWaitAborted, type Release } from './endpoint-slots';
import { isTransientRefusal } from './transient-refusal';

/** How a flow waits for its browser (from the kernel's OpenSessionOptions). */
export interface AcquireWait {
  /** Give up (reject) this long after the start. */
  timeoutMs: number;
  /** Sessions this service holds on one endpoint at most; null: no limit of ours (the endpoint may queue). */
  maxConcurrentPerEndpoint: number | null;
  /** Aborts the wait (the flow was cancelled); the rejection is the signal's reason. */
  signal?: AbortSignal;
  /** Why the flow waits, or null once it has its browser. Called only when there is a wait to show. */
  onWaiting?: (reason: string | null) => void;
}

export interface AcquireArgs<T> {
  slots: EndpointSlots;
  /** The endpoint as shown (endpointLabel): also the key of its slots. */
  endpoint: string;
  wait: AcquireWait;
  /** Opens the session; rejects with the endpoint's refusal. */
  open: () => Promise<T>;
  /** Closes a session that arrived after the wait was abandoned. */
  discard: (value: T) => Promise<void>;
  /** A request still unanswered after this long is shown as waiting (the endpoint may be queueing it); default 5000 (a busy Grid takes seconds to start a browser). */
  queuedAfterMs?: number;
  /** First pause between attempts (doubles, at most 5 s); default 500. */
  retryDelayMs?: number;
}

/** What an acquisition hands back: the session, and its slot to give back when the session closes. */
export interface Acquired<T> {
  value: T;
  release: Release;
}

/** The browser could not be had within the deadline, or the endpoint refused for good; the message names the endpoint. */
export class BrowserAcquireError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrowserAcquireError';
  }
}

const firstLine = (err: unknown): string => (err instanceof Error ? err.message : String(err)).split('\n')[0].slice(0, 300);

/** `open` past the deadline: abandoned (its late value discarded) like a cancelled one. */
class PastDeadline extends Error {}

/**
 * Settles as `work`, or rejects as soon as `signal` aborts (with its reason)
 * or `deadline` passes (PastDeadline); a value `work` resolves with after
 * that goes to `discard`.
 */
function abandonable<T>(work: Promise<T>, deadline: number, signal: AbortSignal | undefined, discard: (value: T) => Promise<void>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const giveUp = (why: unknown) => {
      if (settled) return;
      settled = true;
      cleanup();
      reject(why);
      work.then((late) => discard(late).catch(() => undefined), () => undefined);
    };
    const onAbort = () => giveUp(signal!.reason ?? new Error('cancelled'));
    const timer = setTimeout(() => giveUp(new PastDeadline()), Math.max(0, deadline - Date.now()));
    const cleanup = () => { clearTimeout(timer); signal?.removeEventListener('abort', onAbort); };
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => { if (!settled) { settled = true; cleanup(); resolve(value); } },
      (err) => { if (!settled) { settled = true; cleanup(); reject(err); } },
    );
  });
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { signal?.removeEventListener('abort', onAbort); resolve(); }, ms);
    const onAbort = () => { clearTimeout(timer); reject(signal!.reason ?? new Error('cancelled')); };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Gets a session from `endpoint` (see the file comment); rejects with BrowserAcquireError, or the abort reason. */
export async function acquireBrowser<T>(args: AcquireArgs<T>): Promise<Acquired<T>> {
  const { wait, endpoint } = args;
  const started = Date.now();
  const deadline = started + wait.timeoutMs;
  const within = `within ${wait.timeoutMs} ms (browserAcquireTimeoutMs)`;
  let shown = false;
  const show = (reason: string | null) => {
    if (reason === null && !shown) return;
    shown = reason !== null;
    wait.onWaiting?.(reason);
  };

  let release: Release = () => {};
  const max = wait.maxConcurrentPerEndpoint;
  if (max !== null) {
    try {
      release = await args.slots.take(endpoint, max, {
        deadline, signal: wait.signal,
        onQueued: (inUse) => show(`a browser from ${endpoint}: ${inUse} of ${max} sessions allowed there (maxConcurrentPerEndpoint) are in use`),
      });
    } catch (err) {
      if (err instanceof SlotWaitAborted && err.why === 'timeout') {
        throw new BrowserAcquireError(`No browser from ${endpoint} ${within}: ${err.message}`);
      }
      throw wait.signal?.reason ?? err;
    }
  }

  let delay = args.retryDelayMs ?? 500;
  /** The newest refusal, for a failure whose last attempt is merely unanswered: what the endpoint said is the better clue. */
  let lastRefusal: string | null = null;
  for (let attempt = 1; ; attempt++) {
    const requestedAt = Date.now();
    const queued = setTimeout(() => show(`a browser from ${endpoint}: session requested ${Math.round((Date.now() - requestedAt) / 1000)} s ago and not granted yet (the endpoint may be queueing it)`), args.queuedAfterMs ?? 5000);
    try {
      const value = await abandonable(args.open(), deadline, wait.signal, args.discard);
      show(null);
      return { value, release };
    } catch (err) {
      if (wait.signal?.aborted) {
        release();
        throw wait.signal.reason ?? err;
      }
      if (err instanceof PastDeadline) {
        release();
        const before = lastRefusal ? `; attempt ${attempt - 1} before it failed: ${lastRefusal}` : '';
        throw new BrowserAcquireError(`No browser from ${endpoint} ${within}: the session request (attempt ${attempt}) was still unanswered${before}`);
      }
      const transient = isTransientRefusal(err);
      const left = deadline - Date.now();
      if (!transient || left < 50) {
        release();
        if (!transient) throw err;
        throw new BrowserAcquireError(`No browser from ${endpoint} ${within} (${attempt} attempts); the last one failed: ${firstLine(err)}`);
      }
      lastRefusal = firstLine(err).slice(0, 300);
      show(`a browser from ${endpoint}: attempt ${attempt} failed (${firstLine(err).slice(0, 120)}), trying again`);
      try {
        // The last try at the deadline itself: a Grid back a moment before it still counts.
        await pause(Math.min(delay, left - 20), wait.signal);
      } catch (abort) {
        release();
        throw abort;
      }
      delay = Math.min(delay * 2, 5000);
    } finally {
      clearTimeout(queued);
    }
  }
}
