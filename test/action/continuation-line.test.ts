// The hand-over a job leaves in --out (continuation.json) read back: by the next job (readContinuation)
// and by the Action, which passes it on as its `continue` output (readContinuationLine). A torn or
// edited file is named with what is wrong, and left as it is.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readContinuationLine } from "../../src/apps/action/run-action.js";
import { ContinuationFileError, readContinuation } from "../../src/apps/cli/evolve/evolve-handover.js";

const dir = mkdtempSync(join(tmpdir(), "skillops-continuation-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const file = join(dir, "continuation.json");
const handOver = { runId: "6ee5a68a-5", reason: "job-budget", part: 2, afterIteration: 4, estimatedParts: 3 };

describe("continuation.json read back", () => {
  it("a whole file is the continuation, and the Action's line", async () => {
    writeFileSync(file, `${JSON.stringify(handOver, null, 2)}\n`);
    expect(await readContinuation(dir)).toEqual(handOver);
    expect(await readContinuationLine(dir)).toEqual({ line: JSON.stringify(handOver) });
  });

  it("a torn file is refused with what is wrong, and left as it is", async () => {
    const torn = JSON.stringify(handOver, null, 2).slice(0, 40);
    writeFileSync(file, torn);
    await expect(readContinuation(dir)).rejects.toThrow(ContinuationFileError);
    await expect(readContinuation(dir)).rejects.toThrow(`${file} is not JSON, torn or edited (`);
    const action = await readContinuationLine(dir);
    expect(action).toEqual({
      problem: expect.stringMatching(
        /^evolve exited 3 \(handed on\) but .*continuation\.json is not JSON, torn or edited \(.+\); no continuation job can be dispatched$/,
      ),
    });
    expect(readFileSync(file, "utf8")).toBe(torn);
  });

  it("JSON of another shape is refused naming the field; no file is none, and the Action says so", async () => {
    writeFileSync(file, JSON.stringify({ ...handOver, part: 0 }));
    await expect(readContinuation(dir)).rejects.toThrow(`${file} is not a continuation: part: `);
    rmSync(file);
    expect(await readContinuation(dir)).toBeUndefined();
    expect(await readContinuationLine(dir)).toEqual({
      problem: "evolve exited 3 (handed on) but left no continuation.json in --out",
    });
  });

  it("a file over its 64 KiB cap is refused by its size before it is read, naming the file, size and cap", async () => {
    writeFileSync(file, "");
    truncateSync(file, 4 * 64 * 1024); // sparse: zeros, not JSON, so only the size check can name the cap
    await expect(readContinuation(dir)).rejects.toThrow(
      `${file} is 256.0 KiB, over the 64.0 KiB cap for a continuation; it was not read`,
    );
    rmSync(file);
  });
});
