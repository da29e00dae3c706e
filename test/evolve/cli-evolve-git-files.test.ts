// `skillops evolve --git` must never lose a file: each member's commit changes only the SKILL.md
// of the skills the run rewrote; bank.yml, NOTICE.md and every scripts/ file stay byte-identical.
import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { RunRecord } from "../../src/records/run-record.js";
import { runCli } from "../cli/run-cli.js";

function gitIn(dir: string) {
  return (...args: string[]) =>
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
}

/** The world's own bank committed as skill-bank/, plus bank.yml, NOTICE.md and a script per skill. */
async function repoWithBank(dir: string, worldText: string): Promise<string[]> {
  const world = parse(worldText) as { skills: Array<{ name: string; source: string }> };
  for (const s of world.skills) {
    await mkdir(join(dir, "skill-bank", s.name, "scripts"), { recursive: true });
    await writeFile(join(dir, "skill-bank", s.name, "SKILL.md"), s.source);
    const script = join(dir, "skill-bank", s.name, "scripts", "check.sh");
    await writeFile(script, `#!/bin/sh\necho ${s.name}\n`);
    await chmod(script, 0o755);
  }
  await writeFile(join(dir, "skill-bank", "bank.yml"), "operatingPoint: balanced\ncandidate: null\n");
  await writeFile(join(dir, "skill-bank", "NOTICE.md"), "# notice\n");
  await writeFile(join(dir, "world.yml"), worldText);
  return world.skills.map((s) => s.name);
}

describe("skillops evolve --git keeps every file it did not rewrite", () => {
  it("changes only the rewritten skills' SKILL.md on each frontier branch", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-git-files-"));
    const git = gitIn(dir);
    git("init", "-q", "-b", "main");
    // World seed 1 admits rewritten members within 3 iterations. Seed 3 stopped doing so when the
    // diagnoser prompt's tried-edit block was reworded: the simulated diagnoser draws from the
    // prompt's digest, so the runs after the first refusal are drawn anew.
    const world = (await runCli(["sim", "new", "--seed", "1", "--rules", "9"], dir)).stdout;
    const skills = await repoWithBank(dir, world);
    git("add", "-A");
    git("commit", "-q", "-m", "init");
    const r = await runCli(
      ["evolve", "--world", "world.yml", "--out", "out", "--git", "--json", "--max-iterations", "3"],
      dir,
    );
    expect(r.code).toBe(0);
    const record = RunRecord.parse(JSON.parse(r.stdout));
    const rewritten = record.frontier.filter((m) => m.changes.length > 0);
    expect(rewritten.length).toBeGreaterThan(0);
    for (const m of record.frontier) {
      const branch = `skillops/frontier/${m.candidate.slice(0, 8)}`;
      const changed = git("diff", "--name-only", "main", branch).split("\n").filter(Boolean).sort();
      expect(changed).toEqual(m.changes.map((c) => `skill-bank/${c.skill}/SKILL.md`).sort());
      for (const path of ["skill-bank/bank.yml", "skill-bank/NOTICE.md"])
        expect(git("rev-parse", `${branch}:${path}`)).toBe(git("rev-parse", `main:${path}`));
      for (const s of skills) {
        const script = `skill-bank/${s}/scripts/check.sh`;
        expect(git("ls-tree", branch, script)).toBe(git("ls-tree", "main", script));
      }
    }
  });
});
