/**
 * At most `max` sessions at once per endpoint, from this service: the rest
 * wait in arrival order. A Grid with N slots queues the (N+1)th session
 * request itself, but a queued WebDriver request cannot be withdrawn (a
 * cancelled flow would leave a session behind when the Grid finally grants
 * it), and a Playwright server has no queue at all: so the service keeps
 * its own, where waiting is visible, bounded and cancellable.
 */

/** Gives the slot back; a second call does nothing. */
export type Release = () => void;

interface Waiter {
  grant(release: Release): void;
}

interface Endpoint {
  inUse: number;
  waiting: Waiter[];
}

/** Why a wait for a slot ended without one. */
export class SlotWaitAborted extends Error {
  constructor(readonly why: 'timeout' | 'aborted', message: string) {
    super(message);
    this.name = 'SlotWaitAborted';
  }
}

export class EndpointSlots {
  private readonly endpoints = new Map<string, Endpoint>();

  /** Sessions held on `key` now (tests and diagnostics). */
  inUse(key: string): number {
    return this.endpoints.get(key)?.inUse ?? 0;
  }

  /** Requests waiting for a slot of `key` now. */
  waiting(key: string): number {
    return this.endpoints.get(key)?.waiting.length ?? 0;
  }

  /**
   * A slot of `key`, at once when fewer than `max` are held, else when one
   * is given back (first come, first served). `onQueued` is called once,
   * only when the request has to wait. Rejects with SlotWaitAborted when
   * `deadline` (epoch ms) passes or `signal` aborts first.
   */
  take(key: string, max: number, options: { deadline: number; signal?: AbortSignal; onQueued?: (inUse: number) => void }): Promise<Release> {
    const endpoint = this.endpoint(key);
    if (options.signal?.aborted) return Promise.reject(new SlotWaitAborted('aborted', 'cancelled while waiting for a browser slot'));
    if (endpoint.inUse < max) {
      endpoint.inUse++;
      return Promise.resolve(this.releaser(key, endpoint));
    }
    return new Promise<Release>((resolve, reject) => {
      const leave = (why: 'timeout' | 'aborted', message: string) => {
        const at = endpoint.waiting.indexOf(waiter);
        if (at >= 0) endpoint.waiting.splice(at, 1);
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
        reject(new SlotWaitAborted(why, message));
      };
      const onAbort = () => leave('aborted', 'cancelled while waiting for a browser slot');
      const timer = setTimeout(() => leave('timeout', `all ${max} sessions allowed on it stayed in use`), Math.max(0, options.deadline - Date.now()));
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      endpoint.waiting.push(waiter);
      options.onQueued?.(endpoint.inUse);
    });
  }

  private endpoint(key: string): Endpoint {
    let endpoint = this.endpoints.get(key);
    if (!endpoint) {
      endpoint = { inUse: 0, waiting: [] };
      this.endpoints.set(key, endpoint);
    }
    return endpoint;
  }

  /** A release for one held slot: hands it to the first waiter, else frees it. */
  private releaser(key: string, endpoint: Endpoint): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = endpoint.waiting.shift();
      if (next) {
        next.grant(this.releaser(key, endpoint));
        return;
      }
      endpoint.inUse--;
      if (endpoint.inUse === 0) this.endpoints.delete(key);
    };
  }
}
