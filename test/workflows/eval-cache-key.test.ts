// The evaluation cache in the evolve workflow `skillops init` writes: restored by the bank's and the
// pool's content addresses (never the commit), falling back to the scope's newest cache, and saved
// after every job that evaluates, a continuation's and a shard's too. The keys are played through
// the cache service's rule (an exact key, else the newest entry whose key starts with a restore key)
// on a run, the continuation of that run, and the run after a merge.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { planScaffold } from "../../src/core/init/scaffold.js";

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  if?: string;
  with?: Record<string, string>;
}
type Jobs = Record<string, { steps: Step[] }>;

const evolveYml = planScaffold({ action: { kind: "vendored" } }).find(
  (f) => f.path === ".github/workflows/evolve.yml",
)!.content;
const jobs = (parse(evolveYml) as { jobs: Jobs }).jobs;
const step = (job: string, uses: string) => jobs[job]!.steps.find((s) => s.uses?.startsWith(uses));

/** A job's view of the expressions in a key: the bank and pool as checked out, the run's ids. */
interface Job {
  bank: string;
  pool: string;
  runId: number;
  scope?: string;
  shard?: number;
}
function expand(text: string, j: Job): string {
  return text
    .replace("${{ hashFiles('skill-bank/**') }}", j.bank)
    .replace("${{ hashFiles('regression-pool/**') }}", j.pool)
    .replace(/\$\{\{ (matrix|inputs)\.scope \}\}/g, j.scope ?? "all")
    .replace("${{ github.run_id }}", String(j.runId))
    .replace("${{ github.run_attempt }}", "1")
    .replace("${{ matrix.shard }}", String(j.shard ?? 0));
}

/** The cache service: the exact key, else the newest saved key that starts with a restore key, in order. */
function restore(saved: readonly string[], j: Job): string | undefined {
  const r = step("evolve", "actions/cache/restore")!.with!;
  const key = expand(r.key!, j);
  if (saved.includes(key)) return key;
  for (const prefix of r["restore-keys"]!.split("\n")
    .filter(Boolean)
    .map((k) => expand(k.trim(), j)))
    for (const k of [...saved].reverse()) if (k.startsWith(prefix)) return k;
  return undefined;
}
const save = (job: string, j: Job) => expand(step(job, "actions/cache/save")!.with!.key!, j);

describe("the scaffolded evolve workflow's evaluation cache", () => {
  it("is keyed by the bank's and the pool's content, never the commit", () => {
    const r = step("evolve", "actions/cache/restore")!.with!;
    expect(r.key).toContain("${{ hashFiles('skill-bank/**') }}-${{ hashFiles('regression-pool/**') }}");
    expect(evolveYml).not.toContain("github.sha");
    expect(r["restore-keys"]!.trim().split("\n").at(-1)!.trim()).toBe("skillops-eval-${{ matrix.scope }}-");
  });

  it("is saved after the evolve job and after each shard job, whatever their outcome, with the paths it is restored to", () => {
    const restored = step("evolve", "actions/cache/restore")!.with!.path;
    for (const job of ["evolve", "shard"]) {
      const s = step(job, "actions/cache/save")!;
      expect(s.if).toBe("${{ always() }}");
      expect(s.with!.path).toBe(restored);
    }
    const evolve = jobs.evolve!.steps;
    expect(evolve.findIndex((s) => s.uses?.startsWith("actions/cache/save"))).toBeGreaterThan(
      evolve.findIndex((s) => s.id === "skillops"),
    );
    // A shard's executions join the run's cache before it is saved.
    const shard = jobs.shard!.steps;
    const merge = shard.findIndex((s) => s.with?.command === "cache");
    expect(shard[merge]!.with!.args).toBe(
      "merge ${{ runner.temp }}/shard --into ${{ runner.temp }}/skillops-evolve/cache",
    );
    expect(merge).toBeLessThan(shard.findIndex((s) => s.uses?.startsWith("actions/cache/save")));
  });

  it("a continuation finds its own run's save, a merge's next run the last run's, and scopes stay apart", () => {
    const run1 = { bank: "B0", pool: "P0", runId: 100 };
    const saved = [save("shard", { ...run1, runId: 101, shard: 1 }), save("evolve", run1)];
    expect(new Set(saved).size).toBe(2);
    // The continuation (another workflow run, same bank and pool) restores the newest of this bank and pool.
    expect(restore(saved, { ...run1, runId: 102 })).toBe(saved[1]);
    // After the merge the bank and the pool changed: the scope's newest cache is restored.
    const merged = { bank: "B1", pool: "P1", runId: 200 };
    expect(restore(saved, merged)).toBe(saved[1]);
    // Another scope's cache is never restored.
    expect(restore(saved, { ...merged, scope: "billing" })).toBeUndefined();
  });
});
