// Links through the product's own path (docs/case-format.md "Skill links"): on a simulated world
// whose cases name no skill, run 1's resolved cases join the pool as the member's commit writes them
// (memberFiles), and run 2 gets anchors and a targeted layer from them. And `evolve.targetedShare`
// bounds the targeted layer. Simulated.
import { describe, expect, it } from "vitest";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { parseCase } from "../../src/core/cases/parse-case.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import { memberFiles } from "../../src/core/github/plan.js";
import type { Case } from "../../src/records/case.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { generateWorld } from "../../src/sim/generate.js";
import { withoutSkillLinks } from "../../src/sim/unlinked-world.js";
import type { World } from "../../src/sim/world.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

const configOf = (seed: number, extra: Record<string, unknown> = {}) => ({
  ...runConfigOf(EvolveConfig.parse({ seed, maxIterations: 6, patience: 6, ...extra })),
  bootstrap: 100,
});

function evolve(
  world: World,
  config: ReturnType<typeof configOf>,
  cases: Case[],
  pool: Case[],
  bank?: SkillBank,
) {
  const { inputs } = worldRunInputs(world, config);
  const deps = { roles: createSimRoles(world), runner: createSimAgent(world), now: () => new Date(0) };
  return runEvolution({ ...inputs, cases, pool, ...(bank ? { bank } : {}) }, deps);
}

const anchors = (r: RunRecord) => r.iterations.flatMap((it) => it.rewrites.flatMap((w) => w.anchors));
const targeted = (r: RunRecord) => r.iterations.map((it) => it.child?.targeted);

describe("a world whose cases name no skill", () => {
  it("gets anchors and a targeted layer in the next run from the links its resolved cases were written with", async () => {
    const world = withoutSkillLinks(generateWorld({ seed: 2, casesPerRule: 4 }));
    const batch = (odd: boolean) =>
      world.evolution.filter((w) => Number(w.case.id.slice(-1)) % 2 === (odd ? 1 : 0)).map((w) => w.case);
    expect([...world.pool, ...world.evolution].every((w) => w.case.skills.length === 0)).toBe(true);
    const config = configOf(2);
    const first = await evolve(world, config, batch(true), []);
    const star = first.record.frontier.find((m) => m.candidate === first.record.selected)!;
    expect(first.record.caseLinks?.length).toBeGreaterThan(0);
    // The member's commit, as evolve --github and the app write it; its pool files are what merging adds.
    const writes = memberFiles({
      record: first.record,
      member: star,
      base: worldBankFiles(world),
      bank: first.banks.get(star.candidate)!.files,
      cases: batch(true),
      bankDir: "skill-bank",
      poolDir: "regression-pool",
    });
    const pool = writes
      .filter((w) => w.path.startsWith("regression-pool/") && w.bytes)
      .map(
        (w) => parseCase(new TextDecoder().decode(w.bytes!), w.path.slice("regression-pool/".length)).case!,
      );
    expect(pool.length).toBe(star.resolved.length);
    expect(pool.every((c) => c.skills.length > 0 && c.skillsFrom !== undefined)).toBe(true);
    const sources = new Set(pool.flatMap((c) => Object.values(c.skillsFrom ?? {}).flat()));
    expect(sources.has("form")).toBe(false);

    const second = await evolve(world, config, batch(false), pool, first.banks.get(star.candidate));
    expect(anchors(second.record).length).toBeGreaterThan(0);
    expect(targeted(second.record).some((n) => (n ?? 0) > 0)).toBe(true);
  }, 120_000);
});

describe("evolve.targetedShare", () => {
  it("bounds the targeted layer: 0 leaves it empty where the default (1) fills it", async () => {
    const world = generateWorld({ seed: 3 });
    const cases = world.evolution.map((w) => w.case);
    const pool = world.pool.map((w) => w.case);
    const full = await evolve(world, configOf(3), cases, pool);
    const none = await evolve(world, configOf(3, { targetedShare: 0 }), cases, pool);
    expect(full.record.config.targetedShare).toBe(1);
    expect(targeted(full.record).some((n) => (n ?? 0) > 0)).toBe(true);
    const measured = targeted(none.record).filter((n) => n !== undefined);
    expect(measured.length).toBeGreaterThan(0);
    expect(measured.every((n) => n === 0)).toBe(true);
  }, 120_000);

  it("refuses a share outside [0, 1] naming the key", () => {
    const r = EvolveConfig.safeParse({ targetedShare: 1.5 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["targetedShare"]);
  });
});
