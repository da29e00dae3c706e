// `skillops evolve` and `skillops sim new` driven in-process, on a temp folder.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { foldCheckpointLog } from "../../src/core/evolve/checkpoint-log.js";
import { runCli } from "../cli/run-cli.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

describe("skillops sim new / evolve --world", () => {
  it("writes a world, evolves on it, and labels every figure simulated", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-"));
    const sim = await runCli(["sim", "new", "--seed", "7", "--rules", "12"], dir);
    expect(sim.code).toBe(0);
    await writeFile(join(dir, "world.yml"), sim.stdout);
    const text = await runCli(
      ["evolve", "--world", "world.yml", "--out", "out", "--max-iterations", "3"],
      dir,
    );
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/\[simulated\] baseline E₀/);
    expect(text.stdout).toMatch(/pass rate \(simulated\)/);
    expect(text.stdout).toMatch(/held-out \(simulated\)/);
    const record = RunRecord.parse(JSON.parse(await readFile(join(dir, "out", "run-record.json"), "utf8")));
    expect(record.simulated).toBe(true);
    const banks = await readdir(join(dir, "out", "frontier"));
    expect(banks.sort()).toEqual(record.frontier.map((m) => m.candidate.slice(0, 8)).sort());

    // Started again with the same inputs: resumes from the checkpoint and ends with the same record.
    const again = await runCli(
      ["evolve", "--world", "world.yml", "--out", "out", "--max-iterations", "3", "--json"],
      dir,
    );
    expect(again.code).toBe(0);
    const second = RunRecord.parse(JSON.parse(again.stdout));
    // Where executions came from differs (the second run's are warm); everything else is the same.
    const same = (r: RunRecord) => ({
      ...r,
      finishedAt: "",
      startedAt: "",
      executions: { ...r.executions, reuse: undefined },
    });
    expect(same(second)).toEqual(same(record));

    // Different inputs against the same checkpoint are refused, saying what differs.
    const refused = await runCli(["evolve", "--world", "world.yml", "--out", "out", "--epsilon", "0.2"], dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/cannot resume.*config\.epsilon: checkpoint 0\.05, now 0\.2/);
  });

  it("runs on the example bank with --model sim", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-"));
    const r = await runCli(
      [
        "evolve",
        "--model",
        "sim",
        "--bank",
        join(REPO, "skill-bank"),
        "--out",
        join(dir, "o"),
        "--json",
        "--max-iterations",
        "2",
      ],
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/simulated world generated over/);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    expect(record.simulated).toBe(true);
    expect(record.scope.skills.length).toBeGreaterThan(0);
  });

  it("a damaged checkpoint is refused with a way out; a small budget stops cleanly", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-"));
    await writeFile(
      join(dir, "world.yml"),
      (await runCli(["sim", "new", "--seed", "2", "--rules", "6"], dir)).stdout,
    );
    await runCli(["evolve", "--world", "world.yml", "--out", "o", "--max-iterations", "1", "--json"], dir);
    await writeFile(join(dir, "o", "checkpoint.jsonl"), "{ half a fi");
    const damaged = await runCli(["evolve", "--world", "world.yml", "--out", "o"], dir);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/checkpoint\.jsonl: not a usable checkpoint .*remove it or pass --fresh/);
    const fresh = await runCli(
      ["evolve", "--world", "world.yml", "--out", "o", "--fresh", "--budget-tokens", "15000", "--json"],
      dir,
    );
    expect(fresh.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(fresh.stdout));
    expect(record.stop.reason).toBe("budget");
  });

  it("appends one line per iteration and still resumes from a single-JSON checkpoint of earlier versions", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-"));
    await writeFile(
      join(dir, "world.yml"),
      (await runCli(["sim", "new", "--seed", "3", "--rules", "6"], dir)).stdout,
    );
    const args = ["evolve", "--world", "world.yml", "--out", "o", "--patience", "9"];
    expect((await runCli([...args, "--max-iterations", "2"], dir)).code).toBe(0);
    const log = await readFile(join(dir, "o", "checkpoint.jsonl"), "utf8");
    expect(log.trimEnd().split("\n")).toHaveLength(3); // the baseline, then iterations 1 and 2
    await writeFile(join(dir, "o", "checkpoint.json"), JSON.stringify(foldCheckpointLog(log)));
    await rm(join(dir, "o", "checkpoint.jsonl"));
    const resumed = await runCli([...args, "--max-iterations", "3"], dir);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/^resuming from o\/checkpoint\.json after iteration 2$/m);
    expect(await readdir(join(dir, "o"))).not.toContain("checkpoint.json");
    expect(foldCheckpointLog(await readFile(join(dir, "o", "checkpoint.jsonl"), "utf8")).state.t).toBe(3);
  });

  it("usage errors exit 2", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-"));
    expect((await runCli(["evolve", "--world", "w.yml", "--model", "openai"], dir)).code).toBe(2);
    expect((await runCli(["evolve", "--world", "missing.yml"], dir)).code).toBe(2);
    expect((await runCli(["evolve", "--model", "sim", "--consolidation", "vote"], dir)).code).toBe(2);
    expect((await runCli(["evolve", "--model", "sim", "--k", "4"], dir)).code).toBe(2);
    expect((await runCli(["sim", "new"], dir)).code).toBe(2);
    const outside = await runCli(
      ["evolve", "--model", "sim", "--bank", join(REPO, "skill-bank"), "--git"],
      dir,
    );
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/--git commits the bank inside this repository/);
  });

  it("no accepted cases with a real model: a specific message, exit 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-"));
    const r = await runCli(
      ["evolve", "--model", "openai", "--bank", join(REPO, "skill-bank"), "--out", join(dir, "o")],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no accepted cases/);
  });
});

describe("skillops evolve --git", () => {
  it("commits each frontier member to skillops/frontier/<hash8> in the repository", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-git-"));
    const git = (...args: string[]) =>
      execFileSync("git", args, {
        cwd: dir,
        encoding: "utf8",
        env: {
          ...process.env,
          GIT_CONFIG_GLOBAL: "/dev/null",
          GIT_CONFIG_NOSYSTEM: "1",
          GIT_AUTHOR_NAME: "t",
          GIT_AUTHOR_EMAIL: "t@example.com",
          GIT_COMMITTER_NAME: "t",
          GIT_COMMITTER_EMAIL: "t@example.com",
        },
      }).trim();
    git("init", "-q", "-b", "main");
    await writeFile(join(dir, "README.md"), "# repo\n");
    git("add", "README.md");
    git("commit", "-q", "-m", "init");
    // A world whose three iterations evolve members (two here), so the branches hold changed skills:
    // the simulated diagnoser draws from its prompt's digest, and world seed 3 evolved none once the
    // tried-edit block was reworded (3a9ffa6).
    await writeFile(
      join(dir, "world.yml"),
      (await runCli(["sim", "new", "--seed", "4", "--rules", "9"], dir)).stdout,
    );
    const r = await runCli(
      ["evolve", "--world", "world.yml", "--out", "out", "--git", "--json", "--max-iterations", "3"],
      dir,
    );
    expect(r.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    expect(record.frontier.some((m) => m.changes.length > 0)).toBe(true);
    const branches = git("branch", "--list", "skillops/frontier/*", "--format=%(refname:short)")
      .split("\n")
      .sort();
    expect(branches).toEqual(
      record.frontier.map((m) => `skillops/frontier/${m.candidate.slice(0, 8)}`).sort(),
    );
    for (const m of record.frontier) {
      const branch = `skillops/frontier/${m.candidate.slice(0, 8)}`;
      expect(git("show", `${branch}:README.md`)).toBe("# repo");
      expect(git("log", "-1", "--format=%s", branch)).toMatch(/\(simulated\)/);
      for (const change of m.changes) {
        const onDisk = await readFile(
          join(dir, "out", "frontier", m.candidate.slice(0, 8), change.skill, "SKILL.md"),
          "utf8",
        );
        expect(git("show", `${branch}:skill-bank/${change.skill}/SKILL.md`)).toBe(onDisk.trimEnd());
      }
    }
  });
});
