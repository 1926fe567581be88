/**
 * Passes on at most one frame per interval, and always the newest: a live
 * view wants the latest picture, not every repaint. A frame arriving inside
 * the interval replaces any frame still waiting, which goes out when the
 * interval ends (so the last repaint of a burst is never lost).
 */

/** Throttles frames of type T to one per `intervalMs`, newest wins. */
export class FrameThrottle<T> {
  private waiting: T | null = null;
  private lastSentAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly intervalMs: number, private readonly send: (frame: T) => void) {}

  /** Offers a frame: sent now when the interval has passed, else at its end unless a newer one comes. */
  offer(frame: T): void {
    if (this.closed) return;
    this.waiting = frame;
    if (this.timer) return;
    const wait = this.lastSentAt + this.intervalMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => { this.timer = null; this.flush(); }, wait).unref();
  }

  /** Drops the waiting frame and sends no more. */
  close(): void {
    this.closed = true;
    this.waiting = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private flush(): void {
    const frame = this.waiting;
    this.waiting = null;
    if (frame === null || this.closed) return;
    this.lastSentAt = Date.now();
    this.send(frame);
  }
}
