// No secret from a trace, a tool result or a feedback report reaches a prompt or a drafted case
// (docs/security.md "Secrets in untrusted text"): every family of secret is fed through each
// channel, over the simulated endpoint and the real OpenAI client, and the requests the model
// received and every case drafted are searched for it. The drafts say what was redacted.
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ModelsConfig } from "../../src/core/config/config.js";
import { TraceRecord } from "../../src/core/evaluate/trace-record.js";
import { analyseTraces } from "../../src/core/feedback/trajectory-cases.js";
import { createModelConverter } from "../../src/core/feedback/model-converter.js";
import { createTemplateConverter, type FeedbackSource } from "../../src/core/feedback/to-case.js";
import { convertRedacted } from "../../src/core/feedback/redact-feedback.js";
import { triageBacklog } from "../../src/core/feedback/backlog-triage.js";
import { renderCaseComment } from "../../src/core/feedback/triage.js";
import { renderTraceIssue } from "../../src/core/github/trace-issues.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { runCli } from "../cli/run-cli.js";
import { ALL_SECRETS_TEXT, SECRET_FIXTURES } from "../support/secret-fixtures.js";

let endpoint: SimEndpoint;
let bodies: string[];
beforeEach(async () => {
  endpoint = await startSimEndpoint({});
  bodies = [];
});
afterEach(async () => {
  await endpoint.close();
});

function recordingModel() {
  const capture: typeof fetch = async (url, init) => {
    bodies.push(String(init?.body ?? ""));
    return fetch(url, init);
  };
  const config = ModelsConfig.parse({ baseURL: endpoint.baseURL, maxRetries: 0 });
  return createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, fetch: capture });
}

/** Every fixture whose secret appears in `text`, by family: what must be empty. */
const leaked = (text: string) => SECRET_FIXTURES.filter((f) => text.includes(f.secret)).map((f) => f.family);
const ALL_KINDS = [...new Set(SECRET_FIXTURES.map((f) => f.kind))].sort();

/** A trace whose user turn and tool results (a file read, a failing call, a call's output) hold every secret. */
function secretTrace(where: "user" | "tools"): TraceRecord {
  const inUser = where === "user" ? `\n${ALL_SECRETS_TEXT}` : "";
  const inTool = where === "tools" ? ALL_SECRETS_TEXT : "nothing here";
  return TraceRecord.parse({
    case: "deploy-help-3",
    outcome: "fail",
    skillsAvailable: ["deploy"],
    messages: [
      { role: "user", content: `Why does the deploy fail? Read config.env.${inUser}` },
      ...["c1", "c2", "c3"].map((id, i) => ({
        role: "assistant",
        content: null,
        tool_calls: [
          {
            id,
            type: "function",
            function:
              i === 0
                ? { name: "read_file", arguments: '{"path":"config.env"}' }
                : { name: "run", arguments: "{}" },
          },
        ],
      })),
      { role: "tool", tool_call_id: "c1", content: inTool },
      { role: "tool", tool_call_id: "c2", content: `error: request refused\n${inTool}` },
      { role: "tool", tool_call_id: "c3", content: `exit 1\n${inTool}` },
      { role: "assistant", content: "The deploy fails on 42 retries." },
    ],
  });
}

describe("the trajectory channel", () => {
  it.each(["user", "tools"] as const)(
    "redacts every family of secret in the %s turn(s) before the analyst's prompt and the drafted cases",
    async (where) => {
      const [out] = await analyseTraces(recordingModel(), [{ record: secretTrace(where), line: 1 }], {
        file: "t.jsonl",
        now: "2026-12-01T00:00:00Z",
        categories: ["general"],
      });
      if (out?.kind !== "cases") throw new Error(`no cases: ${JSON.stringify(out)}`);
      expect(out.cases.length).toBeGreaterThan(0);
      expect(bodies.length).toBeGreaterThan(0);
      expect(leaked(bodies.join("\n"))).toEqual([]);
      expect(bodies.join("\n")).toContain("[redacted: GitHub token]");
      for (const c of out.cases) {
        expect(leaked(JSON.stringify(c))).toEqual([]);
        expect(c.provenance.redacted).toEqual(ALL_KINDS.concat(["Bearer token"]).sort());
      }
      // The issue `--issues` would open for each case says so too, and holds none of them.
      for (const c of out.cases) {
        const issue = renderTraceIssue(c);
        expect(leaked(issue.title + issue.body)).toEqual([]);
        expect(issue.body).toContain("Secrets were redacted from this trace");
        expect(issue.body).toContain("GitHub token");
      }
    },
  );

  it("skillops ingest --traces writes case files with none of the secrets, each saying what was redacted", async () => {
    const dir = await mkdtemp(join(tmpdir(), "skillops-secret-traces-"));
    try {
      await writeFile(join(dir, "t.jsonl"), `${JSON.stringify(secretTrace("tools"))}\n`);
      const r = await runCli(["ingest", "--traces", "t.jsonl", "--out", "drafts", "--json"], dir);
      expect(r.code).toBe(0);
      expect(leaked(r.stdout + r.stderr)).toEqual([]);
      const files = await readdir(join(dir, "drafts/general"));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) {
        const text = await readFile(join(dir, "drafts/general", f), "utf8");
        expect(leaked(text)).toEqual([]);
        expect(text).toMatch(/redacted:\n(?: {4}- .+\n)+/);
      }
      const plain = await runCli(["ingest", "--traces", "t.jsonl", "--out", "drafts2"], dir);
      expect(plain.stdout).toContain("🔒 secrets redacted from this trace: ");
      expect(leaked(plain.stdout + plain.stderr)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const source = (over: Partial<FeedbackSource["form"]> = {}): FeedbackSource => ({
  issue: 7,
  url: "https://github.com/acme/agent-skills/issues/7",
  title: `Deploy broke (${SECRET_FIXTURES[9]!.text})`,
  author: "customer-joe",
  acceptedBy: "mona",
  form: {
    did: `It printed the config:\n${ALL_SECRETS_TEXT}`,
    expected: 'Say "never print credentials".',
    evidence: `Run the deploy with this config:\n${ALL_SECRETS_TEXT}`,
    category: "general",
    ...over,
  },
});

describe("the feedback channel", () => {
  it("the model converter's prompts and its case hold none of the reporter's secrets", async () => {
    const conversion = await convertRedacted(
      createModelConverter(recordingModel()),
      source(),
      "2026-12-01T00:00:00Z",
    );
    if (conversion.kind !== "case") throw new Error(JSON.stringify(conversion));
    expect(bodies.length).toBe(2); // the classifier, then the converter
    expect(leaked(bodies.join("\n"))).toEqual([]);
    expect(leaked(JSON.stringify(conversion))).toEqual([]);
    expect(conversion.case.provenance.redacted).toEqual(ALL_KINDS.concat(["Bearer token"]).sort());
    const comment = renderCaseComment(conversion, source(), "model");
    expect(leaked(comment)).toEqual([]);
    expect(comment).toContain("Secrets were redacted from this feedback");
  });

  it("the template converter's case and knowledge entry hold none of them", async () => {
    const converter = createTemplateConverter();
    const asCase = await convertRedacted(converter, source(), "2026-12-01T00:00:00Z");
    expect(asCase.kind).toBe("case");
    expect(leaked(JSON.stringify(asCase))).toEqual([]);
    const advice = await convertRedacted(
      converter,
      source({ evidence: "none", skill: "deploy", expected: `Always rotate ${SECRET_FIXTURES[0]!.text}` }),
      "2026-12-01T00:00:00Z",
    );
    if (advice.kind !== "knowledge") throw new Error(JSON.stringify(advice));
    expect(leaked(JSON.stringify(advice))).toEqual([]);
    expect(advice.redacted).toContain("OpenAI API key");
  });

  it("ingest --backlog's triage keeps the kinds through its relabelling, and its titles are redacted", async () => {
    const [out] = await triageBacklog(
      [{ line: 1, item: { title: source().title, body: source().form.did, evidence: ALL_SECRETS_TEXT } }],
      createTemplateConverter(),
      { file: "backlog.jsonl", now: "2026-12-01T00:00:00Z", defaultCategory: "general" },
    );
    if (out?.kind !== "case") throw new Error(JSON.stringify(out));
    expect(leaked(JSON.stringify(out))).toEqual([]);
    expect(out.case.provenance.channel).toBe("backlog");
    expect(out.case.provenance.redacted).toContain("GitHub token");
  });
});
