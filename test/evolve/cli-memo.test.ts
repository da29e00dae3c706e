// `skillops evolve` keeps its model-call memo beside the execution cache (`<out>/cache/memo`) and
// `--no-memo` turns it off: the same decisions, the knob recorded, more agent calls paid for.
// `--no-savings` turns the evaluation savings off (naive FRAMES evaluation): the same decisions again.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstDifference, runDecisions } from "../../src/core/evolve/run-decisions.js";
import { RunRecord } from "../../src/records/run-record.js";
import { double, evolveIn, prepare } from "./openai-refund-world.js";

afterEach(async () => double?.close());

const agentCalls = () => double!.requests.filter((r) => !("response_format" in (r.body as object))).length;

async function evolveWith(extra: string[]) {
  const dir = await prepare();
  const { code, stdout } = await evolveIn(dir, extra);
  expect(code).toBe(0);
  const calls = agentCalls();
  await double!.close();
  const memoDir = await readdir(join(dir, "out", "cache", "memo")).catch(() => undefined);
  return { record: RunRecord.parse(JSON.parse(stdout)), calls, memoDir };
}

describe("skillops evolve --no-memo", () => {
  it("records memo: false, writes no memo, and decides as the run with the memo does", async () => {
    const on = await evolveWith([]);
    const off = await evolveWith(["--no-memo"]);
    expect(on.record.config.memo).toBeUndefined();
    expect(off.record.config.memo).toBe(false);
    expect(on.memoDir?.length).toBeGreaterThan(0);
    expect(off.memoDir).toBeUndefined();
    const decisions = (r: RunRecord) =>
      JSON.stringify([r.iterations.map((i) => i.gate), r.frontier, r.selected]);
    expect(decisions(on.record)).toBe(decisions(off.record));
    expect(on.calls).toBeLessThan(off.calls);
    const spent = (r: RunRecord) => r.executions.modelTokens!.spent;
    expect(spent(on.record)).toBeLessThan(spent(off.record));
    expect(on.record.executions.modelTokens!.naive).toBe(off.record.executions.modelTokens!.naive);
  });
});

describe("skillops evolve --no-savings", () => {
  it("records savings: false, runs every case × n, and makes the same decisions", async () => {
    // pass@3 of three runs is certain at the first success, so early stop has runs to save.
    // Exact member costs would run the skipped runs of this tiny world's members all over again;
    // its tokens are constant per run, so the estimates are exact anyway.
    const on = await evolveWith(["--n", "3", "--k", "3", "--no-exact-cost"]);
    const off = await evolveWith(["--n", "3", "--k", "3", "--no-savings"]);
    expect(on.record.config.savings).toBeUndefined();
    expect(off.record.config.savings).toBe(false);
    const { run, naive, savedByEarlyStop, savedByCache } = off.record.executions;
    expect([savedByEarlyStop, savedByCache]).toEqual([0, 0]);
    expect(run).toBe(naive);
    expect(on.record.executions.run).toBeLessThan(run);
    expect(firstDifference(runDecisions(on.record), runDecisions(off.record))).toBeUndefined();
  });
});
