// Hidden markers (owned only when the bot wrote them, cannot be closed early by their data) and the
// work queue (off the request path, one run per key while pending, failures recorded).
import { describe, expect, test } from "vitest";
import { findOwned, readMarker, readMarkers, renderMarker, sameContent } from "../../src/github/markers.js";
import { createWorkQueue } from "../../src/github/work-queue.js";

describe("markers", () => {
  test("round-trip; data cannot end the HTML comment early", () => {
    const m = renderMarker("case", { v: 1, note: "--> <script>" });
    expect(m).not.toMatch(/-->.*-->/);
    expect(readMarker(`${m}\nbody`, "case")?.data).toEqual({ v: 1, note: "--> <script>" });
    expect(readMarkers("<!-- skillops:case {not json} -->")).toEqual([{ kind: "case", data: {} }]); // malformed data: empty, not an error
    expect(readMarkers("<!-- skillops:dashboard -->")).toEqual([{ kind: "dashboard", data: {} }]);
    expect(() => renderMarker("Bad Kind")).toThrow(/lower-case/);
  });

  test("only the bot's own items count, whatever their text says", () => {
    const items = [
      { body: renderMarker("case", { forged: true }), author: "mallory" },
      { body: renderMarker("case", { v: 1 }), author: "skillops[bot]" },
    ];
    expect(findOwned(items, "case", "skillops[bot]")?.author).toBe("skillops[bot]");
    expect(findOwned(items.slice(0, 1), "case", "skillops[bot]")).toBeUndefined();
  });

  test("sameContent ignores markers and trailing whitespace only", () => {
    expect(
      sameContent(`${renderMarker("x", { a: 1 })}\nhello\n`, `${renderMarker("x", { a: 2 })}\nhello`),
    ).toBe(true);
    expect(sameContent("hello", "hello!")).toBe(false);
  });
});

describe("work queue", () => {
  test("runs later, once per pending key, and drains", async () => {
    const queue = createWorkQueue({ concurrency: 2 });
    const ran: string[] = [];
    queue.enqueue("a", async () => void ran.push("a1"));
    queue.enqueue("a", async () => void ran.push("a2")); // replaces the pending a1
    queue.enqueue("b", async () => {
      throw new Error("boom");
    });
    expect(ran).toEqual([]); // nothing on the caller's path
    await queue.drain();
    expect(ran).toEqual(["a2"]);
    expect(queue.failures.map((f) => f.key)).toEqual(["b"]);
  });

  test("a key enqueued while running runs again afterwards, never concurrently", async () => {
    const queue = createWorkQueue();
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    const job = async () => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((r) => setTimeout(r, 5));
      runs++;
      running--;
    };
    queue.enqueue("k", job);
    await new Promise((r) => setTimeout(r, 1));
    queue.enqueue("k", job);
    await queue.drain();
    expect({ runs, maxRunning }).toEqual({ runs: 2, maxRunning: 1 });
  });
});
