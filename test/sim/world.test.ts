import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadBankFromFolder } from "../../src/io/fsio/load-bank.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { parseWorld, renderWorld, WorldError } from "../../src/sim/world.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

describe("simulated world file", () => {
  it("is seeded: the same seed gives the same world, another seed another", () => {
    expect(generateWorld({ seed: 4 })).toEqual(generateWorld({ seed: 4 }));
    expect(generateWorld({ seed: 4 }).rules).not.toEqual(generateWorld({ seed: 5 }).rules);
  });

  it("round-trips through YAML and says it is simulated", () => {
    const world = generateWorld({ seed: 2, rules: 9 });
    const text = renderWorld(world);
    expect(text).toMatch(/^# skillops simulated world/);
    expect(parseWorld(text)).toEqual(world);
  });

  it("keeps the evolution and held-out sets disjoint, over the same rules", () => {
    const w = generateWorld({ seed: 3 });
    const evo = new Set(w.evolution.map((c) => c.case.id));
    expect(w.heldOut.some((c) => evo.has(c.case.id))).toBe(false);
    expect(new Set(w.heldOut.map((c) => c.rule))).toEqual(new Set(w.evolution.map((c) => c.rule)));
    // Pool cases test rules whose clause the starting bank already holds.
    const text = w.skills.map((s) => s.source).join("\n");
    for (const p of w.pool) expect(text).toContain(w.rules.find((r) => r.id === p.rule)!.clause);
  });

  it("lays rules over a real bank: clauses written into its SKILL.md files, the rest missing", async () => {
    const { bank } = await loadBankFromFolder("skill-bank", { cwd: REPO });
    const world = generateWorld({
      seed: 1,
      bank: { origin: "skill-bank", skills: bank.skills.map((s) => ({ name: s.name, source: s.source })) },
    });
    expect(world.bankOrigin).toBe("skill-bank");
    expect(world.skills.map((s) => s.name).sort()).toEqual(bank.skills.map((s) => s.name).sort());
    const all = world.skills.map((s) => s.source).join("\n");
    const present = world.rules.filter((r) => all.includes(r.clause));
    expect(present.length).toBeGreaterThan(0);
    expect(present.length).toBeLessThan(world.rules.length);
    for (const s of world.skills)
      expect(s.source.startsWith(bank.skills.find((b) => b.name === s.name)!.source.trimEnd())).toBe(true);
    // The world's bank is a valid Agent Skills bank.
    expect(worldBank(world).skills).toHaveLength(bank.skills.length);
  });

  it("refuses files that are not worlds, naming the problem", () => {
    expect(() => parseWorld("kind: something-else\n", "w.yml")).toThrow(WorldError);
    expect(() => parseWorld("a: [\n", "w.yml")).toThrow(/w\.yml: not valid YAML/);
    const world = generateWorld({ seed: 1, rules: 3 });
    const broken = renderWorld({ ...world, rules: world.rules.map((r) => ({ ...r, skill: "ghost" })) });
    expect(() => parseWorld(broken, "w.yml")).toThrow(/names skill "ghost"/);
  });
});
