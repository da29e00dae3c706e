// The generator's world kinds (`sim new --kind`, src/sim/world-kinds.ts): each generates a valid
// world that the starting bank does not fully pass and that a repaired bank passes more of (the
// world is solvable), and each has the structure its kind names. Simulated.
import { skillTokens } from "../../src/core/bank/exposure.js";
import { describe, expect, it } from "vitest";
import type { Skill } from "../../src/core/bank/skill.js";
import { measure } from "../../src/core/evolve/measure.js";
import { rankSkills } from "../../src/core/evolve/retrieve.js";
import { splitSections } from "../../src/core/bank/sections.js";
import { generateWorldOfKind } from "../../src/sim/world-kinds.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { parseWorld, renderWorld, type World, type WorldKind } from "../../src/sim/world.js";
import { WORLD_KINDS } from "../../src/sim/world-kind.js";
import { createSimAgent } from "../support/sim-roles/agent.js";

const worlds = new Map<WorldKind, World>(WORLD_KINDS.map((k) => [k, generateWorldOfKind(k, { seed: 2000 })]));

/** The bank with every fault repaired: decoys, shortcuts and harmful lines gone, every clause in its home skill, tools patched. */
function repaired(world: World): World {
  const strip = [
    ...world.rules.map((r) => `- ${r.decoy}\n`),
    ...(world.traps ?? []).map((t) => `- ${t.shortcut}\n`),
    ...(world.harms ?? []).map((h) => `- ${h.line}\n`),
  ];
  const skills = world.skills.map((s) => {
    let source = strip.reduce((src, line) => src.replaceAll(line, ""), s.source);
    for (const r of world.rules.filter((x) => x.skill === s.name && !source.includes(x.clause)))
      source = `${source.trimEnd()}\n- ${r.clause}\n`;
    return { ...s, source };
  });
  const tools = world.tools && {
    ...world.tools,
    defects: world.tools.defects.map((d) => ({ ...d, source: d.fixed })),
  };
  return { ...world, skills, ...(tools ? { tools } : {}) };
}

/** Held-out pass rate of `source`'s bank on `world`, showing the agent `pick` of its skills. */
async function heldOutPass(world: World, source: World, pick = (s: Skill[]) => s): Promise<number> {
  const m = await measure({
    skills: pick(worldBank(source).skills),
    cases: world.heldOut.map((wc) => wc.case),
    categories: world.categories,
    runner: createSimAgent(world),
    n: 3,
    k: 3,
  });
  return m.passRate;
}

describe("world kinds", () => {
  it.each(WORLD_KINDS)(
    "%s: a valid world that P₀ does not fully pass and a repaired bank passes more of",
    async (kind) => {
      const world = worlds.get(kind)!;
      expect(parseWorld(renderWorld(world))).toEqual(world);
      expect(world.worldKind).toBe(kind === "default" ? undefined : kind);
      // Over budget, the repair also has to choose what the agent sees: the rules' homes only.
      const homes = new Set(world.rules.map((r) => r.skill));
      const pick = kind === "over-budget" ? (s: Skill[]) => s.filter((k) => homes.has(k.name)) : undefined;
      const p0 = await heldOutPass(world, world);
      const fixed = await heldOutPass(world, repaired(world), pick);
      expect(p0).toBeLessThan(1);
      expect(fixed).toBeGreaterThan(p0 + 0.1);
    },
  );

  it("deceptive: the shortcut passes the rules it fixes and blocks the others even with their clauses written", async () => {
    const world = worlds.get("deceptive")!;
    const trap = world.traps![0]!;
    const rulesOf = (ids: readonly string[]) => world.rules.filter((r) => ids.includes(r.id));
    const withLines = (lines: readonly string[]) => ({
      ...world,
      skills: world.skills.map((s) =>
        s.name === trap.skill
          ? { ...s, source: `${s.source.trimEnd()}\n${lines.map((l) => `- ${l}`).join("\n")}\n` }
          : s,
      ),
    });
    const on = async (ids: readonly string[], w: World) => {
      const sub = { ...world, heldOut: world.heldOut.filter((wc) => ids.includes(wc.rule)) };
      return heldOutPass(sub, w);
    };
    const blockClauses = rulesOf(trap.blocks).map((r) => r.clause);
    expect(await on(trap.fixes, world)).toBeLessThan(0.3);
    expect(await on(trap.fixes, withLines([trap.shortcut]))).toBeGreaterThan(0.6);
    expect(await on(trap.blocks, withLines(blockClauses))).toBeGreaterThan(0.6);
    expect(await on(trap.blocks, withLines([trap.shortcut, ...blockClauses]))).toBeLessThan(0.3);
  });

  it("sparse-faults: every fault sits in one section of one skill among many sections", () => {
    const world = worlds.get("sparse-faults")!;
    const faulty = world.rules.filter((r) => !world.skills.some((s) => s.source.includes(r.clause)));
    const decoys = world.rules.filter((r) => world.skills.some((s) => s.source.includes(r.decoy)));
    expect(faulty.length).toBeGreaterThanOrEqual(3);
    expect(decoys).toHaveLength(2);
    expect(new Set(faulty.map((r) => r.skill)).size).toBe(1);
    const home = world.skills.find((s) => s.name === faulty[0]!.skill)!;
    const { sections } = splitSections(home.source);
    expect(sections.length).toBeGreaterThanOrEqual(5);
    expect(sections.filter((s) => decoys.some((d) => s.text.includes(d.decoy)))).toHaveLength(1);
  });

  it("sparse-faults: retrieval over the evolution cases ranks the faulty home outside the default top-K", () => {
    for (const seed of [1, 2, 3, 4]) {
      const world = generateWorldOfKind("sparse-faults", { seed });
      const faulty = world.skills.find((s) => world.rules.some((r) => s.source.includes(r.decoy)))!.name;
      const skills = world.skills.map((s) => ({
        name: s.name,
        description: /^description:\s*(.*)$/m.exec(s.source)![1]!,
      }));
      const queries = world.evolution.map((wc) => ({ diagnosis: wc.case.diagnosis, skills: wc.case.skills }));
      const rank = rankSkills(skills, queries).findIndex((r) => r.skill === faulty);
      expect(rank).toBeGreaterThanOrEqual(5);
    }
  });

  it("over-budget: the starting bank is larger than the agent's context", () => {
    const world = worlds.get("over-budget")!;
    const total = world.skills.reduce((n, s) => n + skillTokens(s), 0);
    expect(world.params.contextLimit).toBeLessThan(total / 2);
  });

  it("valley: P₀ holds each shortcut; removing it alone loses the rules it answers, removing it with every clause written gains", async () => {
    const world = worlds.get("valley")!;
    const trap = world.traps![0]!;
    expect(trap.suspect).toBeGreaterThan(0);
    expect(world.skills.find((s) => s.name === trap.skill)!.source).toContain(`- ${trap.shortcut}\n`);
    const touched = [...trap.fixes, ...trap.blocks];
    const sub = { ...world, heldOut: world.heldOut.filter((wc) => touched.includes(wc.rule)) };
    const edited = (lines: readonly string[]) => ({
      ...world,
      skills: world.skills.map((s) =>
        s.name === trap.skill
          ? {
              ...s,
              source: `${s.source.replace(`- ${trap.shortcut}\n`, "").trimEnd()}\n${lines.map((l) => `- ${l}`).join("\n")}\n`,
            }
          : s,
      ),
    });
    const clauses = world.rules.filter((r) => touched.includes(r.id)).map((r) => r.clause);
    const p0 = await heldOutPass(sub, world);
    expect(await heldOutPass(sub, edited([]))).toBeLessThan(p0 - 0.1);
    expect(await heldOutPass(sub, edited(clauses))).toBeGreaterThan(p0 + 0.2);
  });

  it("harmful-text: the harmful line sits in the rules-free Checks section and fails every rule of its skill until removed", async () => {
    const world = worlds.get("harmful-text")!;
    const harm = world.harms![0]!;
    const home = world.skills.find((s) => s.name === harm.skill)!;
    const checks = splitSections(home.source).sections.find((s) => s.title === harm.section)!;
    expect(checks.text).toContain(harm.line);
    expect(world.rules.filter((r) => checks.text.includes(r.clause))).toEqual([]);
    expect(world.rules.filter((r) => !world.skills.some((s) => s.source.includes(r.clause)))).toEqual([]);
    const sub = { ...world, heldOut: world.heldOut.filter((wc) => harm.blocks.includes(wc.rule)) };
    const without = {
      ...world,
      skills: world.skills.map((s) =>
        s.name === harm.skill ? { ...s, source: s.source.replace(`- ${harm.line}\n`, "") } : s,
      ),
    };
    expect(await heldOutPass(sub, world)).toBeLessThan(0.15);
    expect(await heldOutPass(sub, without)).toBeGreaterThan(0.5);
  });

  it("deceptive: too few rules per skill for a trap is refused with the reason", () => {
    expect(() => generateWorldOfKind("deceptive", { seed: 1, rules: 8 })).toThrow(/five rules or more/);
  });
});
