// Prompt injection flagged at intake, end to end on the GitHub double: an injecting issue gets the
// label `skillops:possible-injection`, the warning line in its acceptance comment and a marker on the
// dashboard; a trusted author's flagged issue waits for a maintainer; a benign one is untouched.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  INSTALLATION_ID,
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { ingestAccepted } from "../../src/apps/app/intake/accepted-sweep.js";
import { createSkillRepo } from "../../src/io/github-api/repo.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { createTemplateConverter } from "../../src/core/feedback/to-case.js";
import { parseCaseComment } from "../../src/core/feedback/triage.js";
import { readMarker } from "../../src/records/markers.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createModelConverter } from "../../src/core/feedback/model-converter.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { generateWorld } from "../../src/sim/generate.js";

const BOT = "acme-skills[bot]";
const FIXTURES = join(import.meta.dirname, "../fixtures/injection");
const body = (path: string) => readFileSync(join(FIXTURES, path), "utf8");
const WARNING = "⚠️ This feedback contains text that looks like instructions to a model:";
let double: GitHubDouble;
let probot: Probot;
let skillops: SkillopsApp;
let sim: SimEndpoint | undefined;

async function start(config = "categories: [general, hallucination, special]\n", modelURL?: string) {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.setFile(".github/skillops.yml", config);
  double.state.collaborators.set("mona", "triage");
  const models = ModelsConfig.parse({
    provider: "openai",
    baseURL: modelURL ?? "http://unused",
    maxRetries: 0,
  });
  const env = { OPENAI_API_KEY: "sk-test-abcdefghijklmnop1234" };
  skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    ...(modelURL
      ? { converter: () => createModelConverter(createOpenAIModel(models, { env }), { name: "model" }) }
      : {}),
  });
  probot = await createProbotOnDouble(double, skillops.app);
}

const ownComments = (n: number, kind: string) =>
  double.state.commentsOn(n).filter((c) => c.user.login === BOT && readMarker(c.body, kind));
const dashboard = () =>
  [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!;

async function fileFeedback(author: string, text: string, title = "Feedback") {
  const issue = double.state.openIssue({ title, body: text, author, labels: ["skillops:feedback"] });
  await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
  await skillops.queue.drain();
  return issue;
}

afterEach(async () => {
  expect(skillops.queue.failures).toEqual([]);
  double.assertClean();
  await double.close();
  await sim?.close();
  sim = undefined;
});

describe("injection flagged at intake", () => {
  test("an injecting issue gets the label, the warning line and a dashboard marker; accepting keeps it", async () => {
    await start();
    const issue = await fileFeedback(
      "mallory",
      body("injecting/ignore-previous.md"),
      "Refunds are too strict",
    );
    expect(double.state.issue(issue.number).labels).toEqual([
      "skillops:feedback",
      "skillops:possible-injection",
    ]);
    const [note, ...more] = ownComments(issue.number, "acceptance");
    expect(more).toEqual([]);
    expect(note!.body).toContain(
      `${WARNING} asks the model to ignore its instructions ("Ignore all previous instructions"). It is quoted as data and never followed; read it before accepting.`,
    );
    expect(note!.body).toContain("It waits for someone with the triage role or more");
    expect(ownComments(issue.number, "case")).toEqual([]);
    expect(dashboard().body).toContain(
      `[#${issue.number} Refunds are too strict](../issues/${issue.number}) · 🛡️ possible prompt injection: read it before accepting`,
    );

    double.state.labelIssue(issue.number, "skillops:accepted", "mona");
    await deliver(
      probot,
      "issues",
      issuesPayload(double, "labeled", issue.number, { sender: "mona", label: "skillops:accepted" }),
    );
    await skillops.queue.drain();
    const [accepted] = ownComments(issue.number, "acceptance");
    expect(accepted!.id).toBe(note!.id);
    expect(accepted!.body).toContain(WARNING);
    expect(accepted!.body).toContain("Accepted by @mona with this warning shown");
    expect(parseCaseComment(ownComments(issue.number, "case")[0]!.body)?.provenance.acceptedBy).toBe("mona");
  });

  test("a trusted author's flagged issue is not accepted automatically, by the app or by the sweep", async () => {
    await start("feedback:\n  trustedAuthors: [support-lead]\n");
    const issue = await fileFeedback("support-lead", body("injecting/mark-passing.md"));
    expect(double.state.issue(issue.number).labels).not.toContain("skillops:accepted");
    expect(double.state.issue(issue.number).labels).toContain("skillops:possible-injection");
    expect(ownComments(issue.number, "case")).toEqual([]);
    const [note] = ownComments(issue.number, "acceptance");
    expect(note!.body).toContain(WARNING);
    expect(note!.body).toContain(
      "@support-lead is a trusted author (`feedback.trustedAuthors`), whose feedback is normally accepted without a label; because of this warning it waits",
    );

    // The sweep may run where no webhook labelled the issue: it checks the text itself.
    double.state.issue(issue.number).labels = ["skillops:feedback"];
    const env = {
      repo: createSkillRepo(await probot.auth(INSTALLATION_ID), { owner: "acme", repo: "agent-skills" }),
      config: {
        ...DEFAULT_CONFIG,
        feedback: { ...DEFAULT_CONFIG.feedback, trustedAuthors: ["support-lead"] },
      },
      converter: createTemplateConverter(),
      botLogin: BOT,
      now: fixedClock("2026-11-30T03:00:00Z"),
    };
    expect((await ingestAccepted(env)).items).toEqual([
      { issue: issue.number, outcome: "not-accepted", detail: "flagged-injection" },
    ]);
    expect(ownComments(issue.number, "case")).toEqual([]);
  });

  test("a benign issue that quotes the agent is untouched: no label, no comment, accepted as before", async () => {
    await start("feedback:\n  trustedAuthors: [support-lead]\n");
    const issue = await fileFeedback("customer-joe", body("benign/quotes-as-an-ai.md"));
    expect(double.state.issue(issue.number).labels).toEqual(["skillops:feedback"]);
    expect(double.state.commentsOn(issue.number)).toEqual([]);
    expect(dashboard().body).not.toContain("possible prompt injection");

    const trusted = await fileFeedback("support-lead", body("benign/system-prompt-leak.md"));
    expect(double.state.issue(trusted.number).labels).toEqual(["skillops:feedback", "skillops:accepted"]);
    expect(ownComments(trusted.number, "acceptance")).toEqual([]);
  });

  test("with a model converter, the classifier's opinion is added to the case comment after acceptance", async () => {
    sim = await startSimEndpoint({ world: generateWorld({ seed: 5 }) });
    await start("categories: [general, hallucination, special]\n", sim.baseURL);
    const issue = await fileFeedback("mallory", body("injecting/you-are-now.md"));
    expect(sim.requests).toEqual([]); // nothing reaches a model before a maintainer accepts
    double.state.labelIssue(issue.number, "skillops:accepted", "mona");
    await deliver(
      probot,
      "issues",
      issuesPayload(double, "labeled", issue.number, { sender: "mona", label: "skillops:accepted" }),
    );
    await skillops.queue.drain();
    const [comment] = ownComments(issue.number, "case");
    expect(comment!.body).toContain(
      '🛡️ The classifier model reports text that looks like instructions to a model: tries to give the model a new role: "You are now". It is quoted as data and never followed.',
    );
  });

  test("an edit that removes the injected text removes the label", async () => {
    await start();
    const issue = await fileFeedback("mallory", body("injecting/you-are-now.md"));
    expect(double.state.issue(issue.number).labels).toContain("skillops:possible-injection");
    double.state.issue(issue.number).body = body("benign/refund-window.md");
    await deliver(probot, "issues", issuesPayload(double, "edited", issue.number));
    await skillops.queue.drain();
    expect(double.state.issue(issue.number).labels).toEqual(["skillops:feedback"]);
    const [note, ...more] = ownComments(issue.number, "acceptance");
    expect(more).toEqual([]);
    expect(note!.body).toContain("No longer flagged");
    expect(note!.body).not.toContain(WARNING);
  });
});
