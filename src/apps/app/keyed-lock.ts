// One-at-a-time per key, any number of keys at once: deliveries for the same issue or PR run one
// after another (each sees what the previous one wrote), while different issues run concurrently.
// A p-limit(1) per key, dropped again when idle so the map does not grow with every issue seen.
import pLimit, { type LimitFunction } from "p-limit";

export interface KeyedLock {
  /** Runs `work` once the earlier work for `key` has finished; resolves or rejects with it. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** How many keys have work running or waiting (0 when idle). */
  readonly busyKeys: number;
}

export function createKeyedLock(): KeyedLock {
  // `users` counts callers holding or waiting for the key, so the entry goes when the last leaves.
  const entries = new Map<string, { limit: LimitFunction; users: number }>();
  return {
    async run<T>(key: string, work: () => Promise<T>): Promise<T> {
      const entry = entries.get(key) ?? { limit: pLimit(1), users: 0 };
      entries.set(key, entry);
      entry.users++;
      try {
        return await entry.limit(work);
      } finally {
        if (--entry.users === 0) entries.delete(key);
      }
    },
    get busyKeys() {
      return entries.size;
    },
  };
}
