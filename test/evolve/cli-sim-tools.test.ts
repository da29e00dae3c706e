// `skillops sim new --tools` writes a tool-defect world, and `evolve --world` co-evolves its tools:
// the record shows the tool operations, parsed by the real script parser (simulated figures).
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { parseWorld } from "../../src/sim/world.js";
import { evolveWorldJson, runCli } from "../cli/run-cli.js";

describe("skillops sim new --tools", () => {
  it("writes a world with tool defects, and evolve --world applies tool operations to it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-sim-tools-"));
    const made = await runCli(["sim", "new", "--seed", "2000", "--rules", "12", "--tools"], dir);
    expect(made.code).toBe(0);
    const world = parseWorld(made.stdout);
    expect(world.tools?.defects.length).toBe(2);
    const r = await evolveWorldJson(made.stdout, dir);
    expect(r.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    const ops = record.iterations.flatMap((it) => it.toolOps ?? []);
    const applied = ops.filter((o) => o.status === "applied");
    expect(applied.length).toBeGreaterThan(0);
    // The CLI's parser and test runner are in the loop: no check was skipped for want of a checker.
    expect(applied.flatMap((o) => o.skipped ?? []).filter((s) => s.includes("no checker"))).toEqual([]);
  }, 120_000);
});
