// Which webhook deliveries this process has finished. GitHub never retries a failed delivery, and
// its "Redeliver" button sends the same delivery id, so an id counts as done only once its handler
// succeeded: a failed handler leaves the id redeliverable, and its error answers GitHub with a 5xx
// (Probot's middleware answers with the error's `status`), so the Deliveries page shows the failure.
// A copy of a delivery that arrives while the first still runs waits for it. Per process; across
// instances the handlers' recomputable steps make a repeat write nothing (docs/github-app.md).

export interface DeliveryLog {
  /**
   * Runs `work` for delivery `id` of `handler` unless that pair already succeeded here; undefined
   * when skipped. Rethrows a failure as a `DeliveryFailed` (status 500) and forgets the id.
   */
  once<T>(handler: string, id: string, work: () => Promise<T>): Promise<T | undefined>;
}

/** A handler's failure as the webhook answers it: always a 5xx, whatever the API said (a 404, a 422). */
export class DeliveryFailed extends Error {
  readonly status = 500;
  constructor(handler: string, id: string, cause: unknown) {
    super(`${handler} failed for delivery ${id}: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = "DeliveryFailed";
  }
}

export function createDeliveryLog(limit = 10_000): DeliveryLog {
  const done = new Set<string>();
  const running = new Map<string, Promise<unknown>>();
  return {
    async once<T>(handler: string, id: string, work: () => Promise<T>): Promise<T | undefined> {
      const key = `${handler}\u0000${id}`;
      // Each waiter re-checks after the first run settles; the first to resume claims the key.
      for (let first = running.get(key); first; first = running.get(key)) await first.catch(() => undefined);
      if (done.has(key)) return undefined;
      const run = work();
      running.set(key, run);
      try {
        const result = await run;
        done.add(key);
        if (done.size > limit) done.delete(done.values().next().value!);
        return result;
      } catch (error) {
        throw new DeliveryFailed(handler, id, error);
      } finally {
        running.delete(key);
      }
    },
  };
}
