// Issue 12, frontier side: a superseded frontier branch kept because a person committed to it is
// never force-pushed when its candidate is proposed again; the app opens the PR on a fresh name
// (`skillops/frontier/<hash8>-2`), says why in a comment and labels it `skillops:left-alone`. A
// branch that holds only the app's own push is still updated as before. A simulated run over the
// example bank, real commits on a real `git http-backend`, the person's commit by real `git`.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ProbotOctokit } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BankFile } from "../../src/core/bank/skill.js";
import type { Case } from "../../src/records/case.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { isSealed } from "../../src/core/github/commit-seal.js";
import { initBare } from "../../src/io/git/repo.js";
import { BASELINE_MANIFEST, renderBankManifest } from "../../src/records/bank-manifest.js";
import { botAuthor } from "../../src/io/github-api/bot-login.js";
import { frontierBranch } from "../../src/core/github/branch-name.js";
import { publishRun, type PublishInput } from "../../src/apps/app/frontier/publish.js";
import { createIssuesRepo } from "../../src/io/github-api/repo.js";
import { createPullsRepo } from "../../src/io/github-api/repo-pulls.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { addPullRoutes, gitIn, pullsOf, refSha } from "../support/github-double/pulls.js";
import { REPO_ROOT } from "../support/repo-root.js";

const BOT = "acme-skills[bot]";
const TOKEN = "git-token-frontier-guard";
let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
let record: RunRecord;
let banks: Map<string, BankFile[]>;
const cases: Case[] = [];
const scratch: string[] = [];
let clock = 1_790_000_000;

const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
};

function botRepo(): PublishInput["repo"] {
  const Octokit = ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  const o = new Octokit({ auth: { token: double.state.tokenFor(BOT) }, baseUrl: double.baseUrl });
  const coords = { owner: "acme", repo: "agent-skills" };
  return { ...createPullsRepo(o, coords), ...createIssuesRepo(o, coords) };
}

async function publish(run: RunRecord) {
  const gitdir = tmp("skillops-guard-publish-");
  await initBare({ gitdir });
  return publishRun({
    repo: botRepo(),
    git: { gitdir, url: git.url("agent-skills"), token: TOKEN },
    record: run,
    banks,
    cases,
    bankDir: "skill-bank",
    poolDir: "regression-pool",
    botLogin: BOT,
    author: botAuthor(BOT),
    version: "0.1.0",
    now: () => new Date((clock += 60) * 1000),
  });
}

beforeAll(async () => {
  const bankDir = join(REPO_ROOT, "skill-bank");
  const skills = readdirSync(bankDir)
    .filter((d) => existsSync(join(bankDir, d, "SKILL.md")))
    .map((name) => ({ name, source: readFileSync(join(bankDir, name, "SKILL.md"), "utf8") }));
  const world = generateWorld({ seed: 2, bank: { origin: bankDir, skills }, rules: 8 });
  const result = await runSimulatedEvolution(
    world,
    { ...runConfigOf(EvolveConfig.parse({ maxIterations: 6, seed: 4 })), bootstrap: 200 },
    { now: () => new Date("2026-11-30T00:00:00Z") },
  );
  record = result.record;
  banks = new Map([...result.banks].map(([k, b]) => [k, b.files]));
  cases.push(...result.inputs.cases);
  git = await startGitServer({ token: TOKEN });
  const seed: Record<string, string> = {
    "skill-bank/bank.yml": renderBankManifest(BASELINE_MANIFEST),
  };
  for (const f of worldBankFiles(world)) seed[`skill-bank/${f.path}`] = new TextDecoder().decode(f.bytes);
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

const sealedHead = (ref: string) => {
  const sha = refSha(gitDir, ref)!;
  const raw = gitIn(gitDir, ["cat-file", "commit", sha]);
  const header = raw.slice(0, raw.indexOf("\n\n")).split("\n");
  return isSealed({
    tree: header.find((l) => l.startsWith("tree "))!.slice(5),
    parents: header.filter((l) => l.startsWith("parent ")).map((l) => l.slice(7)),
    message: raw.slice(raw.indexOf("\n\n") + 2),
  });
};

describe("a kept frontier branch with a person's commit", () => {
  test("is never force-pushed when its candidate comes back; the PR opens on a fresh branch", async () => {
    const members = record.frontier.filter((m) => m.born > 0);
    expect(members.length).toBeGreaterThanOrEqual(2);
    expect((await publish(record)).map((r) => r.outcome)).toEqual(members.map(() => "created"));
    const [victim, other] = [members[0]!, members[1]!];
    const branch = frontierBranch(victim.candidate);
    const work = tmp("skillops-mona-");
    const env = { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" };
    execFileSync("git", ["clone", "-q", "--branch", branch, gitDir, work], { env });
    execFileSync(
      "sh",
      [
        "-c",
        `printf 'A note from Mona.\\n' > NOTES.md && git add NOTES.md && git -c user.name='Mona Reviewer' -c user.email=mona@example.com commit -qm 'Notes' && git push -q origin ${branch}`,
      ],
      { cwd: work, env },
    );
    const monaHead = refSha(gitDir, branch);
    const otherBranch = frontierBranch(other.candidate);
    const otherBefore = refSha(gitDir, otherBranch);

    // The victim leaves the frontier: superseded, and its branch kept for Mona's commit.
    const without = {
      ...record,
      runId: `${record.runId}-b`,
      frontier: record.frontier.filter((m) => m !== victim),
    };
    const second = await publish(without);
    expect(second.find((r) => r.candidate === victim.candidate.slice(0, 8))?.outcome).toBe("superseded");
    expect(refSha(gitDir, branch)).toBe(monaHead);
    // The app's own branch, with no foreign commit, is still force-updated for the new run.
    expect(second.find((r) => r.candidate === other.candidate)?.outcome).toBe("updated");
    expect(refSha(gitDir, otherBranch)).not.toBe(otherBefore);
    expect(sealedHead(otherBranch)).toBe(true);

    // The victim is proposed again by a later run.
    const third = await publish({ ...record, runId: `${record.runId}-c` });
    const back = third.find((r) => r.candidate === victim.candidate)!;
    expect(back.outcome).toBe("created");
    expect(refSha(gitDir, branch)).toBe(monaHead);
    expect(gitIn(gitDir, ["show", `${branch}:NOTES.md`])).toBe("A note from Mona.");
    const fresh = pullsOf(double).get(back.pullRequest!)!;
    expect(fresh.headRef).toBe(`${branch}-2`);
    expect(sealedHead(fresh.headRef)).toBe(true);
    expect(double.state.issue(fresh.number).labels).toEqual(
      expect.arrayContaining(["skillops:frontier", "skillops:left-alone"]),
    );
    expect(double.state.commentsOn(fresh.number).map((c) => c.body)).toContain(
      `The branch \`${branch}\` holds commits skillops did not make, so skillops leaves it alone and proposes this on \`${branch}-2\` instead.`,
    );
    // A re-run finds the PR on the fresh branch and updates it there (no third branch).
    const fourth = await publish({ ...record, runId: `${record.runId}-c` });
    expect(fourth.find((r) => r.candidate === victim.candidate)).toMatchObject({ pullRequest: fresh.number });
    expect(refSha(gitDir, `${branch}-3`)).toBeUndefined();
    double.assertClean();
  });
});
