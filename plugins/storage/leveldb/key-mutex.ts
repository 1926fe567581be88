/**
 * Per-key serialisation inside one process. LevelDB has no transactions, so a
 * read-modify-write (flow update, tool-call sequence allocation) must not
 * interleave with another on the same key or one of them would be lost.
 */
export class KeyMutex {
  /** Tail of the promise chain of each busy key; removed when the key goes idle. */
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `task` after every task queued earlier for `key`; tasks on other keys run freely. */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    // A failed predecessor must not block its successors: ignore its outcome.
    const result = previous.then(task, task);
    const tail = result.then(noop, noop);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** How many keys have queued or running tasks (for tests and diagnostics). */
  get busyKeys(): number {
    return this.tails.size;
  }
}

function noop(): void {}
