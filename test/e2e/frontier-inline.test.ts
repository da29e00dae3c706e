// Issue 16, publishing side: a member whose run deleted a tool (an Inline) opens a PR whose tree
// lacks the tool; a tool the run also deleted but a person changed on the default branch since the
// run started is kept, and the PR body names it. A simulated run (the real engine), then the real
// publish path: the GitHub double (requests checked against the OpenAPI description) and real
// commits pushed to a real `git http-backend`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProbotOctokit } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BankFile } from "../../src/core/bank/skill.js";
import type { Case } from "../../src/records/case.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { initBare } from "../../src/io/git/repo.js";
import { BASELINE_MANIFEST, renderBankManifest } from "../../src/records/bank-manifest.js";
import { botAuthor } from "../../src/io/github-api/bot-login.js";
import { frontierBranch } from "../../src/core/github/branch-name.js";
import { publishRun } from "../../src/apps/app/frontier/publish.js";
import { createIssuesRepo } from "../../src/io/github-api/repo.js";
import { createPullsRepo } from "../../src/io/github-api/repo-pulls.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { addPullRoutes, gitIn } from "../support/github-double/pulls.js";

const BOT = "acme-skills[bot]";
const TOKEN = "git-token-frontier-inline";
const enc = (s: string) => new TextEncoder().encode(s);
let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
let record: RunRecord;
let cases: readonly Case[];
let start: BankFile[];
let banks: Map<string, BankFile[]>;
let inlined: string;
let edited: string;
const scratch: string[] = [];

beforeAll(async () => {
  const world = generateWorld({ seed: 3, rules: 9 });
  const result = await runSimulatedEvolution(
    world,
    { ...runConfigOf(EvolveConfig.parse({ maxIterations: 3, seed: 3 })), bootstrap: 100 },
    { now: () => new Date("2026-11-30T00:00:00Z") },
  );
  record = result.record;
  cases = result.inputs.cases;
  const [a, b] = world.skills.map((s) => s.name);
  inlined = `${a}/scripts/lookup.py`;
  edited = `${b}/scripts/format.sh`;
  // The run started from the world's bank plus two tools; every member's bank lacks both, as an
  // Inline that moved each tool back into its callers and deleted it leaves it.
  const tools = [
    { path: inlined, bytes: enc("import sys\nprint(sys.argv[1].upper())\n") },
    { path: edited, bytes: enc('#!/bin/sh\necho "$1"\n'), executable: true },
  ];
  start = [...worldBankFiles(world), ...tools];
  banks = new Map([...result.banks].map(([k, bank]) => [k, bank.files]));
  git = await startGitServer({ token: TOKEN });
  const seed: Record<string, string> = {
    "skill-bank/bank.yml": renderBankManifest(BASELINE_MANIFEST),
  };
  for (const f of start) seed[`skill-bank/${f.path}`] = new TextDecoder().decode(f.bytes);
  // A person changed one of the tools on the default branch after the run started.
  seed[`skill-bank/${edited}`] = '#!/bin/sh\nprintf "%s\\n" "$1"\n';
  await git.createRepo("agent-skills", seed);
  gitDir = join(git.root, "agent-skills.git");
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  addPullRoutes(double, gitDir);
}, 120_000);

afterAll(async () => {
  await double?.close();
  await git?.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

async function publish() {
  const gitdir = mkdtempSync(join(tmpdir(), "skillops-inline-publish-"));
  scratch.push(gitdir);
  await initBare({ gitdir });
  const Octokit = ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  const o = new Octokit({ auth: { token: double.state.tokenFor(BOT) }, baseUrl: double.baseUrl });
  const coords = { owner: "acme", repo: "agent-skills" };
  let clock = 1_790_000_000;
  return publishRun({
    repo: { ...createPullsRepo(o, coords), ...createIssuesRepo(o, coords) },
    git: { gitdir, url: git.url("agent-skills"), token: TOKEN },
    record,
    banks,
    start,
    cases,
    bankDir: "skill-bank",
    poolDir: "regression-pool",
    botLogin: BOT,
    author: botAuthor(BOT),
    version: "0.1.0",
    now: () => new Date((clock += 60) * 1000),
  });
}

const tree = (ref: string) => gitIn(gitDir, ["ls-tree", "-r", "--name-only", ref]).split("\n");

describe("publishing a member whose run deleted tools", () => {
  test("deletes the unchanged tool from the PR's tree and keeps, and names, the one a person edited", async () => {
    const members = record.frontier.filter((m) => m.born > 0);
    expect(members.length).toBeGreaterThan(0);
    expect(tree("main")).toEqual(expect.arrayContaining([`skill-bank/${inlined}`, `skill-bank/${edited}`]));
    const results = await publish();
    for (const member of members) {
      const r = results.find((x) => x.candidate === member.candidate)!;
      expect(r.outcome).toBe("created");
      const files = tree(frontierBranch(member.candidate));
      expect(files).not.toContain(`skill-bank/${inlined}`);
      expect(files).toContain(`skill-bank/${edited}`);
      expect(gitIn(gitDir, ["show", `${frontierBranch(member.candidate)}:skill-bank/${edited}`])).toContain(
        "printf",
      );
      const body = double.state.issue(r.pullRequest!).body ?? "";
      expect(body).toContain("### Kept files — 1");
      expect(body).toContain(`- skill-bank/${edited}`);
      expect(body).not.toContain(`- skill-bank/${inlined}`);
    }
    double.assertClean();
  });
});
