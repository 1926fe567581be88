/**
 * A wake-up signal for a flow's loop: run control (pause, resume, cancel,
 * run-mode, a queued user call) wakes whatever the loop is waiting on.
 */
export class WakeSignal {
  private waiters: Array<() => void> = [];

  /** Wakes every current waiter. */
  wake(): void {
    const list = this.waiters;
    this.waiters = [];
    for (const w of list) w();
  }

  /** Resolves at the next wake, or after `timeoutMs` (then resolves false). */
  wait(timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (woken: boolean) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== onWake);
        resolve(woken);
      };
      const onWake = () => done(true);
      const timer = setTimeout(() => done(false), Math.max(0, timeoutMs));
      this.waiters.push(onWake);
    });
  }
}
