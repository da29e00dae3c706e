// The kernel world's simulated agent through the real OpenAI client: the reference agent loads the
// kernel-writing skill and reads reference.py, and the endpoint writes the candidate ModelNew the
// loaded text calls for. No torch here: only the choice is tested (the harness is in test/kernel/).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import type { SkillBank } from "../../src/core/bank/skill.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { resolveKernelWorld } from "../../src/apps/cli/evolve/kernel-world-files.js";
import { chooseSolution, type SolutionKind } from "../../src/sim/kernel-world.js";
import { worldBank } from "../../src/sim/world-inputs.js";
import { parseWorld, type World, type WorldCase } from "../../src/sim/world.js";
import { REPO_ROOT as ROOT } from "../support/repo-root.js";
import { connect, type Connected } from "./endpoint-support.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

const DIR = join(ROOT, "examples/kernels");
const world: World = await resolveKernelWorld(parseWorld(readFileSync(join(DIR, "world.yml"), "utf8")), DIR);
const softmax = world.evolution.find((w) => w.case.id === "row-softmax")!;
const rule = world.rules.find((r) => r.id === softmax.rule)!;

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

/** The world's bank with extra lines appended to the kernel skill. */
function bankWith(...lines: string[]): SkillBank {
  const source = `${world.skills[0]!.source}\n## Checks\n\n${lines.map((l) => `- ${l}\n`).join("")}`;
  return loadBank([{ path: "writing-kernels/SKILL.md", bytes: new TextEncoder().encode(source) }]).bank;
}

/** Which candidate each of `runs` runs wrote (the answer's python block is one of the case's files). */
async function kinds(bank: SkillBank, wc: WorldCase, runs: number): Promise<SolutionKind[]> {
  const runner = createReferenceRunner({
    containment: TEST_CONTAINMENT,
    model: c!.model,
    modelSettings: c!.model.settingsKey("agent"),
    maxTurns: 4,
    scriptTimeoutMs: 1000,
    maxOutputBytes: 100_000,
  });
  const files = { "reference.py": wc.case.task.files[0]!.content! };
  const out: SolutionKind[] = [];
  for (let i = 0; i < runs; i++) {
    const r = await runner.run({ case: wc.case, skills: bank.skills, runIndex: i, files });
    expect(r.error).toBeUndefined();
    const text = String(r.output);
    const kind = (Object.entries(world.kernel!.solutions[wc.case.id]!) as [SolutionKind, string][]).find(
      ([, src]) => text.includes(src.trimEnd()),
    )?.[0];
    expect(kind, text.slice(0, 200)).toBeDefined();
    out.push(kind!);
  }
  return out;
}

describe("the kernel world's agent behind the simulated endpoint", () => {
  it("loads the skill, reads reference.py, and answers with a python block the kernel runner can extract", async () => {
    c = await connect(world);
    await kinds(worldBank(world), softmax, 1);
    expect(c.endpoint.requests.map((r) => r.role)).toEqual(["agent", "agent"]);
    expect(c.problems).toEqual([]);
  });

  it("without the check, the starting skill's answers are naive, subtly wrong or crashing, never fused", async () => {
    c = await connect(world);
    const got = await kinds(worldBank(world), softmax, 8);
    expect(got).not.toContain("fused");
    expect(got).toContain("wrong");
    expect(got.every((k) => ["naive", "wrong", "crash"].includes(k))).toBe(true);
  });

  it("a skill that says to check the reduction dimension and fuse gets the fused, correct answer every run", async () => {
    c = await connect(world);
    expect(await kinds(bankWith(rule.clause), softmax, 4)).toEqual(["fused", "fused", "fused", "fused"]);
  });

  it("the decoy instruction (reduce over dim=0) is followed: the subtly wrong answer every run", async () => {
    c = await connect(world);
    expect(await kinds(bankWith(rule.clause, rule.decoy), softmax, 3)).toEqual(["wrong", "wrong", "wrong"]);
  });

  it("is deterministic per seed: the same runs give the same answers", async () => {
    c = await connect(world);
    const a = await kinds(worldBank(world), softmax, 4);
    expect(await kinds(worldBank(world), softmax, 4)).toEqual(a);
  });
});

describe("chooseSolution", () => {
  const base = { hasClause: true, hasDecoy: false, fuses: false, pHit: 1, pMiss: 0, crashShare: 0.5 };
  it("correct when the clause is loaded: fused only when the text says to fuse", () => {
    expect(chooseSolution(base, { pass: 0.99, crash: 0 })).toBe("naive");
    expect(chooseSolution({ ...base, fuses: true }, { pass: 0.99, crash: 0 })).toBe("fused");
  });
  it("a miss is crashing with the crash share, else subtly wrong; a decoy is always subtly wrong", () => {
    const miss = { ...base, hasClause: false };
    expect(chooseSolution(miss, { pass: 0.1, crash: 0.2 })).toBe("crash");
    expect(chooseSolution(miss, { pass: 0.1, crash: 0.7 })).toBe("wrong");
    expect(chooseSolution({ ...base, hasDecoy: true, fuses: true }, { pass: 0, crash: 0 })).toBe("wrong");
  });
});
