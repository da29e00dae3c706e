// Issue 28: the nogoods an evolve run learns reach the default branch without a workflow step.
// `skillops evolve --model sim --github` runs as in Actions (the API is the GitHub double, every
// request validated against GitHub's OpenAPI description; the clone URL a real git http-backend):
// run 1 learns nogoods at the gate and the app's token commits them to main; run 2, from a fresh
// clone of main, reads them and its diagnosers (the simulated endpoint's, told them as "already
// tried") never propose them again. Seed 4 of the simulated world over the example bank, for one
// iteration, refuses its one child, so no frontier PR would carry the nogood: the case the old
// "commit them in the workflow" advice lost. (The seed moves when what the simulated agent is shown
// changes: seed 2 over 6 iterations did until the agent saw skills in bank order; the runs keep the
// frozen scope, as scope widening would let more children in.) The veto of a child that repeats a nogood is tested in-process (nogood-loop.test.ts).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Nogood } from "../../src/records/nogood.js";
import { NOGOODS_DIR, serialiseNogood } from "../../src/records/nogood-file.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { botAuthor } from "../../src/io/github-api/bot-login.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { gitIn, pullsOf } from "../support/github-double/pulls.js";
import { bankFilesIn, CLI_TOKEN, copyExampleBank, evolveAgainst, serveRepo } from "./example-bank-server.js";

const SEED = "4";
const scratch: string[] = [];
let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

beforeAll(async () => {
  const seedDir = tmp("skillops-nogoods-seed-");
  copyExampleBank(seedDir);
  git = await startGitServer({ token: CLI_TOKEN });
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  gitDir = await serveRepo(git, double, bankFilesIn(seedDir));
});

afterAll(async () => {
  await double?.close();
  await git?.close();
  scratch.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A fresh checkout of main, as actions/checkout makes one. */
function checkout(): string {
  const work = join(tmp("skillops-nogoods-run-"), "repo");
  execFileSync("git", ["clone", "--quiet", "--branch", "main", gitDir, work], {
    env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" },
  });
  return work;
}

/**
 * The frozen scope (`evolve.widenScope: false`): with scope widening, seed 2 widens after its
 * refusals and admits a child, and this test needs a run that admits none.
 */
function frozenScopeConfig(): string {
  const file = join(tmp("skillops-nogoods-config-"), "skillops.yml");
  writeFileSync(file, "evolve:\n  widenScope: false\n");
  return file;
}

async function evolve(work: string, extra: string[] = []) {
  const config = ["--config", frozenScopeConfig()];
  const args = ["--seed", SEED, "--max-iterations", "1", "--out", "out", "--json", ...config, ...extra];
  const { code, out, err } = await evolveAgainst({ git, double }, work, args);
  return { code, err, record: JSON.parse(out) as RunRecord };
}

const onMain = (): string[] => {
  try {
    return gitIn(gitDir, ["ls-tree", "--name-only", `main:${NOGOODS_DIR}`])
      .split("\n")
      .filter(Boolean);
  } catch {
    return []; // no folder yet
  }
};

let learned: Nogood[] = [];

test("--dry-run learns nogoods but writes nothing: no commit, no PR, no file", async () => {
  const head = gitIn(gitDir, ["rev-parse", "main"]);
  const work = checkout();
  const { code, err, record } = await evolve(work, ["--dry-run"]);
  expect(code).toBe(0);
  expect(record.nogoods?.created.length).toBeGreaterThan(0);
  expect(err).toMatch(/dry run: \d+ nogood\(s\) learned, not written/);
  expect(gitIn(gitDir, ["rev-parse", "main"])).toBe(head);
  expect(existsSync(join(work, NOGOODS_DIR))).toBe(false);
  // The bot login is asked through a GraphQL query, a POST that writes nothing.
  const writes = double
    .writes()
    .filter((r) => !/^\s*query\b/.test((r.body as { query?: string }).query ?? ""));
  expect(writes).toEqual([]);
  double.assertClean();
}, 120_000);

test("run 1 learns nogoods at the gate and the app commits them to main, fast-forward", async () => {
  const before = gitIn(gitDir, ["rev-parse", "main"]);
  const requests = double.requests.length;
  const gitRequests = git.requests.length;
  const { code, err, record } = await evolve(checkout());
  expect(code).toBe(0);
  learned = record.nogoods?.created ?? [];
  expect(learned.length).toBeGreaterThan(0);
  expect(learned.every((n) => n.origin === "gate")).toBe(true);
  // Nothing admitted: no frontier PR, so a PR could not have carried them.
  expect(record.frontier.filter((m) => m.born > 0)).toEqual([]);
  expect([...pullsOf(double).values()]).toEqual([]);
  expect(err).toContain(`github nogoods committed ${learned.length} to main`);
  expect(onMain().sort()).toEqual(learned.map((n) => `${n.id}.json`).sort());
  for (const n of learned)
    // the same bytes the CLI writes
    expect(gitIn(gitDir, ["show", `main:${NOGOODS_DIR}/${n.id}.json`]) + "\n").toBe(serialiseNogood(n));
  const head = gitIn(gitDir, ["rev-parse", "main"]);
  expect(gitIn(gitDir, ["rev-parse", `${head}^`])).toBe(before);
  expect(gitIn(gitDir, ["log", "-1", "--format=%ae%n%s", head])).toBe(
    `${botAuthor(double.state.botLogin).email}\nskillops: remember ${learned.length} nogood(s) from run ${record.runId}`,
  );
  console.log(
    `run 1 with --github: ${double.requests.length - requests} API requests, ${git.requests.length - gitRequests} git requests`,
  );
  double.assertClean();
}, 120_000);

test("run 2 from a fresh checkout of main reads them and never repeats a refused edit", async () => {
  const work = checkout();
  expect(readdirSync(join(work, NOGOODS_DIR)).sort()).toEqual(learned.map((n) => `${n.id}.json`).sort());
  const head = gitIn(gitDir, ["rev-parse", "main"]);
  const { code, err, record } = await evolve(work);
  expect(code).toBe(0);
  const ids = new Set(learned.map((n) => n.id));
  expect(record.nogoods?.loaded).toBe(learned.length);
  expect(record.nogoods?.retired).toBe(0);
  // Told what was tried, no diagnoser proposes it again: no child repeats (or relearns) a nogood.
  expect(record.nogoods?.vetoes).toBe(0);
  expect(record.iterations.filter((it) => it.nogoods?.created && ids.has(it.nogoods.created))).toEqual([]);
  // What run 2 learned on top goes to main the same way; nothing it already had is written again.
  const fresh = (record.nogoods?.created ?? []).filter((n) => !ids.has(n.id));
  if (fresh.length > 0) expect(err).toContain(`github nogoods committed ${fresh.length} to main`);
  else expect(gitIn(gitDir, ["rev-parse", "main"])).toBe(head);
  expect(onMain().length).toBe(learned.length + fresh.length);
  double.assertClean();
}, 120_000);
