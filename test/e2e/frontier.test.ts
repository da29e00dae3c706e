// End to end, frontier side: a simulated evolution run over real SKILL.md files (the repository's
// example airline bank, skill-bank/, so it runs on a fresh clone) → one draft PR per frontier member (real commits pushed to a real `git http-backend`)
// → select → merge (siblings superseded, feedback shipped, pool grown) → `/skillops rollback` →
// revert merged (rolled back, issues reopened, candidate never re-proposed) → revert of the revert.
// Plus the hard cases: a human commit on a frontier branch, a 422 on create, a 60,000-character
// body. Every request is validated against GitHub's OpenAPI description by the double.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Probot } from "probot";
import { ProbotOctokit } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { BankFile } from "../../src/core/bank/skill.js";
import type { Case } from "../../src/records/case.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import type { RunRecord } from "../../src/records/run-record.js";
import { initBare } from "../../src/io/git/repo.js";
import { parseBankManifest, BASELINE_MANIFEST, renderBankManifest } from "../../src/records/bank-manifest.js";
import { frontierBranch } from "../../src/core/github/branch-name.js";
import { CONFIG_CHECK, GATES_CHECK } from "../../src/apps/app/frontier/check-run.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { frontierCommands } from "../../src/apps/app/deploy/on-pull-request.js";
import { botAuthor } from "../../src/io/github-api/bot-login.js";
import type { FrontierEnv } from "../../src/core/github/port.js";
import { MAX_BODY_CHARS } from "../../src/core/render/pr-body/pr-body.js";
import { parsePrMarker } from "../../src/records/pr-marker.js";
import { publishRun, type PublishInput } from "../../src/apps/app/frontier/publish.js";
import { previewPublish } from "../../src/apps/app/frontier/publish-preview.js";
import { createIssuesRepo } from "../../src/io/github-api/repo.js";
import { createPullsRepo } from "../../src/io/github-api/repo-pulls.js";
import { generateWorld } from "../../src/sim/generate.js";
import { worldBankFiles } from "../../src/sim/world-inputs.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  example,
  toRepository,
  type GitHubDouble,
} from "../support/github-double/index.js";
import {
  addPullRoutes,
  checkRunsOf,
  gitIn,
  pullPayload,
  pullsOf,
  refSha,
  showFile,
} from "../support/github-double/pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { checkedCandidateId } from "../../src/records/candidate-id.js";

const BOT = "acme-skills[bot]"; // not the default name: the app must discover it
const APP_AUTHOR = botAuthor(BOT);
const OWNER = "acme";
const REPO = "agent-skills";
const TOKEN = "git-token-for-tests";
const bankDir = join(REPO_ROOT, "skill-bank");

let git: GitServer;
let skillops: SkillopsApp;
let double: GitHubDouble;
let gitDir: string;
let record: RunRecord;
let banks: Map<string, BankFile[]>;
let cases: Case[];
const scratch: string[] = [];

function tmp(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

function octokitAs(login: string): InstanceType<typeof ProbotOctokit> {
  const Octokit = ProbotOctokit.defaults({ retry: { enabled: false }, throttle: { enabled: false } });
  return new Octokit({ auth: { token: double.state.tokenFor(login) }, baseUrl: double.baseUrl });
}

function botRepo(): FrontierEnv["repo"] {
  const o = octokitAs(BOT);
  const coords = { owner: OWNER, repo: REPO };
  return { ...createPullsRepo(o, coords), ...createIssuesRepo(o, coords) };
}

let clock = 1_790_000_000;
async function publish(overrides: Partial<PublishInput> = {}) {
  return publishRun(await publishInput(overrides));
}

/** `previewPublish` over the same input, checked to send no API write and no push. */
async function preview(overrides: Partial<PublishInput> = {}) {
  const writes = double.writes().length;
  const pushes = git.requests.filter((r) => r.path.includes("git-receive-pack")).length;
  const plan = await previewPublish(await publishInput(overrides));
  expect(double.writes().slice(writes)).toEqual([]);
  expect(git.requests.filter((r) => r.path.includes("git-receive-pack")).length).toBe(pushes);
  return plan;
}

async function publishInput(overrides: Partial<PublishInput>): Promise<PublishInput> {
  const gitdir = tmp("skillops-publish-");
  await initBare({ gitdir });
  return {
    repo: botRepo(),
    git: { gitdir, url: git.url(REPO), token: TOKEN },
    record,
    banks,
    cases,
    bankDir: "skill-bank",
    poolDir: "regression-pool",
    botLogin: BOT,
    author: APP_AUTHOR,
    version: "0.1.0",
    now: () => new Date((clock += 60) * 1000),
    ...overrides,
  };
}

function env(): FrontierEnv {
  return {
    repo: botRepo(),
    botLogin: BOT,
    author: APP_AUTHOR,
    bankDir: "skill-bank",
    now: () => new Date((clock += 60) * 1000),
    git: async () => {
      const gitdir = tmp("skillops-rollback-");
      await initBare({ gitdir });
      return { gitdir, url: git.url(REPO), token: TOKEN };
    },
  };
}

/**
 * A Probot on the double whose installation clients are not throttled. (`ProbotOctokit.defaults({
 * throttle: { enabled: false } })` is not enough: Probot's own throttle options overwrite it for
 * the app client, and installation clients inherit that, so every write waited ~1 s.)
 */
async function probotWithFrontier(): Promise<Probot> {
  // The whole app (intake + frontier), so merges and rollbacks also refresh the dashboard.
  // No botLogin: the app discovers acme-skills[bot] from GET /app, as a hosted server does.
  skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    frontier: { now: () => new Date((clock += 60) * 1000), git: async () => env().git!() },
  });
  return createProbotOnDouble(double, skillops.app);
}

const show = (ref: string, path: string) => showFile(gitDir, ref, path);
const openFrontier = () =>
  [...pullsOf(double).values()].filter(
    (p) => p.headRef.startsWith("skillops/frontier/") && double.state.issue(p.number).state === "open",
  );

beforeAll(async () => {
  // A seeded simulated world laid over the example bank's real skills, evolved by the real engine.
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

  git = await startGitServer({ token: TOKEN });
  const seed: Record<string, string> = {
    "skill-bank/bank.yml": renderBankManifest(BASELINE_MANIFEST),
  };
  for (const f of worldBankFiles(world)) seed[`skill-bank/${f.path}`] = new TextDecoder().decode(f.bytes);
  seed["regression-pool/README.md"] = "Resolved cases, one file each.\n";
  await git.createRepo(REPO, seed);
  gitDir = join(git.root, `${REPO}.git`);

  double = await createGitHubDouble({
    owner: OWNER,
    repo: REPO,
    appSlug: "acme-skills",
    readFile: async (ref, path) => {
      try {
        return show(ref, path);
      } catch {
        return undefined;
      }
    },
  });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("maintainer-mo", "maintain");
  double.state.collaborators.set("triager-tia", "triage");
  // Each evolution case came from a feedback issue.
  cases = result.inputs.cases.map((c) => {
    const issue = double.state.openIssue({
      title: `Feedback: ${c.diagnosis.split("\n")[0]!.slice(0, 80)}`,
      body: c.diagnosis,
      author: "customer-cy",
      labels: ["skillops:feedback", "skillops:accepted"],
    });
    return { ...c, provenance: { ...c.provenance, channel: "issue" as const, issue: issue.number } };
  });
}, 120_000);

afterAll(async () => {
  await double?.close();
  await git?.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

describe("frontier pull requests end to end", () => {
  const members = () => record.frontier.filter((m) => m.born > 0);

  test("a simulated run opens one draft PR per frontier member, each a complete deployable commit", async () => {
    expect(members().length).toBeGreaterThanOrEqual(2);
    const results = await publish();
    double.assertClean();
    expect(results.map((r) => r.outcome)).toEqual(members().map(() => "created"));
    for (const m of members()) {
      const branch = frontierBranch(m.candidate);
      const pull = openFrontier().find((p) => p.headRef === branch)!;
      const issue = double.state.issue(pull.number);
      expect(pull.draft).toBe(true);
      expect(issue.labels).toContain("skillops:frontier");
      expect(issue.body!.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
      expect(issue.body).toContain("**Simulated.**");
      expect(issue.title).toMatch(/\[simulated\]$/);
      const marker = parsePrMarker(issue.body)!;
      expect(marker).toMatchObject({
        candidate: m.candidate,
        run: record.runId,
        base: refSha(gitDir, "main"),
        op: m.operatingPoint,
      });
      // bank.yml names this member; the resolved cases are in the pool with `resolved` filled in.
      const manifest = parseBankManifest(show(branch, "skill-bank/bank.yml"));
      expect(manifest).toMatchObject({
        operatingPoint: m.operatingPoint,
        candidate: m.candidate,
        run: record.runId,
        simulated: true,
      });
      const fixed = cases.filter((c) => m.resolved.includes(c.id));
      expect(marker.fixed).toEqual(fixed.map((c) => c.provenance.issue).sort((a, b) => a! - b!));
      for (const c of fixed)
        expect(show(branch, `regression-pool/${c.category}/${c.id}.yml`)).toContain(
          `candidate: ${m.candidate}`,
        );
      for (const change of m.changes)
        expect(show(branch, `skill-bank/${change.skill}/SKILL.md`)).toBe(
          new TextDecoder()
            .decode(banks.get(m.candidate)!.find((f) => f.path === `${change.skill}/SKILL.md`)!.bytes)
            .trimEnd(),
        );
      const check = checkRunsOf(double).find((r) => r.headSha === pull.headSha && r.name === GATES_CHECK)!;
      expect(check.conclusion).toBe("success");
      expect(check.output.text).toContain("Feedback cases");
      // Siblings are named by number in each other's bodies.
      for (const other of openFrontier().filter((p) => p.number !== pull.number))
        expect(issue.body).toContain(`#${other.number}`);
    }
  });

  test("a re-run with the same record writes nothing: no push, no PATCH, no POST", async () => {
    const writes = double.writes().length;
    const pushes = git.requests.filter(
      (r) => r.path.includes("git-receive-pack") && r.method === "POST",
    ).length;
    const results = await publish();
    expect(results.map((r) => r.outcome)).toEqual(members().map(() => "unchanged"));
    expect(double.writes().slice(writes)).toEqual([]);
    expect(
      git.requests.filter((r) => r.path.includes("git-receive-pack") && r.method === "POST").length,
    ).toBe(pushes);
    double.assertClean();
  });

  test("a human commit on a frontier branch stops the app from pushing to it, and the PR says so", async () => {
    const victim = members()[0]!;
    const branch = frontierBranch(victim.candidate);
    const work = tmp("skillops-human-");
    execFileSync("git", ["clone", "-q", "--branch", branch, gitDir, work], {
      env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" },
    });
    const skill = victim.changes[0]?.skill ?? "airline-conduct";
    execFileSync(
      "sh",
      [
        "-c",
        `printf '\\nA note from a human reviewer.\\n' >> skill-bank/${skill}/SKILL.md && git -c user.name='Mona Reviewer' -c user.email=mona@example.com commit -qam 'Tweak wording' && git push -q origin ${branch}`,
      ],
      { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } },
    );
    const humanHead = refSha(gitDir, branch);
    const planned = await preview({ record: { ...record, runId: `${record.runId}-rerun` } });
    expect(planned.find((a) => a.candidate === victim.candidate)).toMatchObject({
      action: "blocked",
      branch,
      push: false,
      reason: "commits by Mona Reviewer: the branch is left as it is",
    });
    const results = await publish({ record: { ...record, runId: `${record.runId}-rerun` } });
    expect(results.find((r) => r.candidate === victim.candidate)?.outcome).toBe("blocked");
    expect(refSha(gitDir, branch)).toBe(humanHead); // never force-pushed again
    const pull = openFrontier().find((p) => p.headRef === branch)!;
    expect(double.state.issue(pull.number).body).toContain("This branch has commits by `Mona Reviewer`");
    double.assertClean();
  });

  test("select: the label moves between siblings, the chosen PR leaves draft; a triager cannot select", async () => {
    const probot = await probotWithFrontier();
    const [a, b] = openFrontier();
    double.state.labelIssue(b!.number, "skillops:select");
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "labeled", b!.number, {
        sender: "maintainer-mo",
        label: "skillops:select",
      }),
    );
    expect(b!.draft).toBe(false);
    double.state.labelIssue(a!.number, "skillops:select");
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "labeled", a!.number, {
        sender: "maintainer-mo",
        label: "skillops:select",
      }),
    );
    expect(a!.draft).toBe(false);
    expect(double.state.issue(b!.number).labels).not.toContain("skillops:select");
    expect(double.state.issue(a!.number).labels).toContain("skillops:select");
    // Someone with triage permission: the label is taken off again and they are told why.
    double.state.labelIssue(b!.number, "skillops:select");
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "labeled", b!.number, { sender: "triager-tia", label: "skillops:select" }),
    );
    expect(double.state.issue(b!.number).labels).not.toContain("skillops:select");
    expect(double.state.commentsOn(b!.number).at(-1)!.body).toContain("needs the **write** role");
    double.assertClean();
  });

  let merged: number;
  test("merge deploys: siblings superseded, feedback issues shipped and closed, pool grown", async () => {
    const probot = await probotWithFrontier();
    const chosen = openFrontier().find((p) =>
      double.state.issue(p.number).labels.includes("skillops:select"),
    )!;
    merged = chosen.number;
    const candidate = parsePrMarker(double.state.issue(chosen.number).body)!.candidate;
    await octokitAs("maintainer-mo").rest.pulls.merge({
      owner: OWNER,
      repo: REPO,
      pull_number: chosen.number,
    });
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "closed", chosen.number, { sender: "maintainer-mo" }),
    );
    expect(parseBankManifest(show("main", "skill-bank/bank.yml")).candidate).toBe(candidate);
    expect(openFrontier()).toEqual([]);
    await skillops.queue.drain();
    const dashboard = [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;
    expect(dashboard.body).toContain(
      `Candidate \`${candidate.slice(0, 8)}\` at the **${record.frontier.find((m) => m.candidate === candidate)!.operatingPoint}** operating point`,
    );
    expect(skillops.queue.failures).toEqual([]);
    for (const p of [...pullsOf(double).values()].filter(
      (x) => x.number !== chosen.number && x.headRef.startsWith("skillops/frontier/"),
    )) {
      const i = double.state.issue(p.number);
      expect(i.labels).toContain("skillops:superseded");
      expect(double.state.commentsOn(p.number).at(-1)!.body).toContain(`#${chosen.number} was merged`);
    }
    const member = record.frontier.find((m) => m.candidate === candidate)!;
    for (const c of cases) {
      const issue = double.state.issue(c.provenance.issue!);
      if (member.resolved.includes(c.id)) {
        expect(issue.state).toBe("closed");
        expect(issue.labels).toContain("skillops:shipped");
        expect(show("main", `regression-pool/${c.category}/${c.id}.yml`)).toContain("resolved:");
      } else {
        expect(issue.state).toBe("open");
      }
    }
    double.assertClean();
  });

  let revertPr: number;
  test("/skillops rollback opens the revert PR through the git store; merging it rolls back", async () => {
    const reply = await frontierCommands.rollback(env(), { pullRequest: merged, sender: "maintainer-mo" });
    expect(reply).toMatch(/^Opened #\d+, which reverts #\d+/);
    const revert = [...pullsOf(double).values()].find((p) => p.headRef.startsWith(`revert-${merged}-`))!;
    revertPr = revert.number;
    expect(double.state.issue(revert.number).title).toBe(`Revert "${double.state.issue(merged).title}"`);
    expect(double.state.issue(revert.number).body).toMatch(new RegExp(`^Reverts ${OWNER}/${REPO}#${merged}`));
    const probot = await probotWithFrontier();
    await octokitAs("maintainer-mo").rest.pulls.merge({
      owner: OWNER,
      repo: REPO,
      pull_number: revert.number,
    });
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "closed", revert.number, { sender: "maintainer-mo" }),
    );
    expect(parseBankManifest(show("main", "skill-bank/bank.yml")).operatingPoint).toBe("baseline");
    expect(double.state.issue(merged).labels).toContain("skillops:rolled-back");
    for (const n of parsePrMarker(double.state.issue(merged).body)!.fixed) {
      const issue = double.state.issue(n);
      expect(issue.state).toBe("open");
      expect(issue.labels).not.toContain("skillops:shipped");
      expect(double.state.commentsOn(n).at(-1)!.body).toContain("rolled back");
    }
    double.assertClean();
  });

  test("the rolled-back candidate is never proposed again automatically", async () => {
    const rolledBack = parsePrMarker(double.state.issue(merged).body)!.candidate;
    const results = await publish({ record: { ...record, runId: `${record.runId}-after-rollback` } });
    expect(results.find((r) => r.candidate === rolledBack)).toMatchObject({
      outcome: "skipped",
      reason: "rolled-back",
      pullRequest: merged,
    });
    expect(openFrontier().some((p) => p.headRef === frontierBranch(rolledBack))).toBe(false);
    double.assertClean();
  });

  test("a revert of the revert re-applies: the label goes and the issues ship again", async () => {
    const probot = await probotWithFrontier();
    const main = refSha(gitDir, "main")!;
    const revertMerge = pullsOf(double).get(revertPr)!.mergeCommitSha!;
    // GitHub's Revert button on the revert PR: branch revert-<N>-…, title Revert "Revert "…"".
    const work = tmp("skillops-rerevert-");
    execFileSync(
      "sh",
      [
        "-c",
        `git clone -q ${gitDir} . && git checkout -qb revert-${revertPr}-re && git -c user.name=Mo -c user.email=mo@example.com revert --no-edit -m 1 ${revertMerge} >/dev/null && git push -q origin revert-${revertPr}-re`,
      ],
      { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } },
    );
    expect(main).toBe(refSha(gitDir, "main"));
    const title = `Revert "${double.state.issue(revertPr).title}"`;
    const { data } = await octokitAs("maintainer-mo").rest.pulls.create({
      owner: OWNER,
      repo: REPO,
      title,
      body: `Reverts ${OWNER}/${REPO}#${revertPr}`,
      head: `revert-${revertPr}-re`,
      base: "main",
    });
    await octokitAs("maintainer-mo").rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: data.number });
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "closed", data.number, { sender: "maintainer-mo" }),
    );
    expect(double.state.issue(merged).labels).not.toContain("skillops:rolled-back");
    for (const n of parsePrMarker(double.state.issue(merged).body)!.fixed)
      expect(double.state.issue(n)).toMatchObject({ state: "closed" });
    double.assertClean();
  });

  test("/skillops rollback refuses, saying why, when the deployed files changed again since the merge", async () => {
    const work = tmp("skillops-conflict-");
    execFileSync(
      "sh",
      [
        "-c",
        `git clone -q ${gitDir} . && printf '# hand-edited\\n' >> skill-bank/bank.yml && git -c user.name=Mo -c user.email=mo@example.com commit -qam 'edit bank.yml' && git push -q origin main`,
      ],
      { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } },
    );
    const before = pullsOf(double).size;
    const reply = await frontierCommands.rollback(env(), { pullRequest: merged, sender: "maintainer-mo" });
    expect(reply).toMatch(
      new RegExp(
        `^#${merged} cannot be reverted automatically: skill-bank/bank.yml changed on \`main\` after it was merged`,
      ),
    );
    expect(pullsOf(double).size).toBe(before);
    double.assertClean();
  });
});

describe("hard cases", () => {
  let bigRecord: RunRecord;
  let bigBanks: Map<string, BankFile[]>;
  test("a 422 'already exists' on create becomes an update of the existing PR", async () => {
    const repo = botRepo();
    const branch = "skillops/frontier/0badc0de";
    gitIn(gitDir, ["update-ref", `refs/heads/${branch}`, refSha(gitDir, "main")!]);
    gitIn(gitDir, [
      "update-ref",
      `refs/heads/${branch}`,
      gitIn(
        gitDir,
        ["commit-tree", `${refSha(gitDir, "main")}^{tree}`, "-p", refSha(gitDir, "main")!, "-m", "x"],
        {
          GIT_AUTHOR_NAME: "a",
          GIT_AUTHOR_EMAIL: "a@b",
          GIT_COMMITTER_NAME: "a",
          GIT_COMMITTER_EMAIL: "a@b",
        },
      ),
    ]);
    const first = await repo.createPull({ title: "t", body: "b", head: branch, base: "main", draft: true });
    const second = await repo.createPull({ title: "t", body: "b", head: branch, base: "main", draft: true });
    expect(first.existed).toBe(false);
    expect(second).toEqual({ number: first.number, existed: true });
    expect(
      double.requests.filter((r) => r.method === "POST" && r.path.endsWith("/pulls")).at(-1)!.status,
    ).toBe(422);
    await repo.updatePull(first.number, { state: "closed" });
    double.assertClean();
  });

  test("a member whose diffs exceed 60,000 characters still gets a body under 58,000 that GitHub stores whole", async () => {
    const member = record.frontier.find((m) => m.born > 0)!;
    const huge = banks.get(member.candidate)!.map((f) =>
      f.path.endsWith("/SKILL.md")
        ? {
            ...f,
            bytes: new TextEncoder().encode(
              `${new TextDecoder().decode(f.bytes)}\n${Array.from({ length: 2500 }, (_, i) => `- rule ${i}: ${"never do that ".repeat(3)}`).join("\n")}\n`,
            ),
          }
        : f,
    );
    const candidate = `${"e".repeat(8)}${member.candidate.slice(8)}`;
    const big: RunRecord = {
      ...record,
      runId: "big-run",
      frontier: [...record.frontier.filter((m) => m.born === 0), { ...member, candidate }],
    };
    [bigRecord, bigBanks] = [big, new Map([[candidate, huge]])];
    const results = await publish({ record: big, banks: bigBanks });
    const created = results.find((r) => r.candidate === candidate)!;
    expect(created.outcome).toBe("created");
    const body = double.state.issue(created.pullRequest!).body!;
    expect(body.length).toBeLessThanOrEqual(MAX_BODY_CHARS);
    expect(body).toContain("### Gates");
    expect(body).toContain("### What happens if you");
    const { data } = await octokitAs(BOT).rest.pulls.get({
      owner: OWNER,
      repo: REPO,
      pull_number: created.pullRequest!,
    });
    expect(data.body).toBe(body); // read back whole
    expect(checkedCandidateId(candidate)).toBe("eeeeeeee");
    double.assertClean();
  });

  test("a push that moves main makes the open frontier PRs' gates check fail as stale", async () => {
    const open = openFrontier();
    expect(open.length).toBeGreaterThan(0);
    const work = tmp("skillops-main-");
    execFileSync(
      "sh",
      [
        "-c",
        `git clone -q ${gitDir} . && echo '# notes' > NOTES.md && git add NOTES.md && git -c user.name=Mo -c user.email=mo@example.com commit -qm notes && git push -q origin main`,
      ],
      { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } },
    );
    const payload = example("push");
    Object.assign(payload, {
      ref: "refs/heads/main",
      after: refSha(gitDir, "main"),
      installation: { id: 4242 },
      repository: { ...payload.repository, ...toRepository(double.state) },
    });
    await deliver(await probotWithFrontier(), "push", payload);
    for (const p of open) {
      const latest = checkRunsOf(double)
        .filter((r) => r.headSha === p.headSha && r.name === GATES_CHECK)
        .at(-1)!;
      expect(latest).toMatchObject({ conclusion: "failure", output: { title: "Stale: main moved" } });
    }
    double.assertClean();
  });

  test("closing a frontier PR unmerged rejects its candidate for good", async () => {
    const pull = openFrontier().find((p) => p.headRef === "skillops/frontier/eeeeeeee")!;
    await octokitAs("maintainer-mo").rest.pulls.update({
      owner: OWNER,
      repo: REPO,
      pull_number: pull.number,
      state: "closed",
    });
    await deliver(
      await probotWithFrontier(),
      "pull_request",
      pullPayload(double, gitDir, "closed", pull.number, { sender: "maintainer-mo" }),
    );
    await skillops.queue.drain(); // the dashboard refresh runs on the queue
    expect(double.state.commentsOn(pull.number).at(-2)!.body).toContain(
      "is rejected: skillops will not propose it again automatically",
    );
    // Then its edits are remembered as nogoods on main (test/e2e/rejection-nogoods.test.ts).
    expect(double.state.commentsOn(pull.number).at(-1)!.body).toMatch(
      /^<!-- skillops:nogoods {"outcome":"committed"} -->\nRemembered \d+ edit\(s\) as nogoods/,
    );
    const planned = await preview({ record: { ...bigRecord, runId: "big-run-2" }, banks: bigBanks });
    expect(planned).toEqual([
      {
        action: "skip",
        candidate: bigRecord.frontier.at(-1)!.candidate,
        branch: "skillops/frontier/eeeeeeee",
        reason: "rejected",
        pullRequest: pull.number,
        push: false,
        files: [],
        labels: [],
        comments: [],
      },
    ]);
    const again = await publish({ record: { ...bigRecord, runId: "big-run-2" }, banks: bigBanks });
    expect(again).toEqual([
      {
        candidate: bigRecord.frontier.at(-1)!.candidate,
        outcome: "skipped",
        reason: "rejected",
        pullRequest: pull.number,
      },
    ]);
    double.assertClean();
  });

  test("a candidate that left the frontier has its PR closed as superseded (not rejected) and its branch deleted", async () => {
    const member = record.frontier.find((m) => m.born > 0)!;
    const candidate = `dddddddd${member.candidate.slice(8)}`;
    const withIt: RunRecord = {
      ...record,
      runId: "run-with-d",
      frontier: [...record.frontier.filter((m) => m.born === 0), { ...member, candidate }],
    };
    const [created] = await publish({
      record: withIt,
      banks: new Map([[candidate, banks.get(member.candidate)!]]),
    });
    expect(created).toMatchObject({ outcome: "created" });
    const without: RunRecord = {
      ...record,
      runId: "run-without-d",
      frontier: record.frontier.filter((m) => m.born === 0),
    };
    const planned = await preview({ record: without, banks: new Map() });
    expect(planned).toContainEqual(
      expect.objectContaining({
        action: "supersede",
        candidate: "dddddddd",
        pullRequest: created!.pullRequest,
        labels: ["skillops:superseded"],
        closes: true,
        deletesBranch: true,
      }),
    );
    const results = await publish({ record: without, banks: new Map() });
    expect(double.state.commentsOn(created!.pullRequest!).at(-1)!.body).toBe(
      planned.find((a) => a.action === "supersede")!.comments[0],
    );
    expect(results).toContainEqual({
      candidate: "dddddddd",
      outcome: "superseded",
      pullRequest: created!.pullRequest,
    });
    const issue = double.state.issue(created!.pullRequest!);
    expect(issue).toMatchObject({ state: "closed" });
    expect(issue.labels).toContain("skillops:superseded");
    expect(double.state.commentsOn(issue.number).at(-1)!.body).toContain(
      "no longer on the frontier of run `run-without-d`",
    );
    expect(refSha(gitDir, "skillops/frontier/dddddddd")).toBeUndefined();
    // Superseded is not a rejection: a later run may propose it again.
    const again = await publish({
      record: { ...withIt, runId: "run-with-d-again" },
      banks: new Map([[candidate, banks.get(member.candidate)!]]),
    });
    expect(again[0]).toMatchObject({ candidate, outcome: "created" });
    await botRepo().updatePull(again[0]!.pullRequest!, { state: "closed" });
    double.state.labelIssue(again[0]!.pullRequest!, "skillops:superseded");
    double.assertClean();
  });

  test("a PR that breaks .github/skillops.yml gets a failing config check, and a passing one once fixed", async () => {
    const work = tmp("skillops-config-");
    const sh = (cmd: string) =>
      execFileSync("sh", ["-c", cmd], { cwd: work, env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null" } });
    sh(
      `git clone -q ${gitDir} . && git checkout -qb tune-config && mkdir -p .github && printf 'evolve:\n  epsilon: 3\n' > .github/skillops.yml && git add .github && git -c user.name=Mo -c user.email=mo@example.com commit -qm config && git push -q origin tune-config`,
    );
    const { data } = await octokitAs("maintainer-mo").rest.pulls.create({
      owner: OWNER,
      repo: REPO,
      title: "Tune config",
      head: "tune-config",
      base: "main",
    });
    const probot = await probotWithFrontier();
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "opened", data.number, { sender: "maintainer-mo" }),
    );
    await skillops.queue.drain(); // the check is validated off the request path
    const head = refSha(gitDir, "tune-config")!;
    const failing = checkRunsOf(double)
      .filter((r) => r.headSha === head && r.name === CONFIG_CHECK)
      .at(-1)!;
    expect(failing.conclusion).toBe("failure");
    expect(failing.output.summary).toContain("evolve.epsilon");
    sh(
      `printf 'evolve:\n  epsilon: 0.1\n' > .github/skillops.yml && git -c user.name=Mo -c user.email=mo@example.com commit -qam fix && git push -q origin tune-config`,
    );
    await deliver(
      probot,
      "pull_request",
      pullPayload(double, gitDir, "synchronize", data.number, { sender: "maintainer-mo" }),
    );
    await skillops.queue.drain();
    const fixed = checkRunsOf(double)
      .filter((r) => r.headSha === refSha(gitDir, "tune-config") && r.name === CONFIG_CHECK)
      .at(-1)!;
    expect(fixed.conclusion).toBe("success");
    double.assertClean();
  });
});
