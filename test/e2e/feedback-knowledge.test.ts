// Experiential feedback end to end: advice accepted on an issue → the case comment shows it →
// ONE rolling pull request appends it to the skill's knowledge.md (real commits on a real
// `git http-backend`), updated in place as more advice arrives, a no-op when nothing changed,
// merged entries never added twice, and a closed PR's entries never proposed again.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Probot } from "probot";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseKnowledge } from "../../src/core/bank/knowledge.js";
import { initBare } from "../../src/io/git/repo.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { KNOWLEDGE_BRANCH, planKnowledge } from "../../src/apps/app/intake/knowledge-pr.js";
import { startGitServer, type GitServer } from "../support/git-server.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { addPullRoutes, gitIn, mergePull, pullsOf } from "../support/github-double/pulls.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

const TOKEN = "git-token-knowledge";
const SKILL = "---\nname: refund-policy\ndescription: Answers refund questions.\n---\nQuote the policy.\n";
let git: GitServer;
let double: GitHubDouble;
let gitDir: string;
let probot: Probot;
let skillops: SkillopsApp;
const scratch: string[] = [];
let clock = 1_790_000_000;

beforeAll(async () => {
  git = await startGitServer({ token: TOKEN });
  await git.createRepo("agent-skills", {
    "skill-bank/refund-policy/SKILL.md": SKILL,
    "skill-bank/bank.yml": "operatingPoint: baseline\ncandidate: null\nrun: null\nmetrics: null\n",
  });
  gitDir = join(git.root, "agent-skills.git");
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  addPullRoutes(double, gitDir);
  double.state.collaborators.set("mona", "triage");
  skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    frontier: {
      now: () => new Date((clock += 60) * 1000),
      git: async () => {
        const gitdir = mkdtempSync(join(tmpdir(), "skillops-knowledge-"));
        scratch.push(gitdir);
        await initBare({ gitdir });
        return { gitdir, url: git.url("agent-skills"), token: TOKEN };
      },
    },
  });
  probot = await createProbotOnDouble(double, skillops.app);
});

afterAll(async () => {
  await double?.close();
  await git?.close();
  for (const d of scratch) rmSync(d, { recursive: true, force: true });
});

async function adviceAccepted(advice: string, skill = "refund-policy") {
  const issue = double.state.openIssue({
    title: `Advice: ${advice.slice(0, 30)}`,
    body: formBody({
      did: "It lectured an angry customer.",
      expected: advice,
      evidence: "n/a",
      category: "general",
      skill,
    }),
    author: "joe",
    labels: ["skillops:feedback"],
  });
  await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
  double.state.labelIssue(issue.number, "skillops:accepted", "mona");
  await deliver(
    probot,
    "issues",
    issuesPayload(double, "labeled", issue.number, { sender: "mona", label: "skillops:accepted" }),
  );
  await skillops.queue.drain();
  return issue;
}

const knowledgePulls = () => [...pullsOf(double).values()].filter((p) => p.headRef === KNOWLEDGE_BRANCH);
const onBranch = () => gitIn(gitDir, ["show", `${KNOWLEDGE_BRANCH}:skill-bank/refund-policy/knowledge.md`]);

describe("knowledge from feedback", () => {
  test("advice goes into one rolling PR, updated in place, appended only", async () => {
    const first = await adviceAccepted("Acknowledge the customer's frustration before quoting policy.");
    expect(double.state.issue(first.number).labels).toContain("skillops:knowledge");
    expect(double.state.commentsOn(first.number).at(-1)!.body).toContain(
      "### 💡 Advice for the skill `refund-policy`",
    );
    const [pr] = knowledgePulls();
    expect(pr).toBeDefined();
    expect(parseKnowledge(onBranch(), "knowledge.md").entries.map((e) => e.text)).toEqual([
      "Acknowledge the customer's frustration before quoting policy. (Observed: It lectured an angry customer.)",
    ]);

    await adviceAccepted("Offer a callback when the queue is long.");
    expect(knowledgePulls().map((p) => p.number)).toEqual([pr!.number]); // the same PR
    expect(parseKnowledge(onBranch(), "knowledge.md").entries).toHaveLength(2);
    expect(double.state.issue(pr!.number).body).toContain(`from #${first.number}`);
    double.assertClean();
  });

  test("merged entries are not proposed again; a closed PR's entries are never re-proposed", async () => {
    const [pr] = knowledgePulls();
    expect(mergePull(double, gitDir, pr!, double.state.user("acme"))).not.toBeTypeOf("string");
    double.state.issue(pr!.number).state = "closed";
    const writes = double.writes().length;
    const later = await adviceAccepted("Never promise refunds outside the policy window.");
    const open = knowledgePulls().filter((p) => double.state.issue(p.number).state === "open");
    expect(open).toHaveLength(1);
    const entries = parseKnowledge(onBranch(), "knowledge.md").entries;
    expect(entries).toHaveLength(3); // two merged + one new, none twice
    expect(double.writes().length).toBeGreaterThan(writes);

    // A person closes the new PR unmerged: its entry is not proposed again.
    double.state.issue(open[0]!.number).state = "closed";
    await adviceAccepted("Ask for the booking reference first.", "no-such-skill");
    expect(knowledgePulls().filter((p) => double.state.issue(p.number).state === "open")).toEqual([]);
    expect(double.state.issue(later.number).labels).toContain("skillops:knowledge");
    double.assertClean();
  });
});

describe("planKnowledge", () => {
  const item = (issue: number, skill: string) => ({
    issue,
    title: "t",
    skill,
    entry: { text: `advice ${issue}`, provenance: `issue #${issue} by @joe, accepted by @mona, 2026-11-30` },
  });
  test("appends only what is missing, per skill, and reports unknown skills", () => {
    const existing =
      "# Knowledge: a\n\n## 1\nadvice 1\n\nProvenance: issue #1 by @joe, accepted by @mona, 2026-11-30\n";
    const plan = planKnowledge(
      [item(1, "a"), item(2, "a"), item(3, "b"), item(4, "zz")],
      new Map([
        ["a", existing],
        ["b", undefined],
      ]),
      "skill-bank",
    );
    expect(plan.added.map((i) => i.issue)).toEqual([2, 3]);
    expect(plan.unknownSkill.map((i) => i.issue)).toEqual([4]);
    expect(plan.writes.map((w) => w.path)).toEqual([
      "skill-bank/a/knowledge.md",
      "skill-bank/b/knowledge.md",
    ]);
    expect(plan.writes[0]!.text.startsWith(existing)).toBe(true);
  });
});
