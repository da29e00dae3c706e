// Issue 43: while `skillops evolve --github` runs, the `skillops/gates` check on the commit it
// evolves from is in progress with "iteration t of T, budget x% used, about m minutes left",
// rewritten at most once a minute by the run's clock, then completed when the run ends. The API is
// the GitHub double (every request validated against GitHub's OpenAPI description), the clone URL
// a real git http-backend; the clock a stand-in that runs 5 simulated seconds per reading, so
// iterations end faster than once a minute and the throttle has rewrites to hold back. A frontier PR
// the run opens has a gates check of its own, on its own head; the test follows the base commit's.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { checkRunsOf, gitIn } from "../support/github-double/pulls.js";
import { bankFilesIn, CLI_TOKEN, copyExampleBank, serveRepo } from "./example-bank-server.js";

let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "skillops-progress-check-"));
  copyExampleBank(work);
  git = await startGitServer({ token: CLI_TOKEN });
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  gitDir = await serveRepo(git, double, bankFilesIn(work));
});

afterAll(async () => {
  await double?.close();
  await git?.close();
  rmSync(work, { recursive: true, force: true });
  rmSync(`${work}-skillops.yml`, { force: true });
});

interface CheckBody {
  name?: string;
  head_sha?: string;
  status?: string;
  conclusion?: string;
  output?: { title?: string; summary?: string };
}

const ARGS = ["--seed", "2", "--max-iterations", "6", "--budget-tokens", "5000000", "--out", "out", "--json"];

/** A config file outside the work tree that keeps the retrieved scope frozen. */
function frozenScopeConfig(): string[] {
  const file = `${work}-skillops.yml`;
  writeFileSync(file, "evolve:\n  widenScope: false\n");
  return ["--config", file];
}

test("evolve --github: the gates check is in progress with the progress line, then completed", async () => {
  // The commit the run evolves from (the run's nogoods are committed on top of it when it ends).
  const base = gitIn(gitDir, ["rev-parse", "main"]);
  let ms = Date.parse("2026-03-02T03:00:00Z");
  let out = "";
  let err = "";
  const args = [...ARGS, ...frozenScopeConfig()];
  const code = await main(["evolve", "--model", "sim", "--bank", "skill-bank", "--github", ...args], {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    cwd: work,
    isTTY: false,
    now: () => new Date((ms += 5_000)),
    env: {
      SKILLOPS_GITHUB_TOKEN: CLI_TOKEN,
      GITHUB_REPOSITORY: "acme/agent-skills",
      GITHUB_API_URL: double.baseUrl,
      GITHUB_SERVER_URL: git.url("x").replace(/\/x\.git$/, ""),
      GITHUB_RUN_ID: "77",
    },
  });
  expect(code, err).toBe(0);
  const record = JSON.parse(out) as { iterations: unknown[]; simulated: boolean };
  expect(record.iterations.length).toBeGreaterThan(1);
  double.assertClean();

  // The base commit's check; a frontier PR the run opens gets its own, on its own head.
  const writes = double.requests.filter((r) => r.path.includes("/check-runs"));
  const create = writes.find((r) => r.method === "POST" && (r.body as CheckBody).head_sha === base);
  const created = create!.body as CheckBody;
  expect(writes[0]).toBe(create);
  expect(created).toMatchObject({ name: "skillops/gates", head_sha: base, status: "in_progress" });
  const id = checkRunsOf(double).find((r) => r.headSha === base)!.id;
  const updates = writes.filter((u) => u.path.endsWith(`/check-runs/${id}`));
  expect(updates.every((u) => u.method === "PATCH")).toBe(true);

  // Every rewrite while running carries the progress line and the time it was written.
  const running = updates.slice(0, -1).map((u) => (u.body as CheckBody).output!.summary!);
  expect(running.length).toBeGreaterThan(0);
  const at: number[] = [];
  for (const summary of running) {
    expect(summary).toMatch(
      /^iteration \d+ of 6, budget \d+% used, (about \d+ minutes? left|under a minute left|finishing) \(simulated\)\./,
    );
    at.push(Date.parse(/Updated (\S+Z)\./.exec(summary)![1]!));
  }
  const started = Date.parse(/Updated (\S+Z)\./.exec(created.output!.summary!)![1]!);
  // At most once a simulated minute, counted from the check's creation.
  [started, ...at].forEach((t, i, all) => i > 0 && expect(t - all[i - 1]!).toBeGreaterThanOrEqual(60_000));
  expect(running.length).toBeLessThan(record.iterations.length);

  const last = updates.at(-1)!.body as CheckBody;
  expect(last).toMatchObject({ status: "completed", conclusion: "success" });
  expect(last.output!.title).toBe("Evolution finished (simulated)");
  const stored = checkRunsOf(double).find((r) => r.id === id)!;
  expect(stored).toMatchObject({ status: "completed", conclusion: "success" });
});
