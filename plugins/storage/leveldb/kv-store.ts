/** A string-keyed JSON map on one sublevel (GPT configs, env vars, agent assignments). */
import type { KeyValueStore } from '../../../kernel/contracts/storage';
import type { KeyMutex } from './key-mutex';
import type { Sub } from './sublevels';

/** KeyValueStore on a LevelDB sublevel; entries come back in key order for free. */
export class LevelKeyValueStore<T> implements KeyValueStore<T> {
  constructor(
    private readonly sub: Sub<T>,
    private readonly locks: KeyMutex,
    /** Distinguishes this store's mutex keys from other stores'. */
    private readonly name: string,
  ) {}

  get(key: string): Promise<T | undefined> {
    return this.sub.get(key);
  }

  put(key: string, value: T): Promise<void> {
    return this.locks.run(this.lock(key), () => this.sub.put(key, value));
  }

  delete(key: string): Promise<boolean> {
    // Serialised with puts of the key so the "was it there" answer is true to the write order.
    return this.locks.run(this.lock(key), async () => {
      if (!(await this.sub.has(key))) return false;
      await this.sub.del(key);
      return true;
    });
  }

  entries(): Promise<Array<[string, T]>> {
    return this.sub.iterator().all();
  }

  private lock(key: string): string {
    return `${this.name}:${key}`;
  }
}
