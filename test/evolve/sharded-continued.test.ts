// One evolution run made of separate processes, as the evolve workflow runs it past one job
// (docs/workflows.md "Sharded evaluation", "Runs that outlive a job"): a step job stops at the
// baseline and hands it to 2 shard jobs; their caches are merged; the next step job hands the first
// child's measurement to the shards again; a job with a zero budget hands the run to a continuation
// after one iteration; the continuation finishes it. Every job works on its own copy of the folder
// the one before left (the artifacts). Its record must agree with the same run in one process on
// every decision and cost. The shard jobs' model answers every role otherwise than the step jobs'
// (fixtures/skillops-other-role-answers.ts, as a real model would): a shard evaluates from
// pending.json alone and asks no role anything, so it neither fails nor changes the run. Simulated world.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { firstDifference, runDecisions } from "../../src/core/evolve/run-decisions.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { runCli } from "../cli/run-cli.js";
import { REPO_ROOT } from "../support/repo-root.js";

const dir = mkdtempSync(join(tmpdir(), "skillops-sharded-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SAME_ANSWERS = "test/cli/fixtures/skillops-src.ts";
const OTHER_ROLE_ANSWERS = "test/evolve/fixtures/skillops-other-role-answers.ts";

/** The CLI from src/ in its own process (segment files and the hand-over are per process). */
function cli(
  args: string[],
  fixture = SAME_ANSWERS,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", join(REPO_ROOT, fixture), ...args],
    { cwd: REPO_ROOT }, // where tsx resolves; every path given is absolute
  );
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => void (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => void (stderr += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

const at = (name: string) => join(dir, name);
// One config for every job, in-process or not (a process's cwd would otherwise pick its own).
const RUN = [
  ...["evolve", "--world", at("world.yml"), "--config", at("skillops.yml")],
  ...["--max-iterations", "2", "--nogoods", at("nogoods")],
];

/** A job that receives the artifact `from` (a copy) and works in it. */
function artifact(from: string, to: string): string[] {
  cpSync(at(from), at(to), { recursive: true });
  return ["--out", at(to)];
}

/**
 * Two shard jobs on copies of `from`, whose model answers roles otherwise, then their caches merged
 * into `into`'s shard cache. Neither asks a role anything.
 */
async function shardRound(from: string, into: string, round: number): Promise<void> {
  const jobs = [1, 2].map((i) =>
    cli(
      [
        ...RUN,
        ...artifact(from, `r${round}-shard${i}`),
        "--shard",
        `${i}/2`,
        "--shard-out",
        at(`r${round}-s${i}`),
      ],
      OTHER_ROLE_ANSWERS,
    ),
  );
  for (const r of await Promise.all(jobs)) {
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^role requests answered otherwise: 0$/m);
  }
  const merged = await runCli(
    ["cache", "merge", `r${round}-s1`, `r${round}-s2`, "--into", join(into, "shard-cache")],
    dir,
  );
  expect(merged.code, merged.stderr).toBe(0);
}

const comparable = (r: RunRecord) => ({
  decisions: runDecisions(r),
  // `reuse` says where executions came from, which is what differs: a continuation finds the earlier
  // jobs' executions warm, one job finds its own repeated.
  executions: { ...r.executions, reuse: undefined },
  // `calls` counts the requests this process's ledger saw: the shards made the agent's.
  tokens: Object.fromEntries(Object.entries(r.tokens).map(([role, t]) => [role, { ...t, calls: undefined }])),
  iterations: r.iterations.length,
});

describe("evolve as one job, and as a sharded, continued run of separate processes whose shards' model answers otherwise", () => {
  it("decides and spends exactly the same", async () => {
    const world = await runCli(["sim", "new", "--seed", "3", "--rules", "8", "--cases-per-rule", "1"], dir);
    const { writeFile } = await import("node:fs/promises");
    await writeFile(join(dir, "world.yml"), world.stdout);
    await writeFile(join(dir, "skillops.yml"), "evolve:\n  seed: 3\n");
    const one = await runCli([...RUN.slice(0, -1), at("nogoods-one"), "--out", "one", "--json"], dir);
    expect(one.code, one.stderr).toBe(0);
    // The shards' model does change a run that asks it: the same run with its answers decides otherwise.
    const other = await cli(
      [...RUN.slice(0, -1), at("nogoods-other"), "--out", at("other"), "--json"],
      OTHER_ROLE_ANSWERS,
    );
    expect(other.stderr).toMatch(/^role requests answered otherwise: [1-9]\d*$/m);
    const otherRecord = JSON.parse(other.stdout) as RunRecord;

    // Job 1: the baseline is not cached, so it is handed to the shards.
    const first = await cli([...RUN, "--out", at("j1"), "--shards", "2"]);
    expect(first.code, first.stderr).toBe(3);
    const runId = (JSON.parse(readFileSync(join(dir, "j1/continuation.json"), "utf8")) as { runId: string })
      .runId;
    await shardRound("j1", "j2", 1);
    // Job 2: the baseline from the shards, then iteration 1's child is handed out.
    const second = await cli([...RUN, ...artifact("j1", "j2"), "--shards", "2", "--continue", runId]);
    expect(second.code, second.stderr).toBe(3);
    expect(existsSync(join(dir, "j2/pending.json"))).toBe(true);
    await shardRound("j2", "j3", 2);
    // Job 3: one iteration, then its (zero) budget hands the run on.
    const third = await cli([
      ...RUN,
      ...artifact("j2", "j3"),
      "--job-budget-minutes",
      "0",
      "--continue",
      runId,
    ]);
    expect(third.code, third.stderr).toBe(3);
    expect(third.stderr).toMatch(/part 3: the job's time budget is reached after iteration 1/);
    const last = await cli([...RUN, ...artifact("j3", "j4"), "--continue", runId, "--json"]);
    expect(last.code, last.stderr).toBe(0);

    const a = JSON.parse(one.stdout) as RunRecord;
    const b = JSON.parse(last.stdout) as RunRecord;
    expect(firstDifference(runDecisions(a), runDecisions(otherRecord))).toBeDefined();
    expect(firstDifference(runDecisions(a), runDecisions(b)) ?? "none").toBe("none");
    expect(comparable(b)).toEqual(comparable(a));
    expect(b.iterations.length).toBe(2);
    // And the shards did the work: the last job's own agent made fewer calls than the one job's.
    expect(b.tokens["agent"]!.calls!).toBeLessThan(a.tokens["agent"]!.calls!);
  }, 900_000);
});
