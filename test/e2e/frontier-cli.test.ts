// `skillops evolve --model sim --github` end to end: the CLI evolves a simulated world over a bank
// of real SKILL.md files (the repository's example bank, skill-bank/) and publishes the frontier, as it would in Actions — the API is the
// GitHub double, the clone URL a real git http-backend, both given through the usual env vars.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { main } from "../../src/cli/main.js";
import { parsePrMarker } from "../../src/github/frontier/pr-marker.js";
import { startGitServer } from "../support/git-server.js";
import { createGitHubDouble } from "../support/github-double/index.js";
import { addPullRoutes, gitIn, pullsOf } from "../support/github-double/pulls.js";
import { REPO_ROOT } from "../support/repo-root.js";

const bankDir = join(REPO_ROOT, "skill-bank");
const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

test("evolve --github opens one draft PR per frontier member and reports each", async () => {
  const TOKEN = "ghs_cli_installation_token";
  const work = mkdtempSync(join(tmpdir(), "skillops-cli-"));
  scratch.push(work);
  const seed: Record<string, string> = {
    "skill-bank/bank.yml":
      "operatingPoint: baseline\ncandidate: null\nrun: null\npullRequest: null\nmetrics: null\n",
  };
  // The example bank's skill folders (it validates strictly: test/cases/example-bank.test.ts).
  for (const name of readdirSync(bankDir).filter((d) => existsSync(join(bankDir, d, "SKILL.md")))) {
    cpSync(join(bankDir, name), join(work, "skill-bank", name), { recursive: true });
  }
  const git = await startGitServer({ token: TOKEN });
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  try {
    // The repository on the "server" holds the same bank the checkout has.
    const files: Record<string, string> = { ...seed };
    for (const f of readdirSync(join(work, "skill-bank"), { recursive: true, withFileTypes: true })) {
      if (!f.isFile()) continue;
      const abs = join(f.parentPath, f.name);
      files[abs.slice(work.length + 1)] = readFileSync(abs, "utf8");
    }
    await git.createRepo("acme/agent-skills", files);
    const gitDir = join(git.root, "acme/agent-skills.git");
    addPullRoutes(double, gitDir);
    double.state.tokens.set(TOKEN, double.state.botLogin);
    const err: string[] = [];
    const code = await main(
      [
        "evolve",
        "--model",
        "sim",
        "--bank",
        "skill-bank",
        "--seed",
        "1",
        "--max-iterations",
        "6",
        "--out",
        "out",
        "--github",
      ],
      {
        stdout: () => undefined,
        stderr: (t) => void err.push(t),
        cwd: work,
        isTTY: false,
        env: {
          SKILLOPS_GITHUB_TOKEN: TOKEN,
          GITHUB_REPOSITORY: "acme/agent-skills",
          GITHUB_API_URL: double.baseUrl,
          GITHUB_SERVER_URL: git.url("x").replace(/\/x\.git$/, ""),
          GITHUB_RUN_ID: "77",
        },
      },
    );
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
