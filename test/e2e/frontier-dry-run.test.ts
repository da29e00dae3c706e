// `skillops evolve --model sim --github --dry-run` end to end: the plan names the branches, titles
// and files of the PRs, and nothing is written — no API write, no git push. The real run after it
// then opens exactly the planned PRs, and a second dry run finds them all up to date.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import type { PlannedAction } from "../../src/apps/app/frontier/publish-preview.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import { bankFilesIn, CLI_TOKEN, copyExampleBank, evolveAgainst, serveRepo } from "./example-bank-server.js";
import { createGitHubDouble, type GitHubDouble } from "../support/github-double/index.js";
import { gitIn, pullsOf } from "../support/github-double/pulls.js";

const scratch: string[] = [];
afterAll(() => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A checkout holding the example bank, and the same files in the "server" repository. */
async function setUp(git: GitServer, double: GitHubDouble) {
  const work = mkdtempSync(join(tmpdir(), "skillops-dry-"));
  scratch.push(work);
  copyExampleBank(work);
  return { work, gitDir: await serveRepo(git, double, bankFilesIn(work)) };
}

const evolve = (work: string, git: GitServer, double: GitHubDouble, extra: string[]) =>
  evolveAgainst({ git, double }, work, ["--seed", "1", "--max-iterations", "6", ...extra]);

const mutations = (double: GitHubDouble) =>
  double
    .writes()
    .filter(
      (r) => !(r.path === "/graphql" && /^\s*query\b/.test((r.body as { query?: string }).query ?? "")),
    );
const pushes = (git: GitServer) => git.requests.filter((r) => r.path.includes("git-receive-pack"));

test("--dry-run plans the PRs the real run then opens, writing nothing", async () => {
  const git = await startGitServer({ token: CLI_TOKEN });
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  try {
    const { work, gitDir } = await setUp(git, double);
    const refsBefore = gitIn(gitDir, ["for-each-ref"]);
    const dry = await evolve(work, git, double, ["--out", "out-dry", "--dry-run", "--json"]);
    expect(dry.code, dry.err).toBe(0);
    expect(mutations(double)).toEqual([]);
    expect(pushes(git)).toEqual([]);
    expect(gitIn(gitDir, ["for-each-ref"])).toBe(refsBefore);
    const plan = (JSON.parse(dry.out) as { publishPlan: PlannedAction[] }).publishPlan;
    const opens = plan.filter((a) => a.action === "open");
    expect(opens.length).toBeGreaterThan(0);
    expect(plan.filter((a) => a.action !== "open")).toEqual([]);
    for (const a of opens) {
      expect(a.push).toBe(true);
      expect(a.labels).toEqual(["skillops:frontier"]);
      expect(a.files).toContain("skill-bank/bank.yml");
    }
    expect(JSON.parse(readFileSync(join(work, "out-dry", "publish-plan.json"), "utf8"))).toEqual(plan);

    const real = await evolve(work, git, double, ["--out", "out"]);
    expect(real.code, real.err).toBe(0);
    const pulls = [...pullsOf(double).values()];
    expect(pulls.map((p) => p.headRef).sort()).toEqual(opens.map((a) => a.branch).sort());
    for (const a of opens) {
      const pull = pulls.find((p) => p.headRef === a.branch)!;
      expect(double.state.issue(pull.number).title).toBe(a.title);
      const changed = gitIn(gitDir, ["diff", "--name-only", `main...${a.branch}`])
        .trim()
        .split("\n");
      expect(changed.sort()).toEqual([...a.files].sort());
    }

    // Planned again over the PRs it opened: every member is up to date, and still nothing is sent.
    const writes = mutations(double).length;
    // The same search again: without the nogoods the real run learned (a run reading them avoids those
    // edits and searches elsewhere, docs/nogoods.md), so the plan is over the same frontier.
    const again = await evolve(work, git, double, [
      "--out",
      "out-dry2",
      "--dry-run",
      "--nogoods",
      "no-nogoods",
    ]);
    expect(again.code, again.err).toBe(0);
    expect(mutations(double).length).toBe(writes);
    const lines = again.out.split("\n").filter((l) => /^(would|up to date) /.test(l));
    expect(lines.sort()).toEqual(pulls.map((p) => `up to date #${p.number} ${p.headRef}`).sort());
    double.assertClean();
  } finally {
    await double.close();
    await git.close();
  }
}, 120_000); // three whole evolve runs: a dry run, the real one, a dry run again

test("--dry-run without --github is a usage error", async () => {
  let err = "";
  const io = {
    stdout: () => undefined,
    stderr: (t: string) => void (err += t),
    cwd: tmpdir(),
    isTTY: false,
    env: {},
  };
  expect(await main(["evolve", "--model", "sim", "--dry-run"], io)).toBe(2);
  expect(err).toContain("--dry-run previews what --github would write: pass it with --github");
});
