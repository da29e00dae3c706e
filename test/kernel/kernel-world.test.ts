// `skillops evolve --runner kernel --world examples/kernels/world.yml` end to end on CPU: the reference
// agent asks the simulated endpoint for ModelNew over HTTP (the real OpenAI client), our Python
// harness judges every answer for real, and a wrong kernel never enters the frontier.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { resolveKernelWorld } from "../../src/apps/cli/evolve/kernel-world-files.js";
import { parseWorld, renderWorld } from "../../src/sim/world.js";
import { runCli } from "../cli/run-cli.js";
import { PYTHON, ROOT, TORCH_MISSING } from "./support.js";

const WORLD_DIR = join(ROOT, "examples/kernels");

/** A scratch folder with a config that keeps the harness quick on CPU (2 trials, 1 timed call). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "skillops-kernel-world-"));
  writeFileSync(
    join(dir, "skillops.yml"),
    `evaluate:\n  kernel:\n    device: cpu\n    trials: 2\n    warmup: 0\n    iters: 1\n${PYTHON ? `    python: ${PYTHON}\n` : ""}`,
  );
  return dir;
}

async function evolve(dir: string, world: string, extra: string[] = []) {
  const args = ["evolve", "--runner", "kernel", "--world", world, "--config", join(dir, "skillops.yml")];
  const flags = ["--out", join(dir, "out"), "--n", "1", "--k", "1", "--concurrency", "2", "--json"];
  const r = await runCli([...args, ...flags, ...extra], ROOT);
  return { ...r, record: r.code === 0 ? RunRecord.parse(JSON.parse(r.stdout)) : undefined };
}

describe.skipIf(TORCH_MISSING)("evolve --runner kernel on the kernel world (needs torch; CPU)", () => {
  it("evolves the kernel-writing skill from wrong kernels to correct fused ones", async () => {
    const dir = scratch();
    const { code, stderr, record } = await evolve(dir, join(WORLD_DIR, "world.yml"), [
      "--max-iterations",
      "1",
    ]);
    expect(code, stderr).toBe(0);
    const r = record!;
    expect(r.simulated).toBe(true);
    // The starting skill never says to check the reduction dimension or keep the bias: the harness
    // judged its answers incorrect (or they crashed), so E₀ fails every case.
    expect(r.baseline.total.rate).toBe(0);
    expect(r.baseline.kernel?.incorrect).toBeGreaterThan(0);
    expect(r.baseline.kernel?.devices).toEqual(["cpu"]);
    const child = r.frontier.find((m) => m.born === 1)!;
    expect(child.total.rate).toBe(1);
    // The evolved skill says to fuse and to verify against the reference: every answer is correct.
    expect(child.kernel).toMatchObject({
      timing: "CPU",
      devices: ["cpu"],
      incorrect: 0,
      correct: 3,
      cases: 3,
    });
    expect(child.kernel!.geomean).toBeGreaterThan(0);
    // Scored by (simulated) speedup: E₀'s answers were all wrong or crashed, the child's all fused, so
    // its mean score is the mean of the world's fused figures (2.4, 1.6, 1.25), and the gate compared it.
    expect(r.baseline.kernel?.score).toEqual({ mean: 0, basis: "simulated-speedup", decided: true });
    expect(child.kernel!.score).toMatchObject({ basis: "simulated-speedup", decided: true });
    expect(child.kernel!.score!.mean).toBeCloseTo((2.4 + 1.6 + 1.25) / 3, 12);
    expect(r.iterations[0]!.gate.reasons.find((x) => x.category === "level-2")?.observed).toBeCloseTo(
      1.25,
      12,
    );
    const skill = readFileSync(
      join(dir, "out/frontier", child.candidate.slice(0, 8), "writing-kernels/SKILL.md"),
      "utf8",
    );
    expect(skill).toContain("Check the reduction dimension");
    expect(skill).toContain("add the bias (torch.addmm) before the activation");
    // The reference agent's calls went to the endpoint: the agent's tokens are the endpoint's counts.
    expect(r.tokens.agent?.input).toBeGreaterThan(0);
  }, 240_000);

  it("refuses a child whose rates clear every floor when one of its kernels is wrong", async () => {
    const dir = scratch();
    const world = await resolveKernelWorld(
      parseWorld(readFileSync(join(WORLD_DIR, "world.yml"), "utf8")),
      WORLD_DIR,
    );
    // Level 2 never gets it right (p_hit 0, and a miss is always the subtly wrong answer, no crash).
    const hard = {
      ...world,
      params: { ...world.params, pHit: { ...world.params.pHit, "level-2": 0 } },
      kernel: { ...world.kernel!, crashShare: 0 },
      evolution: world.evolution.filter((w) => w.case.id !== "row-softmax"),
    };
    const file = join(dir, "world.yml");
    writeFileSync(file, renderWorld(hard));
    const { code, stderr, record } = await evolve(dir, file, ["--max-iterations", "1", "--patience", "1"]);
    expect(code, stderr).toBe(0);
    const it1 = record!.iterations[0]!;
    // The per-category gate alone would admit it: level-1 rose (to the world's simulated 2.4× for a
    // fused elementwise chain, its mean score), level-2 stayed at its floor of 0.
    expect(it1.gate.reasons.every((x) => x.ok)).toBe(true);
    expect(it1.child?.measured.perCategory["level-1"]).toBeCloseTo(2.4, 12);
    expect(it1.gate.admitted).toBe(false);
    expect(it1.gate.wrongKernels).toEqual(["matmul-bias-gelu"]);
    expect(it1.note).toContain("a kernel solution was judged incorrect on matmul-bias-gelu");
    expect(record!.frontier.map((m) => m.born)).toEqual([0]);
  }, 240_000);
});
