// Concurrent deliveries against the GitHub double: several deliveries for one issue at once in one
// process (serialised per issue), and two app instances sharing no memory racing on one issue
// (their owned comments converge to one: the oldest stays, the younger are deleted).
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  commentPayload,
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { parseCaseComment } from "../../src/core/feedback/triage.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

const BOT = "acme-skills[bot]";
const REFUND = {
  did: "It told the customer that refunds are possible within 60 days.",
  expected: 'It should say "30 days" and must not mention "60 days".',
  evidence: "Customer: I bought a ticket 40 days ago, can I still get a refund?",
  category: "hallucination",
  skill: "refund-policy",
};

let double: GitHubDouble;
/** Two instances of the app (two processes: separate queues and delivery memories), one GitHub. */
let instances: Array<{ probot: Probot; skillops: SkillopsApp }>;

beforeEach(async () => {
  // Latency lets concurrent handlers interleave request by request, as against the real API.
  double = await createGitHubDouble({
    owner: "acme",
    repo: "agent-skills",
    appSlug: "acme-skills",
    latencyMs: 5,
  });
  double.state.setFile(".github/skillops.yml", "categories: [general, hallucination, special]\n");
  double.state.collaborators.set("mona", "triage");
  instances = [];
  for (let i = 0; i < 2; i++) {
    const skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
    instances.push({ skillops, probot: await createProbotOnDouble(double, skillops.app) });
  }
});
afterEach(async () => {
  for (const { skillops } of instances) expect(skillops.queue.failures).toEqual([]);
  double.assertClean();
  await double.close();
});

/** Each instance answers one command first, so both hold an installation token when the race starts. */
async function warmUp() {
  const issue = double.state.openIssue({ title: "Warm-up", body: "", author: "someone" }).number;
  for (const { probot } of instances) {
    const c = double.state.addComment(issue, "wendy", "/skillops help");
    await deliver(probot, "issue_comment", commentPayload(double, c.id));
  }
  await drainAll();
}

const drainAll = () => Promise.all(instances.map((i) => i.skillops.queue.drain()));
const own = (issue: number, kind: string) =>
  double.state.commentsOn(issue).filter((c) => c.user.login === BOT && readMarker(c.body, kind));

function fileFeedback(): number {
  return double.state.openIssue({
    title: "Refund window is wrong",
    body: formBody(REFUND),
    author: "customer-joe",
    labels: ["skillops:feedback"],
  }).number;
}

/** The `skillops:accepted` label added by mona, delivered `times` times at once to each instance in `on`. */
async function acceptConcurrently(issue: number, times: number, on: number[]) {
  double.state.labelIssue(issue, "skillops:accepted", "mona");
  const payload = () =>
    issuesPayload(double, "labeled", issue, { sender: "mona", label: "skillops:accepted" });
  await Promise.all(
    on.flatMap((i) =>
      Array.from({ length: times }, () => deliver(instances[i]!.probot, "issues", payload())),
    ),
  );
  await drainAll();
}

describe("concurrent deliveries in one process", () => {
  test("three concurrent acceptances leave one case comment, and a later edit updates it", async () => {
    const issue = fileFeedback();
    await acceptConcurrently(issue, 3, [0]);
    const cases = own(issue, "case");
    expect(cases).toHaveLength(1);
    expect(readMarker(cases[0]!.body, "case")!.data).toMatchObject({ kind: "case", acceptedBy: "mona" });

    const before = double.state.issue(issue).body!;
    double.state.issue(issue).body = formBody({ ...REFUND, expected: 'It should say "30 days".' });
    const edited = issuesPayload(double, "edited", issue, {
      sender: "mona",
      changes: { body: { from: before } },
    });
    await deliver(instances[0]!.probot, "issues", edited);
    await drainAll();
    const after = own(issue, "case");
    expect(after.map((c) => c.id)).toEqual([cases[0]!.id]);
    expect(parseCaseComment(after[0]!.body)!.task.rubric).toEqual([
      { type: "contains", value: "30 days", ignoreCase: true },
    ]);
  });

  test("two concurrent /skillops help get one reply", async () => {
    const issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
    const first = double.state.addComment(issue, "wendy", "/skillops help");
    const second = double.state.addComment(issue, "randy", "/skillops help");
    const { probot } = instances[0]!;
    await Promise.all([
      deliver(probot, "issue_comment", commentPayload(double, first.id)),
      deliver(probot, "issue_comment", commentPayload(double, second.id)),
    ]);
    await drainAll();
    const replies = own(issue, "reply");
    expect(replies).toHaveLength(1);
    expect(readMarker(replies[0]!.body, "reply")!.data).toEqual({ v: 1, comment: second.id });
  });
});

describe("two instances racing", () => {
  test("acceptances delivered to both converge to one case comment after both finish", async () => {
    await warmUp();
    const issue = fileFeedback();
    await acceptConcurrently(issue, 2, [0, 1]);
    const cases = own(issue, "case");
    expect(cases).toHaveLength(1);
    expect(readMarker(cases[0]!.body, "case")!.data).toMatchObject({ kind: "case", acceptedBy: "mona" });
  });

  test("the same /skillops help delivered to both instances converges to one reply", async () => {
    await warmUp();
    const issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
    const command = double.state.addComment(issue, "wendy", "/skillops help");
    await Promise.all(
      instances.map(({ probot }) => deliver(probot, "issue_comment", commentPayload(double, command.id))),
    );
    await drainAll();
    const replies = own(issue, "reply");
    expect(replies).toHaveLength(1);
    expect(replies[0]!.body).toContain("/skillops run");
  });

  test("different commands racing on two instances keep the answer to the later command", async () => {
    await warmUp();
    const issue = double.state.openIssue({ title: "Question", body: "", author: "someone" }).number;
    const help = double.state.addComment(issue, "wendy", "/skillops help");
    const typo = double.state.addComment(issue, "wendy", "/skillops selct");
    await Promise.all([
      deliver(instances[0]!.probot, "issue_comment", commentPayload(double, help.id)),
      deliver(instances[1]!.probot, "issue_comment", commentPayload(double, typo.id)),
    ]);
    await drainAll();
    const replies = own(issue, "reply");
    expect(replies).toHaveLength(1);
    expect(readMarker(replies[0]!.body, "reply")!.data).toEqual({ v: 1, comment: typo.id });
    expect(replies[0]!.body).toContain("Did you mean `/skillops select`?");
  });
});
