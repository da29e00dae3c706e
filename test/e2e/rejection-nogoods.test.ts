// Issue 15: a rollback or an unmerged close of a frontier PR becomes nogoods at the level of its
// section edits, computed and committed by the app itself. Frontier PRs are made here as publish.ts
// makes them (one sealed app commit on main's head, the PR marker in the body) so each test controls
// exactly which sections change; everything after is the production path: the Probot app on the
// GitHub double (every request validated against GitHub's OpenAPI description), a real
// `git http-backend` (branch protection and a racing push are real pre-receive hooks), and the
// nogood files read back by the CLI's store and matched by the core veto.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readNogoods } from "../../src/apps/cli/evolve/nogood-store.js";
import { bankEditsOf, isActive, matchingNogood } from "../../src/core/nogoods/nogood.js";
import { NOGOODS_DIR, serialiseNogood } from "../../src/records/nogood-file.js";
import { loadBankFromGit } from "../../src/io/git/read-tree.js";
import { fetchBranch } from "../../src/io/git/remote.js";
import {
  frontierCommands,
  onPullRequestClosed,
  type PullPayload,
} from "../../src/apps/app/deploy/on-pull-request.js";
import { deliver } from "../support/github-double/index.js";
import { gitIn, pullPayload, pullsOf, refSha } from "../support/github-double/pulls.js";
import {
  APP_AUTHOR,
  baggage,
  closePull,
  closeUnmerged,
  commentsOn,
  double,
  env,
  git,
  gitDir,
  hook,
  nogoodNames,
  nogoodsOn,
  octokitAs,
  openFrontierPull,
  OWNER,
  personCommits,
  probot,
  refunds,
  REPO,
  scratchGit,
  setUp,
  show,
  tearDown,
  tmp,
} from "./rejection-fixture.js";

beforeAll(setUp);
afterAll(tearDown);

describe("rejected frontier PRs become nogoods in git", () => {
  let rolledBack: number;
  let rollbackPayload: Record<string, unknown>;
  test("a confirmed rollback commits one nogood per section edit to main and says so on the PR", async () => {
    rolledBack = await openFrontierPull("a1".repeat(32), {
      "skill-bank/refunds/SKILL.md": refunds(
        "Never refund after check-in.",
        "At most two refunds per booking.",
      ),
    });
    await octokitAs("maintainer-mo").rest.pulls.merge({ owner: OWNER, repo: REPO, pull_number: rolledBack });
    expect(
      await frontierCommands.rollback(env(), { pullRequest: rolledBack, sender: "maintainer-mo" }),
    ).toMatch(/^Opened #\d+/);
    const revert = [...pullsOf(double).values()].find((p) => p.headRef.startsWith(`revert-${rolledBack}-`))!;
    await octokitAs("maintainer-mo").rest.pulls.merge({
      owner: OWNER,
      repo: REPO,
      pull_number: revert.number,
    });
    const revertHead = refSha(gitDir, "main");
    rollbackPayload = pullPayload(double, gitDir, "closed", revert.number, { sender: "maintainer-mo" });
    await deliver(await probot(), "pull_request", rollbackPayload);

    expect(double.state.issue(rolledBack).labels).toContain("skillops:rolled-back");
    const nogoods = nogoodsOn();
    expect(nogoods.map((n) => [n.origin, n.edits.map((e) => `${e.skill}#${e.section}`)]).sort()).toEqual([
      ["rollback", ["refunds#eligibility"]],
      ["rollback", ["refunds#limits"]],
    ]);
    for (const n of nogoods) {
      expect(n).toMatchObject({ minimal: false, runId: "run-7", candidate: "a1".repeat(32) });
      expect(n.evidence.reasons).toEqual([`#${rolledBack} rolled back by #${revert.number}`]);
      // The same bytes the CLI writes.
      expect(show("main", `${NOGOODS_DIR}/${n.id}.json`) + "\n").toBe(serialiseNogood(n));
    }
    expect(nogoods.find((n) => n.edits[0]!.section === "eligibility")!.edits[0]).toMatchObject({
      removed: ["refund within 24 hours of booking."],
      added: ["never refund after check-in."],
    });
    // One app commit on top of the revert, fast-forward.
    const head = refSha(gitDir, "main")!;
    expect(gitIn(gitDir, ["rev-parse", `${head}^`])).toBe(revertHead);
    expect(gitIn(gitDir, ["log", "-1", "--format=%ae", head])).toBe(APP_AUTHOR.email);
    const comments = commentsOn(rolledBack);
    expect(comments.at(-2)).toMatch(/^Rolled back by #/); // the rollback is recorded first
    expect(comments.at(-1)).toMatch(
      /^Remembered 2 edit\(s\) as nogoods \(`\.skillops\/nogoods\/`: [0-9a-f]{8}, [0-9a-f]{8}\): the next runs will not propose them again while those skills are unchanged\.$/,
    );
    double.assertClean();
  });

  test("a redelivered rollback writes no second commit and no second comment", async () => {
    const head = refSha(gitDir, "main");
    const comments = commentsOn(rolledBack).length;
    await deliver(await probot(), "pull_request", rollbackPayload);
    expect(refSha(gitDir, "main")).toBe(head);
    expect(commentsOn(rolledBack).length).toBe(comments);
    double.assertClean();
  });

  test("the loop reads them back: a re-proposal of a rolled-back edit is vetoed, a new edit is not", async () => {
    const dir = tmp("skillops-nogoods-read-");
    for (const name of nogoodNames())
      writeFileSync(join(dir, name), show("main", `${NOGOODS_DIR}/${name}`) + "\n");
    const nogoods = await readNogoods(dir); // checks schema and ids, as `evolve --nogoods` does
    const g = await scratchGit();
    await fetchBranch({ ...g, branch: "main" });
    const load = (ref: string) => loadBankFromGit({ gitdir: g.gitdir, ref, prefix: "skill-bank" });
    const { bank: deployed } = await load("refs/remotes/skillops/main");
    expect(nogoods.every((n) => isActive(n, deployed))).toBe(true);
    // A child that re-wraps and re-cases the rolled-back eligibility rule.
    const child = {
      ...deployed,
      skills: deployed.skills.map((s) =>
        s.name === "refunds"
          ? {
              ...s,
              source: s.source.replace("Refund within 24 hours of booking.", "NEVER  refund after check-in."),
            }
          : s,
      ),
    };
    expect(matchingNogood(nogoods, bankEditsOf(deployed, child))?.edits[0]!.section).toBe("eligibility");
    const fresh = {
      ...deployed,
      skills: deployed.skills.map((s) =>
        s.name === "refunds"
          ? {
              ...s,
              source: s.source.replace("Refund within 24 hours of booking.", "Refund within 48 hours."),
            }
          : s,
      ),
    };
    expect(matchingNogood(nogoods, bankEditsOf(deployed, fresh))).toBeUndefined();
  });

  test("a frontier PR closed unmerged by a person becomes closed-pr nogoods", async () => {
    const before = new Set(nogoodNames());
    const number = await openFrontierPull("b2".repeat(32), {
      "skill-bank/baggage/SKILL.md": baggage("No free checked bags."),
    });
    await closeUnmerged(number);
    const added = nogoodsOn().filter((n) => !before.has(`${n.id}.json`));
    expect(added.map((n) => [n.origin, n.edits[0]!.skill, n.edits[0]!.section, n.evidence.reasons])).toEqual([
      ["closed-pr", "baggage", "allowance", [`#${number} closed unmerged by @maintainer-mo`]],
    ]);
    expect(commentsOn(number).at(-2)).toContain("is rejected");
    expect(commentsOn(number).at(-1)).toMatch(/^Remembered 1 edit\(s\) as nogoods/);
    double.assertClean();
  });

  test("a redelivered close after a success touches no git and says nothing twice", async () => {
    const number = await openFrontierPull("c4".repeat(32), {
      "skill-bank/baggage/SKILL.md": baggage("One free checked bag, two on long flights."),
    });
    const payload = await closeUnmerged(number);
    const said = commentsOn(number);
    expect(said.at(-1)).toMatch(/^Remembered 1 edit\(s\) as nogoods/);
    const gitRequests = git.requests.length;
    await deliver(await probot(), "pull_request", payload);
    expect(git.requests.length).toBe(gitRequests); // the comment's marker records the success
    expect(commentsOn(number)).toEqual(said);
    double.assertClean();
  });

  test("the head the PR was closed at is read from refs/pull/<n>/head: a branch deleted or pushed to after closing", async () => {
    const number = await openFrontierPull("9b".repeat(32), {
      "skill-bank/baggage/SKILL.md": baggage("Three free checked bags."),
    });
    const branch = `skillops/frontier/${"9b".repeat(4)}`;
    const payload = await closePull(number);
    // After closing, a person pushes a different allowance to the branch, then deletes it.
    personCommits(
      branch,
      `sed -i 's/Three free checked bags./Four free checked bags./' skill-bank/baggage/SKILL.md`,
    );
    gitIn(gitDir, ["update-ref", "-d", `refs/heads/${branch}`]);
    const before = new Set(nogoodNames());
    await deliver(await probot(), "pull_request", payload);
    const added = nogoodsOn().filter((n) => !before.has(`${n.id}.json`));
    expect(added.map((n) => [n.origin, `${n.edits[0]!.skill}#${n.edits[0]!.section}`])).toEqual([
      ["closed-pr", "baggage#allowance"],
    ]);
    expect(added[0]!.edits[0]!.added.join("\n")).toMatch(/three free checked bags/);
    expect(added[0]!.edits[0]!.added.join("\n")).not.toMatch(/four/);
    expect(commentsOn(number).at(-1)).toMatch(/^Remembered 1 edit\(s\) as nogoods/);
    double.assertClean();
  });

  test("a PR a person pushed to is judged against its merge-base with main, and the comment says so", async () => {
    const number = await openFrontierPull("c3".repeat(32), {
      "skill-bank/baggage/SKILL.md": baggage("Two free checked bags in economy."),
    });
    const branch = `skillops/frontier/${"c3".repeat(4)}`;
    personCommits(
      branch,
      `sed -i 's/At most one refund per booking./Refunds need a receipt./' skill-bank/refunds/SKILL.md`,
    );
    personCommits("main", `printf '# notes\\n' > NOTES.md && git add NOTES.md`);
    const before = new Set(nogoodNames());
    await closeUnmerged(number);
    const added = nogoodsOn().filter((n) => !before.has(`${n.id}.json`));
    expect(added.map((n) => `${n.edits[0]!.skill}#${n.edits[0]!.section}`).sort()).toEqual([
      "baggage#allowance",
      "refunds#limits",
    ]);
    expect(commentsOn(number).at(-1)).toMatch(
      /^Remembered 2 edit\(s\) as nogoods .* The PR's head is not skillops's own commit \(someone pushed to it\), so its edits were taken against its merge-base with `main`\.$/,
    );
    double.assertClean();
  });

  test("main moved under the push: the app retries once on the new head", async () => {
    const number = await openFrontierPull("d4".repeat(32), {
      "skill-bank/refunds/SKILL.md": refunds("Refunds only as vouchers.", "At most one refund per booking."),
    });
    // The first push to main finds it moved by a person's commit (the hook makes it), so it fails as stale.
    hook(`[ -f "$GIT_DIR/moved" ] && exit 0
touch "$GIT_DIR/moved"
unset GIT_QUARANTINE_PATH GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES
h=$(git rev-parse refs/heads/main)
c=$(GIT_AUTHOR_NAME=Mona GIT_AUTHOR_EMAIL=mona@example.com GIT_COMMITTER_NAME=Mona GIT_COMMITTER_EMAIL=mona@example.com git commit-tree "$h^{tree}" -p "$h" -m racing)
git update-ref refs/heads/main "$c" "$h"`);
    const pushes = () =>
      git.requests.filter((r) => r.method === "POST" && r.path.endsWith("git-receive-pack")).length;
    try {
      const before = pushes();
      await closeUnmerged(number);
      const head = refSha(gitDir, "main")!;
      expect(gitIn(gitDir, ["log", "-1", "--format=%s", `${head}^`])).toBe("racing");
      expect(gitIn(gitDir, ["log", "-1", "--format=%ae", head])).toBe(APP_AUTHOR.email);
      expect(nogoodsOn().some((n) => n.candidate === "d4".repeat(32))).toBe(true);
      expect(pushes() - before).toBe(2);
      expect(commentsOn(number).at(-1)).toMatch(/^Remembered 1 edit\(s\) as nogoods/);
    } finally {
      hook(null);
      rmSync(join(gitDir, "moved"), { force: true });
    }
    double.assertClean();
  });

  test("a protected main: the nogoods go to one PR skillops/nogoods-<N>, and a redelivery adds nothing", async () => {
    hook(
      `while read old new ref; do [ "$ref" = refs/heads/main ] && { echo "protected branch: changes must be made through a pull request" >&2; exit 1; }; done; exit 0`,
    );
    try {
      const number = await openFrontierPull("e5".repeat(32), {
        "skill-bank/baggage/SKILL.md": baggage("Bags are paid for at the airport."),
      });
      const main = refSha(gitDir, "main");
      const payload = await closeUnmerged(number);
      expect(refSha(gitDir, "main")).toBe(main);
      const fallback = [...pullsOf(double).values()].find((p) => p.headRef === `skillops/nogoods-${number}`)!;
      expect(double.state.issue(fallback.number).state).toBe("open");
      expect(double.state.issue(fallback.number).body).toContain(
        `#${number} closed unmerged by @maintainer-mo`,
      );
      const added = nogoodsOn(fallback.headRef).filter((n) => n.candidate === "e5".repeat(32));
      expect(added.map((n) => n.origin)).toEqual(["closed-pr"]);
      expect(commentsOn(number).at(-1)).toMatch(
        new RegExp(
          `^Could not push nogoods to \`main\` \\(.*pre-receive hook declined.*\\), so opened #${fallback.number} with 1 edit\\(s\\) as nogoods`,
        ),
      );
      const branchHead = refSha(gitDir, fallback.headRef);
      const pulls = pullsOf(double).size;
      const comments = commentsOn(number).length;
      await deliver(await probot(), "pull_request", payload);
      expect(refSha(gitDir, fallback.headRef)).toBe(branchHead);
      expect(pullsOf(double).size).toBe(pulls);
      expect(commentsOn(number).filter((c) => c.startsWith("Could not push")).length).toBe(1);
      expect(commentsOn(number).length).toBe(comments); // the rejection and nogoods comments are owned: once
      // "Close it to forget them": a person closes the fallback PR and deletes its branch; a later
      // redelivery neither opens it again nor pushes the branch back.
      await octokitAs("maintainer-mo").rest.pulls.update({
        owner: OWNER,
        repo: REPO,
        pull_number: fallback.number,
        state: "closed",
      });
      gitIn(gitDir, ["update-ref", "-d", `refs/heads/${fallback.headRef}`]);
      await deliver(await probot(), "pull_request", payload);
      expect(refSha(gitDir, fallback.headRef)).toBeUndefined();
      expect(pullsOf(double).size).toBe(pulls);
      expect(commentsOn(number).length).toBe(comments);
      expect(commentsOn(number).at(-1)).toBe(
        `Did not remember this candidate's edits as nogoods: #${fallback.number}, which proposed them, was closed without merging, and skillops does not open it again. Reopen and merge it to keep them.`,
      );
    } finally {
      hook(null);
    }
    double.assertClean();
  });
  test("without git access the rejection still stands and the PR is told its edits were not remembered", async () => {
    const number = await openFrontierPull("a7".repeat(32), {
      "skill-bank/baggage/SKILL.md": baggage("Bags are weighed twice."),
    });
    const payload = await closePull(number);
    const { git: _none, ...noGit } = env();
    const main = refSha(gitDir, "main");
    expect(await onPullRequestClosed(noGit, payload as unknown as PullPayload)).toBe("rejected");
    expect(refSha(gitDir, "main")).toBe(main);
    const said = [
      expect.stringContaining("is rejected"),
      "Could not remember this candidate's edits as nogoods: this installation was not given git access. A workflow can run `skillops nogoods reject` instead (docs/nogoods.md).",
    ];
    expect(commentsOn(number).slice(-2)).toEqual(said);
    const count = commentsOn(number).length;
    expect(await onPullRequestClosed(noGit, payload as unknown as PullPayload)).toBe("rejected"); // redelivered
    expect(commentsOn(number).length).toBe(count);
    expect(commentsOn(number).slice(-2)).toEqual(said);
    double.assertClean();
  });

  test("nogoods.fromRejections: false in .github/skillops.yml turns it off: no commit, no comment", async () => {
    personCommits(
      "main",
      `mkdir -p .github && printf 'nogoods:\\n  fromRejections: false\\n' > .github/skillops.yml && git add .github`,
    );
    const number = await openFrontierPull("f6".repeat(32), {
      "skill-bank/baggage/SKILL.md": baggage("Bags fly free on Tuesdays."),
    });
    const main = refSha(gitDir, "main");
    await closeUnmerged(number);
    expect(refSha(gitDir, "main")).toBe(main);
    expect(commentsOn(number).at(-1)).toContain("is rejected");
    expect(commentsOn(number).some((c) => /nogoods/.test(c))).toBe(false);
    double.assertClean();
  });
});
