// A frontier member's commit (memberFiles) holds the rewritten skills' files, bank.yml and the
// resolved pool cases — nothing else. A file on the default branch that the run's bank lacks (a
// script, a notice) or holds differently (a skill edited since) is never deleted or overwritten.
import { beforeAll, describe, expect, it } from "vitest";
import type { BankFile } from "../../src/core/bank/skill.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { memberFiles } from "../../src/core/github/plan.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";

const text = (s: string) => new TextEncoder().encode(s);
let result: Awaited<ReturnType<typeof runSimulatedEvolution>>;
let base: BankFile[];

beforeAll(async () => {
  const world = generateWorld({ seed: 3, rules: 9 });
  result = await runSimulatedEvolution(
    world,
    { ...runConfigOf(EvolveConfig.parse({ maxIterations: 4, seed: 3 })), bootstrap: 100 },
    { now: () => new Date("2026-11-30T00:00:00Z") },
  );
  // The default branch: the run's bank plus files the run never saw, and one skill edited since.
  const skills = worldBankFiles(world);
  const rewritten = result.record.frontier.flatMap((m) => m.changes.map((c) => c.skill));
  const notRewritten = world.skills.find((s) => !rewritten.includes(s.name))!.name;
  base = [
    ...skills.map((f) =>
      f.path === `${notRewritten}/SKILL.md`
        ? { ...f, bytes: text(`${world.skills[0]!.source}\nedited\n`) }
        : f,
    ),
    { path: "NOTICE.md", bytes: text("# notice\n") },
    { path: `${world.skills[0]!.name}/scripts/check.sh`, bytes: text("#!/bin/sh\n"), executable: true },
    { path: "bank.yml", bytes: text("operatingPoint: baseline\ncandidate: null\n") },
  ];
}, 60_000);

describe("memberFiles", () => {
  it("writes only the rewritten skills' SKILL.md, bank.yml and resolved pool cases", () => {
    const members = result.record.frontier.filter((m) => m.changes.length > 0);
    expect(members.length).toBeGreaterThan(0);
    for (const member of members) {
      const writes = memberFiles({
        record: result.record,
        member,
        base,
        bank: result.banks.get(member.candidate)!.files,
        cases: result.inputs.cases,
        bankDir: "skill-bank",
        poolDir: "regression-pool",
      });
      expect(writes.filter((w) => w.bytes === null)).toEqual([]);
      const bankPaths = writes.map((w) => w.path).filter((p) => p.startsWith("skill-bank/"));
      expect(bankPaths.sort()).toEqual(
        [...member.changes.map((c) => `skill-bank/${c.skill}/SKILL.md`), "skill-bank/bank.yml"].sort(),
      );
      const pool = writes.map((w) => w.path).filter((p) => !p.startsWith("skill-bank/"));
      expect(pool.every((p) => p.startsWith("regression-pool/"))).toBe(true);
      expect(pool.length).toBe(member.resolved.length);
    }
  });
});
