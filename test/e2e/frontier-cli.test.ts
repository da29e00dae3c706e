// `skillops evolve --model sim --github` end to end: the CLI evolves a simulated world over a bank
// of real SKILL.md files (the repository's example bank, skill-bank/) and publishes the frontier, as it would in Actions — the API is the
// GitHub double, the clone URL a real git http-backend, both given through the usual env vars.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { parsePrMarker } from "../../src/records/pr-marker.js";
import { startGitServer } from "../support/git-server.js";
import { createGitHubDouble } from "../support/github-double/index.js";
import { gitIn, pullsOf } from "../support/github-double/pulls.js";
import { bankFilesIn, CLI_TOKEN, copyExampleBank, evolveAgainst, serveRepo } from "./example-bank-server.js";

const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

test("evolve --github opens one draft PR per frontier member and reports each", async () => {
  const work = mkdtempSync(join(tmpdir(), "skillops-cli-"));
  scratch.push(work);
  copyExampleBank(work);
  const git = await startGitServer({ token: CLI_TOKEN });
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  try {
    // The repository on the "server" holds the same bank the checkout has.
    const gitDir = await serveRepo(git, double, bankFilesIn(work));
    const run = await evolveAgainst({ git, double }, work, [
      "--seed",
      "1",
      "--max-iterations",
      "6",
      "--out",
      "out",
    ]);
    const code = run.code;
    const err = [run.err];
    expect(err.join("")).not.toMatch(/error/i);
    expect(code).toBe(0);
    const pulls = [...pullsOf(double).values()];
    expect(pulls.length).toBeGreaterThan(0);
    const reported = err.join("").match(/^github created [0-9a-f]{8} #\d+$/gm) ?? [];
    expect(reported.length).toBe(pulls.length);
    for (const p of pulls) {
      const body = double.state.issue(p.number).body!;
      expect(p.draft).toBe(true);
      expect(body).toContain("/actions/runs/77");
      expect(gitIn(gitDir, ["show", `${p.headRef}:skill-bank/bank.yml`])).toContain(
        `candidate: ${parsePrMarker(body)!.candidate}`,
      );
    }
    double.assertClean();
  } finally {
    await double.close();
    await git.close();
  }
});
