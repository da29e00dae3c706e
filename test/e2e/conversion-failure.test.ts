// A conversion that fails says so on the issue: the app, with the model converter pointed at an
// OpenAI-compatible endpoint over HTTP (the OpenAI double, or the simulated endpoint misbehaving),
// on the GitHub double. The case comment leaves "⏳ Converting…" for the reason, the label
// `skillops:conversion-failed` is set, the dashboard lists the issue, and re-adding the label
// `skillops:accepted` after the endpoint recovers turns it into a case.
import { afterEach, describe, expect, test } from "vitest";
import type { Probot } from "probot";
import {
  createGitHubDouble,
  createProbotOnDouble,
  deliver,
  issuesPayload,
  type GitHubDouble,
} from "../support/github-double/index.js";
import { startOpenAIDouble, type OpenAIDouble, type RecordedRequest } from "../support/openai-double.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createModelConverter } from "../../src/core/feedback/model-converter.js";
import { parseCaseComment } from "../../src/core/feedback/triage.js";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { readMarker } from "../../src/records/markers.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { generateWorld } from "../../src/sim/generate.js";
import { formBody } from "../support/github-double/feedback-form.js";
import { fixedClock } from "../../src/vocabulary/clock.js";

const BOT = "acme-skills[bot]";
const KEY = "sk-test-abcdefghijklmnop1234";
const REFUND = {
  did: "It told the customer that refunds are possible within 60 days.",
  expected: 'It should say "30 days".',
  evidence: "Customer: I bought a ticket 40 days ago, can I still get a refund?",
  category: "hallucination",
  skill: "refund-policy",
};

let double: GitHubDouble;
let probot: Probot;
let skillops: SkillopsApp;
let openai: OpenAIDouble | undefined;
let sim: SimEndpoint | undefined;

async function start(baseURL: string): Promise<void> {
  double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.setFile(".github/skillops.yml", "categories: [general, hallucination]\n");
  double.state.collaborators.set("mona", "triage");
  const models = ModelsConfig.parse({ provider: "openai", baseURL, maxRetries: 0 });
  skillops = createSkillopsApp({
    now: fixedClock("2026-11-30T03:00:00Z"),
    converter: () =>
      createModelConverter(createOpenAIModel(models, { env: { OPENAI_API_KEY: KEY } }), {
        name: "model gpt-4o-mini",
      }),
  });
  probot = await createProbotOnDouble(double, skillops.app);
}

afterEach(async () => {
  double.assertClean();
  await double.close();
  await openai?.close();
  await sim?.close();
  openai = sim = undefined;
});

async function fileAndAccept(): Promise<number> {
  const issue = double.state.openIssue({
    title: "Refund window is wrong",
    body: formBody(REFUND),
    author: "customer-joe",
    labels: ["skillops:feedback"],
  });
  await deliver(probot, "issues", issuesPayload(double, "opened", issue.number));
  await skillops.queue.drain();
  await accept(issue.number);
  return issue.number;
}

async function accept(number: number): Promise<void> {
  double.state.labelIssue(number, "skillops:accepted", "mona");
  await deliver(
    probot,
    "issues",
    issuesPayload(double, "labeled", number, { sender: "mona", label: "skillops:accepted" }),
  );
  await skillops.queue.drain();
}

const caseComment = (n: number) =>
  double.state.commentsOn(n).filter((c) => c.user.login === BOT && readMarker(c.body, "case"));
const dashboardBody = () =>
  [...double.state.issues.values()].find((i) => i.labels.includes("skillops:dashboard"))!.body ?? "";

/** Answers the classifier and converter roles by the structured output's schema name. */
function goodAnswer(req: RecordedRequest) {
  const name = (req.body as { response_format?: { json_schema?: { name?: string } } }).response_format
    ?.json_schema?.name;
  const value =
    name === "classification"
      ? { kind: "case", reason: "a reproducible input", advice: null, injection: null }
      : {
          diagnosis: "Quoted a 60-day refund window.",
          prompt: REFUND.evidence,
          rubric: [{ type: "contains", value: "30 days", path: null, ignoreCase: true }],
        };
  return { completion: { content: JSON.stringify(value), usage: { input: 50, output: 20 } } };
}

describe("a conversion that fails says so on the issue", () => {
  test("an endpoint answering 401: the reason (no key) in the case comment, the label, the dashboard; re-accepting after it recovers gives the case", async () => {
    let rejecting = true;
    openai = await startOpenAIDouble((req) =>
      rejecting
        ? {
            status: 401,
            json: {
              error: {
                message: `Incorrect API key provided: ${KEY}.`,
                type: "invalid_request_error",
                param: null,
                code: "invalid_api_key",
              },
            },
          }
        : goodAnswer(req),
    );
    await start(openai.baseURL);
    const n = await fileAndAccept();

    const [failed, ...more] = caseComment(n);
    expect(more).toEqual([]);
    expect(failed!.body).toContain("Could not turn this feedback into a test case");
    expect(failed!.body).toContain("rejected the API key (401)");
    expect(failed!.body).not.toContain("Converting");
    expect(failed!.body).not.toContain(KEY);
    expect(failed!.body).not.toMatch(/\n\s+at /); // no stack
    expect(readMarker(failed!.body, "case")!.data).toMatchObject({ kind: "failed", acceptedBy: "mona" });
    expect(double.state.issue(n).labels).toContain("skillops:conversion-failed");
    expect(dashboardBody()).toContain("## Could not be converted (1)");
    expect(dashboardBody()).toContain(`[#${n} Refund window is wrong](../issues/${n})`);
    expect(dashboardBody()).not.toContain("Accepted, waiting for a run");

    // The endpoint recovers; a triager removes and re-adds the accepted label.
    rejecting = false;
    const issue = double.state.issue(n);
    issue.labels = issue.labels.filter((l) => l !== "skillops:accepted");
    await accept(n);
    const [fixed, ...others] = caseComment(n);
    expect(others).toEqual([]);
    expect(fixed!.id).toBe(failed!.id); // the same comment, edited in place
    expect(parseCaseComment(fixed!.body)).toMatchObject({ id: `issue-${n}`, category: "hallucination" });
    expect(double.state.issue(n).labels).not.toContain("skillops:conversion-failed");
    expect(dashboardBody()).not.toContain("Could not be converted");
    expect(dashboardBody()).toContain(`case \`issue-${n}\``);
    expect(openai.scriptErrors).toEqual([]);
    expect(openai.requests.every((r) => r.errors.length === 0)).toBe(true);
    expect(skillops.queue.failures).toEqual([]);
  });

  test("the simulated endpoint answering garbage: the converter's failure is on the issue, not stuck at converting", async () => {
    sim = await startSimEndpoint({ world: generateWorld({ seed: 5 }) });
    sim.misbehave({ kind: "garbage", role: "classifier", times: 1000 });
    await start(sim.baseURL);
    const n = await fileAndAccept();
    const [comment] = caseComment(n);
    expect(comment!.body).toContain("Could not turn this feedback into a test case");
    expect(comment!.body).toContain("the classifier gave no usable answer");
    expect(comment!.body).not.toContain("Converting");
    expect(double.state.issue(n).labels).toContain("skillops:conversion-failed");
    expect(dashboardBody()).toContain("## Could not be converted (1)");
    expect(sim.requests.some((r) => r.misbehaved === "garbage")).toBe(true);
  });
});
