// A model converter's queued conversion (intake/queued-conversion.ts): it converts what the
// acceptance's delivery read and writes the case in one GraphQL request that reads the issue back,
// so what happened between the delivery and the write is seen there. Each test holds the converter
// (a stand-in for the model's latency: the template converter behind a gate) while GitHub changes.
import { afterEach, expect, test } from "vitest";
import type { Probot } from "probot";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import {
  createTemplateConverter,
  type Converter,
  type FeedbackSource,
} from "../../src/core/feedback/to-case.js";
import { parseCaseComment } from "../../src/core/feedback/triage.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { formBody } from "../support/github-double/feedback-form.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  runCompletedPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";

const BOT = "acme-skills[bot]";
const FORM = { did: "Said 60 days.", expected: 'Say "30 days".', evidence: "40 days?", category: "general" };

/** The template converter, not instant, whose first conversion waits until `open()`. */
function gatedConverter() {
  const template = createTemplateConverter();
  const calls: FeedbackSource[] = [];
  let open!: () => void;
  let entered!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (entered = resolve));
  const converter: Converter = {
    name: "gated",
    instant: false,
    async convert(source, now) {
      calls.push(source);
      entered();
      await gate;
      return template.convert(source, now);
    },
  };
  return { converter, calls, reached, open: () => open() };
}

let double: GitHubDouble;
afterEach(async () => {
  double.assertClean();
  await double.close();
});

/** `count` app instances (no shared memory) on one double, each with its own converter. */
async function start(converters: Converter[]): Promise<Array<{ probot: Probot; skillops: SkillopsApp }>> {
  double = await createGitHubDouble({
    owner: "acme",
    repo: "agent-skills",
    appSlug: "acme-skills",
    latencyMs: 2,
  });
  double.state.setFile(".github/skillops.yml", "categories: [general]\n");
  double.state.collaborators.set("mona", "triage");
  const apps = await Promise.all(
    converters.map(async (converter) => {
      const skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z"), converter });
      return { skillops, probot: await createProbotOnDouble(double, skillops.app) };
    }),
  );
  // The dashboard exists (and its refreshes are incremental): what the job asks stands out.
  await deliver(apps[0]!.probot, "workflow_run", runCompletedPayload(double));
  await apps[0]!.skillops.queue.drain();
  return apps;
}

function openFeedback(): number {
  return double.state.openIssue({
    title: "Refund window is wrong",
    body: formBody(FORM),
    author: "customer-joe",
    labels: ["skillops:feedback"],
  }).number;
}

const labelled = (n: number) =>
  issuesPayload(double, "labeled", n, { sender: "mona", label: "skillops:accepted" });
const caseComments = (n: number) =>
  double.state.commentsOn(n).filter((c) => c.user.login === BOT && readMarker(c.body, "case"));
const caseData = (n: number) => caseComments(n).map((c) => readMarker(c.body, "case")!.data);

/** One instance accepts a new feedback issue; `meanwhile` changes GitHub while the model holds the delivery's text. */
async function acceptHolding(
  meanwhile: (n: number) => void,
): Promise<{ n: number; calls: FeedbackSource[] }> {
  const gated = gatedConverter();
  const [app] = await start([gated.converter]);
  const n = openFeedback();
  double.state.labelIssue(n, "skillops:accepted", "mona");
  await deliver(app!.probot, "issues", labelled(n));
  await gated.reached;
  meanwhile(n);
  gated.open();
  await app!.skillops.queue.drain();
  expect(app!.skillops.queue.failures).toEqual([]);
  return { n, calls: gated.calls };
}

test("an edit between the delivery and the case's write is converted: the read-back shows it, the job converts again", async () => {
  const { n, calls } = await acceptHolding((n) => {
    const issue = double.state.issue(n);
    issue.body = formBody({ ...FORM, evidence: "Customer: 45 days ago, refund?" });
    issue.updatedAt = double.state.now();
  });
  expect(calls.map((c) => c.form.evidence)).toEqual(["40 days?", "Customer: 45 days ago, refund?"]);
  expect(caseComments(n)).toHaveLength(1);
  expect(parseCaseComment(caseComments(n)[0]!.body)).toBeDefined();
  expect(caseComments(n)[0]!.body).toContain("45 days ago");
  expect(caseComments(n)[0]!.body).not.toContain("40 days?");
  expect(caseData(n)[0]).toMatchObject({ kind: "case", acceptedBy: "mona" });
});

test("skillops:accepted taken off before the case is written: no case, the comment says the acceptance was withdrawn", async () => {
  const { n } = await acceptHolding((n) => {
    const issue = double.state.issue(n);
    issue.labels = issue.labels.filter((l) => l !== "skillops:accepted");
  });
  const [comment, ...more] = caseComments(n);
  expect(more).toEqual([]);
  expect(parseCaseComment(comment!.body)).toBeUndefined();
  expect(comment!.body).toContain("Acceptance withdrawn");
  // Nobody is credited: a later edit is not taken for an earlier acceptance.
  expect(caseData(n)[0]).toEqual({ v: 1, kind: "withdrawn", form: expect.any(String) });
  expect(double.state.issue(n).labels).not.toContain("skillops:accepted");
});

test("the acceptance delivered to two instances at once: both say converting…, the read-back converges to one case", async () => {
  const gates = [gatedConverter(), gatedConverter()];
  const apps = await start(gates.map((g) => g.converter));
  const n = openFeedback();
  double.state.labelIssue(n, "skillops:accepted", "mona");
  await Promise.all(apps.map((a) => deliver(a.probot, "issues", labelled(n))));
  await Promise.all(gates.map((g) => g.reached));
  expect(caseData(n).map((d) => d.kind)).toEqual(["pending", "pending"]); // no re-list in the delivery
  for (const g of gates) g.open();
  await Promise.all(apps.map((a) => a.skillops.queue.drain()));
  for (const a of apps) expect(a.skillops.queue.failures).toEqual([]);
  expect(caseData(n)).toEqual([expect.objectContaining({ kind: "case", acceptedBy: "mona" })]);
});

test("GraphQL failing for the write: the case is written the REST way, the issue read before it", async () => {
  let before = 0;
  const { n } = await acceptHolding(() => {
    double.failNext({ path: /graphql/, status: 502 });
    before = double.requests.length;
  });
  // The job's own requests: the dashboard's refresh (its list and write) interleaves with them.
  const job = double.requests
    .slice(before)
    .map((r) => `${r.method} ${r.path.split("?")[0]!.replace("/repos/acme/agent-skills", "")} ${r.status}`)
    .filter((r) => r.includes(`/issues/${n}`) || r.includes("/issues/comments/") || r.includes("graphql"));
  const comment = caseComments(n)[0]!;
  expect(job).toEqual([
    "POST /graphql 502",
    `GET /issues/${n} 200`,
    `GET /issues/${n}/comments 200`,
    `PATCH /issues/comments/${comment.id} 200`,
  ]);
  expect(caseData(n)).toEqual([expect.objectContaining({ kind: "case", acceptedBy: "mona" })]);
});
