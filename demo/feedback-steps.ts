// Demo steps on the feedback side: people file the example feedback issues through the issue form,
// a maintainer accepts them, and the app turns each into a case (or into knowledge for a skill).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import type { Case } from "../src/records/case.js";
import { parseCaseComment } from "../src/core/feedback/triage.js";
import { collectAcceptedCases } from "../src/apps/app/intake/accepted-sweep.js";
import { KNOWLEDGE_BRANCH } from "../src/apps/app/intake/knowledge-pr.js";
import { readMarker } from "../src/records/markers.js";
import { deliver, issuesPayload } from "../test/support/github-double/index.js";
import { pullsOf } from "../test/support/github-double/pulls.js";
import type { Narrator } from "./narrator.js";
import { BOT, MAINTAINER, REPORTER, type Stage } from "./stage.js";

export const ExampleIssue = z.object({
  file: z.string(),
  title: z.string(),
  /** The τ²-bench task the report is derived from; absent for advice written for the demo. */
  tau2Task: z.number().int().optional(),
  /** Only for issues that become cases: what the simulated world needs to act on them. */
  simulation: z
    .object({ skill: z.string(), clause: z.string(), words: z.tuple([z.string(), z.string(), z.string()]) })
    .optional(),
});
export type ExampleIssue = z.infer<typeof ExampleIssue>;

export interface Filed {
  number: number;
  example: ExampleIssue;
}

export async function readExampleIssues(root: string): Promise<{ issue: ExampleIssue; body: string }[]> {
  const dir = join(root, "examples/feedback");
  const list = z.array(ExampleIssue).parse(JSON.parse(await readFile(join(dir, "issues.json"), "utf8")));
  return Promise.all(
    list.map(async (issue) => ({ issue, body: await readFile(join(dir, issue.file), "utf8") })),
  );
}

/** A field of the rendered form, for the narration only; GitHub writes "_No response_" for an empty one. */
const field = (body: string, heading: string) => {
  const value = new RegExp(`### ${heading}[^\\n]*\\n+([^\\n]+)`).exec(body)?.[1]?.trim() ?? "";
  return value === "_No response_" ? "no skill named" : value;
};

export async function fileFeedback(
  stage: Stage,
  n: Narrator,
  examples: { issue: ExampleIssue; body: string }[],
): Promise<Filed[]> {
  n.step("Feedback filed as GitHub issues (the issue form)");
  const filed: Filed[] = [];
  for (const { issue, body } of examples) {
    const record = stage.double.state.openIssue({
      title: issue.title,
      body,
      author: REPORTER,
      labels: ["skillops:feedback"],
    });
    await deliver(stage.probot, "issues", issuesPayload(stage.double, "opened", record.number));
    filed.push({ number: record.number, example: issue });
    n.say(
      `#${record.number}  ${issue.title}  [${field(body, "Category")} · ${field(body, "Skill")}] by @${REPORTER}`,
    );
  }
  await stage.skillops.queue.drain();
  const quiet = filed.every((f) => stage.double.state.commentsOn(f.number).length === 0);
  n.say("A complete form waits quietly for a maintainer: no comment, one line on the dashboard.");
  n.check(quiet, "the app commented on a complete feedback form before anyone accepted it");
  return filed;
}

/** Someone without triage permission labels an issue accepted: the app takes no case from it. */
export async function tryUnauthorisedAcceptance(stage: Stage, n: Narrator, issue: number): Promise<void> {
  stage.double.state.labelIssue(issue, "skillops:accepted", REPORTER);
  await deliver(
    stage.probot,
    "issues",
    issuesPayload(stage.double, "labeled", issue, { sender: REPORTER, label: "skillops:accepted" }),
  );
  await stage.skillops.queue.drain();
  const comments = stage.double.state.commentsOn(issue).filter((c) => c.user.login === BOT);
  const caseComment = comments.some((c) => readMarker(c.body, "case"));
  n.say(
    `@${REPORTER} (read access) labels #${issue} skillops:accepted → the app checks the permission through the API and refuses; no case.`,
  );
  n.check(
    !caseComment && !stage.double.state.issue(issue).labels.includes("skillops:accepted"),
    "an acceptance by a reader produced a case or kept its label",
  );
}

export async function acceptFeedback(stage: Stage, n: Narrator, filed: Filed[]): Promise<Case[]> {
  n.step(`Triage: @${MAINTAINER} accepts each issue (label skillops:accepted)`);
  await tryUnauthorisedAcceptance(stage, n, filed[0]!.number);
  for (const f of filed) {
    stage.double.state.labelIssue(f.number, "skillops:accepted", MAINTAINER);
    await deliver(
      stage.probot,
      "issues",
      issuesPayload(stage.double, "labeled", f.number, { sender: MAINTAINER, label: "skillops:accepted" }),
    );
  }
  await stage.skillops.queue.drain();
  n.check(
    stage.skillops.queue.failures.length === 0,
    `background work failed: ${stage.skillops.queue.failures.map(String).join("; ")}`,
  );
  for (const f of filed) {
    const own = stage.double.state
      .commentsOn(f.number)
      .filter((c) => c.user.login === BOT && readMarker(c.body, "case"));
    n.check(own.length === 1, `#${f.number} should have exactly one case comment, has ${own.length}`);
    const kase = parseCaseComment(own[0]!.body);
    const knowledge = readMarker(own[0]!.body, "case")?.data.kind === "knowledge";
    if (kase)
      n.say(
        `#${f.number} → case ${kase.id} (${kase.category}; rubric: ${kase.task.rubric.map((r) => r.type).join(", ")}), posted as one comment`,
      );
    else if (knowledge)
      n.say(
        `#${f.number} → advice with no reproducible input: experiential knowledge for the skill, not a case`,
      );
    else n.check(false, `#${f.number}: the case comment holds neither a case nor knowledge`);
  }
  const knowledgePull = [...pullsOf(stage.double).values()].find((p) => p.headRef === KNOWLEDGE_BRANCH);
  if (filed.some((f) => !f.example.simulation)) {
    n.check(knowledgePull !== undefined, "accepted advice did not open the rolling knowledge PR");
    const title = stage.double.state.issue(knowledgePull!.number).title;
    n.say(
      `the advice goes into knowledge.md through one rolling PR: #${knowledgePull!.number} "${title}" (append-only, with provenance)`,
    );
  }
  const used = stage.ledger.byRole();
  n.say(
    `converted by the app's model converter through the real OpenAI client: ${used.classifier?.calls ?? 0} classifier and ${used.converter?.calls ?? 0} converter requests to the simulated endpoint`,
  );
  n.check(
    Boolean(used.converter?.calls),
    "the model converter sent no request: the template converter ran instead",
  );
  const cases = await collectAcceptedCases(stage.botRepo(), BOT);
  n.say(`${cases.length} accepted case(s) wait for the next evolution run.`);
  n.check(cases.length > 0, "no accepted case came out of triage");
  return cases;
}
