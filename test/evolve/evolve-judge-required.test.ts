// A judge rubric item scored without a judge fails every run (`no-judge`) and would read as a real
// 0, so a run whose cases, pool or held-out cases have judge items and no judge is refused up front.
// The in-process simulated roles have no judge; `skillops evolve --world` runs on the simulated
// endpoint, which plays the judge, so a hand-written world that adds a judge item runs there.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Case } from "../../src/records/case.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { EvolveInputError, runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { RunRecord } from "../../src/records/run-record.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { generateWorld } from "../../src/sim/generate.js";
import { createSimRoles } from "../support/sim-roles/roles.js";
import { worldInputs } from "../../src/sim/world-inputs.js";
import { renderWorld, type World } from "../../src/sim/world.js";
import { runCli } from "../cli/run-cli.js";

const NOW = () => new Date("2026-11-30T00:00:00Z");
const withJudge = (c: Case): Case => ({
  ...c,
  task: { ...c.task, rubric: [...c.task.rubric, { type: "judge", criterion: "The reply is polite." }] },
});

function simRun(world: World, heldOut = worldInputs(world).heldOut) {
  const w = worldInputs(world);
  const config = runConfigOf(EvolveConfig.parse({ seed: 3, maxIterations: 1 }));
  return runEvolution(
    {
      ...{ bank: w.bank, cases: w.cases, pool: w.pool, categories: world.categories, config },
      simulated: true,
      inputs: { bank: "b", cases: "c", pool: "p", world: "w" },
    },
    { roles: createSimRoles(world), runner: createSimAgent(world), now: NOW },
    { heldOut },
  );
}

describe("a run whose cases need a judge it was not given", () => {
  it("is refused before any execution, naming the case and the setting", async () => {
    const world = generateWorld({ seed: 3, rules: 6 });
    const first = world.pool[0]!;
    const judged: World = {
      ...world,
      pool: [{ ...first, case: withJudge(first.case) }, ...world.pool.slice(1)],
    };
    const refused = simRun(judged);
    await expect(refused).rejects.toBeInstanceOf(EvolveInputError);
    await expect(refused).rejects.toThrow(
      `case ${first.case.id} has judge items but no judge model is configured: set models.roles.judge`,
    );
    // Held-out cases are measured at the end: they are checked at the start all the same.
    const heldOut = worldInputs(world).heldOut.map(withJudge);
    await expect(simRun(world, heldOut)).rejects.toThrow(/has judge items but no judge model is configured/);
    // Without judge items the same world runs as before.
    await expect(simRun(world)).resolves.toBeDefined();
  });

  it("skillops evolve --world with a judge item runs: the simulated endpoint plays the judge", async () => {
    const world = generateWorld({ seed: 3, rules: 6 });
    const first = world.evolution[0]!;
    const dir = await mkdtemp(join(tmpdir(), "skillops-judge-required-"));
    const judged: World = {
      ...world,
      evolution: [{ ...first, case: withJudge(first.case) }, ...world.evolution.slice(1)],
    };
    await writeFile(join(dir, "world.yml"), renderWorld(judged));
    const r = await runCli(
      ["evolve", "--world", "world.yml", "--out", "out", "--max-iterations", "1", "--json"],
      dir,
    );
    expect(r.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    expect(record.tokens.judge?.calls).toBeGreaterThan(0);
  });
});
