/**
 * A wake-up signal for a loop that waits on commands (a flow's actor: run
 * control and queued user calls wake whatever the loop is waiting on).
 * A wake with nobody waiting is remembered for the next wait, so a request
 * that lands while the loop is busy between two checks is never lost
 * (loops re-check their condition, so a spurious wake costs one turn).
 */
export class WakeSignal {
  private waiters: Array<() => void> = [];
  private pending = false;

  /** Wakes every current waiter, or the next one to wait. */
  wake(): void {
    if (!this.waiters.length) {
      this.pending = true;
      return;
    }
    const list = this.waiters;
    this.waiters = [];
    for (const w of list) w();
  }

  /** Resolves true at the next wake (at once if one is pending), or false after `timeoutMs`. */
  wait(timeoutMs: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
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
