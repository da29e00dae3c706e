// Work that must not run on the webhook's request path (model calls): the webhook enqueues and
// answers at once. Jobs with the same key run once while pending (a duplicate delivery or a burst of
// edits does not convert twice). `exclusive` serialises the work on one issue or PR (webhook
// handlers and queued jobs alike). `drain()` lets tests and the CLI wait for everything.
import { createKeyedLock } from "./keyed-lock.js";
import type { RepoCoords, WorkQueue } from "../../core/github/port.js";

/** The `exclusive` key of an issue or pull request (they share one number space). */
export const exclusiveKey = (repo: RepoCoords, number: number) => `${repo.owner}/${repo.repo}#${number}`;

export function createWorkQueue(
  options: { concurrency?: number; onError?: (key: string, error: unknown) => void } = {},
): WorkQueue {
  const concurrency = options.concurrency ?? 4;
  const pending = new Map<string, () => Promise<void>>();
  const running = new Set<string>();
  const failures: Array<{ key: string; error: unknown }> = [];
  let waiters: Array<() => void> = [];
  const lock = createKeyedLock();

  const settle = () => {
    if (pending.size === 0 && running.size === 0 && lock.busyKeys === 0) {
      const w = waiters;
      waiters = [];
      for (const resolve of w) resolve();
    }
  };

  const pump = () => {
    for (const [key, job] of pending) {
      if (running.size >= concurrency) break;
      if (running.has(key)) continue; // the same key waits for its earlier run to finish
      pending.delete(key);
      running.add(key);
      void job()
        .catch((error: unknown) => {
          failures.push({ key, error });
          options.onError?.(key, error);
        })
        .finally(() => {
          running.delete(key);
          pump();
          settle();
        });
    }
  };

  return {
    failures,
    enqueue(key, job) {
      pending.set(key, job); // a newer job for the same key replaces the pending one
      queueMicrotask(pump);
    },
    async exclusive(key, work) {
      try {
        return await lock.run(key, work);
      } finally {
        queueMicrotask(settle);
      }
    },
    drain() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        queueMicrotask(settle);
      });
    },
  };
}
