// The sweeps that kill a tree's leftovers: one on the timeout, one when the program exits. The
// second sees the first one's victims dying, their command lines already gone (only their names
// left), and on the /proc scan's path either may finish first. What a process is called must come
// from the sweep that started first, whichever finished first. Found by a fresh clone whose harness
// timeout listed "pid N (sleep)" where the process ran `sleep 300`.
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { describe, expect, it } from "vitest";
import { sweeper } from "../../src/io/runners/spawn-capped.js";
import type { KilledProcess } from "../../src/io/runners/process-tree.js";

/** Two sweeps of one process, the first seeing it alive and the second dying; `firstDone` says which finishes first. */
async function sweptTwice(firstDone: boolean): Promise<KilledProcess[]> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  let calls = 0;
  const kill = async (): Promise<KilledProcess[]> => {
    const call = ++calls;
    if ((call === 1) !== firstDone) await held;
    return [{ pid: 42, command: call === 1 ? "sleep 300" : "sleep" }];
  };
  // Only the pid is read from the child.
  const { sweep, swept } = sweeper({ pid: 7 } as ChildProcessWithoutNullStreams, kill);
  sweep();
  sweep();
  await new Promise((r) => setImmediate(r)); // the sweep not held has finished
  release();
  return swept();
}

describe("the sweeps of a tree", () => {
  it("name each process as the sweep that started first saw it, whichever finished first", async () => {
    expect(await sweptTwice(true)).toEqual([{ pid: 42, command: "sleep 300" }]);
    expect(await sweptTwice(false)).toEqual([{ pid: 42, command: "sleep 300" }]);
  });
});
