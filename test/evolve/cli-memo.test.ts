// `skillops evolve` keeps its model-call memo beside the execution cache (`<out>/cache/memo`) and
// `--no-memo` turns it off: the same decisions, the knob recorded, more agent calls paid for.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
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
