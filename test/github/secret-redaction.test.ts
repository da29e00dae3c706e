// The app's side of "no secret leaves an input as text" (docs/security.md "Secrets in untrusted
// text"): a feedback issue holding every family of secret, accepted by a triager, gets a case
// comment with none of them and a line saying what was redacted; a frontier PR's body names a
// case's feedback without the secrets its diagnosis held, and says so.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { feedbackCaseView } from "../../src/core/github/feedback-case-view.js";
import { parseCaseComment } from "../../src/core/feedback/triage.js";
import { renderPrBody } from "../../src/core/render/pr-body/pr-body.js";
import { readMarker } from "../../src/records/markers.js";
import { deliver, issuesPayload } from "../support/github-double/index.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { ALL_SECRETS_TEXT, SECRET_FIXTURES } from "../support/secret-fixtures.js";
import { baseInput } from "./pr-fixtures.js";
import { BOT, startTriagedApp, type TriagedApp } from "./triaged-app.js";

const leaked = (text: string) => SECRET_FIXTURES.filter((f) => text.includes(f.secret)).map((f) => f.family);

describe("an accepted feedback issue", () => {
  let app: TriagedApp;
  beforeEach(async () => {
    app = await startTriagedApp();
  });
  afterEach(async () => {
    expect(app.skillops.queue.failures).toEqual([]);
    app.double.assertClean();
    await app.double.close();
  });

  it("becomes a case comment holding none of the reporter's secrets, saying which kinds were redacted", async () => {
    const { double, probot, skillops } = app;
    const n = double.state.openIssue({
      title: "Deploy help printed my config",
      body: formBody({
        did: `It echoed the whole config back:\n${ALL_SECRETS_TEXT}`,
        expected: 'Say "I cannot show credentials".',
        evidence: `Here is my config, what is wrong?\n${ALL_SECRETS_TEXT}`,
        category: "general",
      }),
      author: "customer-joe",
      labels: ["skillops:feedback"],
    }).number;
    double.state.labelIssue(n, "skillops:accepted", "mona");
    await deliver(
      probot,
      "issues",
      issuesPayload(double, "labeled", n, { sender: "mona", label: "skillops:accepted" }),
    );
    await skillops.queue.drain();
    const comment = double.state
      .commentsOn(n)
      .find((c) => c.user.login === BOT && readMarker(c.body, "case")?.data.kind === "case");
    expect(comment).toBeDefined();
    expect(leaked(comment!.body)).toEqual([]);
    expect(comment!.body).toContain("Secrets were redacted from this feedback");
    const c = parseCaseComment(comment!.body)!;
    expect(c.task.prompt).toContain("[redacted: GitHub token]");
    expect(c.provenance.redacted).toEqual(
      expect.arrayContaining(["GitHub token", "private key", "JSON Web Token"]),
    );
  });
});

describe("a frontier PR's body", () => {
  const token = SECRET_FIXTURES.find((f) => f.family === "GitHub ghs_")!;
  const pooled = (diagnosis: string, redacted?: string[]) =>
    Case.parse({
      id: "issue-12",
      category: "general",
      diagnosis,
      task: { prompt: "p", rubric: [{ type: "contains", value: "x" }] },
      provenance: {
        channel: "issue",
        issue: 12,
        created: "2026-11-30T00:00:00Z",
        ...(redacted ? { redacted } : {}),
      },
    });

  it("names a merged case's feedback without a secret its diagnosis still held, and says so", () => {
    const view = feedbackCaseView(pooled(`The agent pasted ${token.text} into its answer.`));
    const body = renderPrBody(baseInput({ fixed: [view], stillFailing: [] }));
    expect(body).not.toContain(token.secret);
    expect(body).toContain("The agent pasted [redacted: GitHub token] into its answer.");
    expect(body).toContain(
      "Secrets were redacted from the feedback of `issue-12` before skillops used it: GitHub token.",
    );
  });

  it("says what was redacted when the case was drafted, even with the case list left out", () => {
    const view = feedbackCaseView(
      pooled("The agent pasted [redacted: AWS access key ID].", ["AWS access key ID"]),
    );
    const body = renderPrBody(baseInput({ fixed: [view], stillFailing: [] }), 8500);
    expect(body).not.toContain("| `issue-12`"); // the case list was left out to fit
    expect(body).toContain("Secrets were redacted from the feedback of `issue-12`");
    expect(body).toContain("AWS access key ID");
  });
});
