// `skillops audit --runs RECORD`: the trace-based checks from a saved evaluation of the candidate,
// and clear usage errors for a file that is not a record.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EvalRecord } from "../../src/records/eval-record.js";
import { runCli } from "../cli/run-cli.js";
import { REPO } from "./audit-fixture.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "audit-runs-"));
  await cp(join(REPO, "skill-bank"), join(dir, "base"), { recursive: true });
  await cp(join(REPO, "skill-bank"), join(dir, "cand"), { recursive: true });
  const file = join(dir, "cand", "compensation", "SKILL.md");
  await writeFile(file, `${await readFile(file, "utf8")}\n- Check the delay length first.\n`);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const zero = { input: 0, output: 0, cached: 0 };
const rate = { rate: 1, low: 1, high: 1, n: 1 };

/** An evaluation record of one case whose run loaded `loaded` and passed or failed. */
function evalRecord(loaded: string[], pass = true): EvalRecord {
  const run = { runIndex: 0, pass, cached: false, tokens: zero, skillsLoaded: loaded, items: [] };
  return EvalRecord.parse({
    k: 1,
    n: 1,
    bootstrap: { B: 100, seed: 0, alpha: 0.05 },
    cases: [
      {
        id: "delay-1",
        category: "general",
        planned: 1,
        runs: 1,
        successes: pass ? 1 : 0,
        passAtK: pass ? 1 : 0,
        tokens: zero,
        executed: 1,
        savedByCache: 0,
        savedByEarlyStop: 0,
        scoringTokens: zero,
        runDetails: [run],
      },
    ],
    perCategory: { general: rate },
    total: rate,
    cost: zero,
    executions: { run: 1, savedByCache: 0, savedByEarlyStop: 0, naive: 1, transientFailures: 0 },
    scoringTokens: zero,
  });
}

const audit = (...extra: string[]) => runCli(["audit", "--base", "base", "--bank", "cand", ...extra], dir);

describe("skillops audit --runs", () => {
  it("exits 1 when the changed skill was loaded by none of the runs and most of them failed (Check 9)", async () => {
    await writeFile(join(dir, "eval.json"), JSON.stringify(evalRecord(["find-reservation"], false)));
    const r = await audit("--runs", "eval.json");
    expect(r.stdout).toContain(
      "compensation/SKILL.md:0: error A1 silentBypass: none of the 1 run(s) of the cases its edit was for loaded it, and 1 of them failed",
    );
    expect(r.code).toBe(1);
  });
  it("is clean when the runs loaded it, when they passed without it, and without --runs", async () => {
    await writeFile(join(dir, "eval.json"), JSON.stringify(evalRecord(["compensation"], false)));
    expect((await audit("--runs", "eval.json")).code).toBe(0);
    await writeFile(join(dir, "eval.json"), JSON.stringify(evalRecord(["find-reservation"], true)));
    expect((await audit("--runs", "eval.json")).code).toBe(0);
    expect((await audit()).code).toBe(0);
  });
  it("exits 2 on a missing file, a file that is not JSON, and JSON that is no record", async () => {
    await writeFile(join(dir, "bad.json"), "{ nope");
    await writeFile(join(dir, "other.json"), '{"hello": 1}');
    const missing = await audit("--runs", "none.json");
    const bad = await audit("--runs", "bad.json");
    const other = await audit("--runs", "other.json");
    expect([missing.code, bad.code, other.code]).toEqual([2, 2, 2]);
    expect(missing.stderr).toContain("--runs none.json: no such file");
    expect(bad.stderr).toContain("--runs bad.json: not JSON");
    expect(other.stderr).toContain(
      "--runs other.json: neither an evaluation record (skillops eval --json) nor a run record (skillops evolve --json)",
    );
  });
});
