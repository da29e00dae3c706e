// `evolve --continue RUN` and `--shard`: working on another run's files, or on none, is a usage
// error (exit 2) that changes nothing in --out; contradictory scale flags are refused before a run.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "skillops-continue-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const RUN = ["evolve", "--world", "world.yml", "--out", "o", "--max-iterations", "1"];
const checkpoint = () => readFileSync(join(dir, "o/checkpoint.jsonl"), "utf8");
let runId = "";

beforeAll(async () => {
  const world = await runCli(["sim", "new", "--seed", "4", "--rules", "6", "--cases-per-rule", "1"], dir);
  writeFileSync(join(dir, "world.yml"), world.stdout);
  const r = await runCli([...RUN, "--json"], dir);
  expect(r.code, r.stderr).toBe(0);
  runId = (JSON.parse(r.stdout) as { runId: string }).runId;
}, 120_000);

describe("evolve --continue and --shard on the files in --out", () => {
  it("refuse a checkpoint of another run, and change nothing", async () => {
    const before = checkpoint();
    const r = await runCli([...RUN, "--continue", "other-run-7"], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `error: --continue other-run-7: the checkpoint in --out o is from run ${runId}, another run; nothing was changed`,
    );
    expect(checkpoint()).toBe(before);
  });

  it("continue the run the checkpoint is from", async () => {
    const r = await runCli([...RUN, "--continue", runId], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^resuming from .*checkpoint\.jsonl after iteration 1$/m);
  }, 60_000);

  it("warn of a torn continuation.json and go on from the checkpoint, losing nothing", async () => {
    const whole = JSON.stringify({
      runId,
      reason: "job-budget",
      part: 2,
      afterIteration: 1,
      estimatedParts: 3,
    });
    const torn = whole.slice(0, whole.length - 9); // a job killed while writing the hand-over
    writeFileSync(join(dir, "o/continuation.json"), torn);
    const before = checkpoint();
    const r = await runCli([...RUN, "--continue", runId], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /^warning: .*o\/continuation\.json is not JSON, torn or edited \(.+\); going on from the checkpoint, counting this job as part 1$/m,
    );
    expect(r.stderr).toMatch(/^resuming from .*checkpoint\.jsonl after iteration 1$/m);
    expect(checkpoint().startsWith(before)).toBe(true);
  }, 60_000);

  it("refuse a shard job with no pending measurement, or without --shard-out", async () => {
    const none = await runCli([...RUN, "--shard", "1/2", "--shard-out", "s"], dir);
    expect([none.code, none.stderr]).toEqual([2, expect.stringContaining("holds no pending measurement")]);
    const noOut = await runCli([...RUN, "--shard", "1/2"], dir);
    expect([noOut.code, noOut.stderr]).toEqual([2, expect.stringContaining("--shard needs --shard-out")]);
    const bad = await runCli([...RUN, "--shard", "3/2", "--shard-out", "s"], dir);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining("i must be between 1 and N (2)")]);
    expect(checkpoint()).toContain(runId);
  });

  it("refuse contradictory or out-of-range scale flags", async () => {
    const cases: [string[], string][] = [
      [["--shards", "0"], "--shards must be an integer ≥ 1"],
      [["--job-budget-minutes", "-1"], "--job-budget-minutes must be a number ≥ 0"],
      [["--continue", runId, "--fresh"], "--fresh would discard it"],
      [["--shard-out", "s"], "pass it with --shard i/N"],
      [["--shard", "1/2", "--shard-out", "s", "--fresh"], "drop --fresh"],
    ];
    for (const [flags, message] of cases) {
      const r = await runCli([...RUN, ...flags], dir);
      expect([r.code, r.stderr]).toEqual([2, expect.stringContaining(message)]);
    }
  });
});
