// At most one dashboard refresh per burst. A refresh is a queued job that first waits `delayMs`
// (the injected `wait`), then renders with the newest environment asked for meanwhile; every request
// that arrives while a job is still waiting joins it. A request made once the job has started
// gathering queues one more (the queue runs jobs of one key one at a time), so nothing that happened
// is left off the dashboard, and `queue.drain()` still waits for the refresh.
import type { WorkQueue } from "../../../core/github/port.js";

export interface RefreshCoalescer {
  /** Asks for a refresh of `key` (one per repository); `run` is the newest way to do it. */
  request(key: string, run: () => Promise<void>): void;
}

export interface RefreshCoalescerOptions {
  /** How long a refresh waits for more events to join it (0: only those arriving before it starts). */
  delayMs: number;
  /** The timer (tests and the bench inject one). */
  wait?: (ms: number) => Promise<void>;
}

/** A hosted server hears bursts (a label added to many issues): one refresh per this much quiet. */
export const HOSTED_REFRESH_DELAY_MS = 2000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRefreshCoalescer(queue: WorkQueue, options: RefreshCoalescerOptions): RefreshCoalescer {
  const wait = options.wait ?? sleep;
  const waiting = new Map<string, () => Promise<void>>();
  return {
    request(key, run) {
      const joined = waiting.has(key);
      waiting.set(key, run);
      if (joined) return;
      queue.enqueue(`dashboard:${key}`, async () => {
        let latest = run;
        try {
          await wait(options.delayMs);
        } finally {
          latest = waiting.get(key) ?? latest; // even when the timer failed: later requests start afresh
          waiting.delete(key);
        }
        await latest();
      });
    },
  };
}
