// The Action's evolve step end to end: the committed bundle run as a subprocess with INPUT_*
// variables, `evolve --github` against the GitHub double and a real git http-backend on loopback (as
// test/e2e/frontier-cli.test.ts does for the CLI), and the pull-requests output checked against the
// PRs the double actually holds. So the bundled probot/octokit path is exercised, not only src/.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFile } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { startGitServer } from "../support/git-server.js";
import { createGitHubDouble } from "../support/github-double/index.js";
import { addPullRoutes, pullsOf } from "../support/github-double/pulls.js";
import { REPO_ROOT } from "../support/repo-root.js";

const bankDir = join(REPO_ROOT, "skill-bank");
const work = mkdtempSync(join(tmpdir(), "skillops-action-e2e-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The checkout's files: the example bank's skills and a baseline bank.yml. */
function checkoutFiles(): Record<string, string> {
  const files: Record<string, string> = {
    "skill-bank/bank.yml":
      "operatingPoint: baseline\ncandidate: null\nrun: null\npullRequest: null\nmetrics: null\n",
  };
  for (const name of readdirSync(bankDir).filter((d) => existsSync(join(bankDir, d, "SKILL.md"))))
    cpSync(join(bankDir, name), join(work, "skill-bank", name), { recursive: true });
  writeFileSync(join(work, "skill-bank", "bank.yml"), files["skill-bank/bank.yml"]!);
  for (const f of readdirSync(join(work, "skill-bank"), { recursive: true, withFileTypes: true })) {
    if (!f.isFile()) continue;
    const abs = join(f.parentPath, f.name);
    files[abs.slice(work.length + 1)] = readFileSync(abs, "utf8");
  }
  return files;
}

/** action/dist/index.js in a child process; asynchronous, so the double in this process can answer. */
function bundle(cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    const entry = join(REPO_ROOT, "action", "dist", "index.js");
    execFile(
      process.execPath,
      [entry],
      { cwd, env: { PATH: process.env.PATH, ...env } },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test("evolve through the Action opens the frontier PRs and hands their numbers on", async () => {
  const TOKEN = "ghs_action_installation_token";
  const git = await startGitServer({ token: TOKEN });
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  try {
    await git.createRepo("acme/agent-skills", checkoutFiles());
    addPullRoutes(double, join(git.root, "acme/agent-skills.git"));
    double.state.tokens.set(TOKEN, double.state.botLogin);
    const outputFile = join(work, "github-output");
    const summaryFile = join(work, "step-summary");
    writeFileSync(outputFile, "");
    writeFileSync(summaryFile, "");
    const { code, stdout, stderr } = await bundle(work, {
      INPUT_COMMAND: "evolve",
      INPUT_MODEL: "sim",
      INPUT_TOKEN: TOKEN,
      "INPUT_DRY-RUN": "false",
      INPUT_ARGS: "--bank skill-bank --seed 1 --max-iterations 6",
      RUNNER_TEMP: join(work, "runner-temp"),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_REPOSITORY: "acme/agent-skills",
      GITHUB_API_URL: double.baseUrl,
      GITHUB_SERVER_URL: git.url("x").replace(/\/x\.git$/, ""),
      GITHUB_RUN_ID: "77",
    });
    expect(stdout).not.toContain("::error");
    expect(code, stderr).toBe(0);
    const numbers = [...pullsOf(double).values()].map((p) => p.number).sort((a, b) => a - b);
    expect(numbers.length).toBeGreaterThan(0);
    const output = readFileSync(outputFile, "utf8");
    expect(output).toContain(`pull-requests=${JSON.stringify(numbers)}\n`);
    expect(output).toMatch(/^run-id=\S+\n/m);
    expect(output).toMatch(/^operating-point=(accuracy|balanced|cost)\n/m);
    expect(readFileSync(summaryFile, "utf8")).toContain(numbers.map((n) => `#${n}`).join(", "));
    double.assertClean();
  } finally {
    await double.close();
    await git.close();
  }
});
