// Hidden markers (owned only when the bot wrote them, cannot be closed early by their data) and the
// work queue (off the request path, one run per key while pending, failures recorded).
import { describe, expect, test } from "vitest";
import { readMarker, readMarkers, renderMarker } from "../../src/records/markers.js";
import {
  findOwned,
  planConvergence,
  planOwnedComment,
  sameContent,
} from "../../src/core/render/comments/owned-marker.js";
import { createWorkQueue } from "../../src/apps/app/work-queue.js";

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

describe("owned comments under concurrency", () => {
  const BOT = "acme-skills[bot]";
  const reply = (id: number, answers: number, text: string, author = BOT) => ({
    id,
    body: `${renderMarker("reply", { v: 1, comment: answers })}\n${text}`,
    author,
    authorIsBot: author === BOT,
  });

  test("planOwnedComment keeps the oldest own comment and removes the younger duplicates", () => {
    const comments = [reply(30, 1, "c"), reply(10, 1, "a"), reply(20, 1, "b", "mallory"), reply(25, 1, "b")];
    expect(planOwnedComment(comments, "reply", "new", { v: 1, comment: 2 }, BOT)).toEqual({
      step: "update",
      id: 10,
      body: `${renderMarker("reply", { v: 1, comment: 2 })}\nnew`,
      remove: [25, 30], // mallory's copy of the marker is not the app's: left alone
    });
    expect(
      planOwnedComment([reply(10, 1, "a"), reply(11, 1, "a")], "reply", "a", { v: 1, comment: 1 }, BOT),
    ).toEqual({ step: "unchanged", remove: [11] });
  });

  test("planConvergence: the oldest stays; with newestBy it takes the body answering the latest command", () => {
    expect(planConvergence([reply(10, 1, "a")], "reply", BOT)).toBeUndefined();
    const racing = [reply(10, 7, "help"), reply(12, 9, "did you mean"), reply(11, 8, "run")];
    expect(planConvergence(racing, "reply", BOT)).toEqual({ keep: 10, remove: [11, 12] });
    expect(planConvergence(racing, "reply", BOT, "comment")).toEqual({
      keep: 10,
      body: racing[1]!.body,
      remove: [11, 12],
    });
  });

  test("exclusive runs work for one key one after another, other keys alongside, and drain waits", async () => {
    const queue = createWorkQueue();
    const log: string[] = [];
    const step = (name: string, ms: number) => async () => {
      log.push(`${name}+`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`${name}-`);
      return name;
    };
    const a1 = queue.exclusive("acme/x#1", step("a1", 10));
    const a2 = queue.exclusive("acme/x#1", step("a2", 1));
    const b = queue.exclusive("acme/x#2", step("b", 1));
    const failed = queue.exclusive("acme/x#1", async () => {
      throw new Error("boom");
    });
    const failedCheck = expect(failed).rejects.toThrow("boom"); // the caller sees the error
    await queue.drain();
    expect(log).toEqual(["a1+", "b+", "b-", "a1-", "a2+", "a2-"]);
    expect(await Promise.all([a1, a2, b])).toEqual(["a1", "a2", "b"]);
    await failedCheck; // and the key is free again
    expect(await queue.exclusive("acme/x#1", async () => "after")).toBe("after");
  });
});
