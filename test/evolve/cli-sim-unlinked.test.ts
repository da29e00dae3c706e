// `skillops sim new --unlinked`: a world whose cases name no skill; `evolve --world` on it records the
// evidence each case's pool entry will be linked from (run record `caseLinks`). Simulated.
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { World } from "../../src/sim/world.js";
import { evolveWorldJson, runCli } from "../cli/run-cli.js";

describe("skillops sim new --unlinked", () => {
  it("writes no case with skills, and evolve --world records what links them", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-sim-unlinked-"));
    const out = await runCli(["sim", "new", "--seed", "5", "--rules", "6", "--unlinked", "--json"], dir);
    expect(out.code).toBe(0);
    const world = World.parse(JSON.parse(out.stdout));
    const cases = [...world.evolution, ...world.heldOut, ...world.pool].map((w) => w.case);
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.every((c) => c.skills.length === 0)).toBe(true);
    const run = await evolveWorldJson(out.stdout, dir);
    expect(run.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(run.stdout));
    const skills = new Set(world.skills.map((s) => s.name));
    expect(record.caseLinks?.length).toBeGreaterThan(0);
    for (const e of record.caseLinks ?? []) {
      expect(record.cases).toContain(e.case);
      expect([...e.diagnosis, ...e.trace].every((s) => skills.has(s))).toBe(true);
    }
  });
});
