/**
 * Events kept per key so a late subscriber gets the history first
 * (`replay`), then live events. A key's history is bounded, and dropped a
 * while after its last event, so a finished source costs nothing for long.
 * Subscribers are called synchronously; a throwing one is ignored so a
 * broken subscriber cannot break the source.
 */

/** How a ReplayLog sorts its events. */
export interface ReplayLogOptions<E> {
  key(event: E): string;
  /** Whether the event is kept for replay (a live-only event is not). */
  kept(event: E): boolean;
  /** Whether the event is its key's last: the history is dropped `retainMs` later. Always kept. */
  last(event: E): boolean;
  retainMs: number;
  maxPerKey: number;
}

export type ReplayListener<E> = (event: E, seq: number) => void;

export class ReplayLog<E> {
  private readonly history = new Map<string, E[]>();
  private readonly listeners = new Map<string, Set<ReplayListener<E>>>();
  /** Listeners of every key's live events (a service-wide stream). */
  private readonly everyKey = new Set<(event: E) => void>();

  constructor(private readonly options: ReplayLogOptions<E>) {}

  /** Keeps the event (when it is kept and the key has room, or it is the last) and calls the key's subscribers with its sequence number. */
  emit(event: E): void {
    const { key, kept, last, maxPerKey, retainMs } = this.options;
    const k = key(event);
    const list = this.history.get(k) ?? [];
    if (kept(event) && (list.length < maxPerKey || last(event))) list.push(event);
    // A live-only event of a key without history (a finished flow renamed) keeps nothing: no empty entry is left behind.
    if (list.length) this.history.set(k, list);
    const seq = list.length - 1;
    for (const l of this.listeners.get(k) ?? []) {
      try { l(event, seq); } catch { /* a broken subscriber must not break the source */ }
    }
    for (const l of this.everyKey) {
      try { l(event); } catch { /* a broken subscriber must not break the source */ }
    }
    if (last(event)) setTimeout(() => this.history.delete(k), retainMs).unref();
  }

  /** Past events of the key (empty when unknown or expired). */
  replay(k: string): E[] {
    return [...(this.history.get(k) ?? [])];
  }

  /** Subscribes to the key's live events; returns the unsubscribe function. */
  subscribe(k: string, listener: ReplayListener<E>): () => void {
    const set = this.listeners.get(k) ?? new Set();
    set.add(listener);
    this.listeners.set(k, set);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(k);
    };
  }

  /** Subscribes to the live events of every key (no history); returns the unsubscribe function. */
  subscribeAll(listener: (event: E) => void): () => void {
    this.everyKey.add(listener);
    return () => { this.everyKey.delete(listener); };
  }

  /** Drops the key's history at once. */
  forget(k: string): void {
    this.history.delete(k);
  }
}
