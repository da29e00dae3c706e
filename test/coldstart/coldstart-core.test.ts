// The pure parts of cold start: GitHub-style heading anchors, and a segmenter answer that names a
// heading the file does not have (a real model can; the simulated one never does), sent through
// the real openai client against the HTTP double.
import { afterEach, describe, expect, it } from "vitest";
import { coldStart } from "../../src/core/coldstart/coldstart.js";
import { readHeadings } from "../../src/core/bank/policy-headings.js";
import { readPolicyDocument } from "../../src/core/coldstart/policy-document.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";

describe("readHeadings", () => {
  it("gives GitHub's anchors: lowercase, punctuation dropped, spaces to hyphens, repeats numbered", () => {
    const md = [
      "# Airline Agent Policy",
      "## Refunds & Compensation",
      "## Step 2: check the fare (class) ##",
      "```",
      "## not a heading, inside a fence",
      "```",
      "## Refunds & Compensation",
      "#no-space is not a heading",
    ].join("\n");
    expect(readHeadings(md).map((h) => [h.level, h.slug])).toEqual([
      [1, "airline-agent-policy"],
      [2, "refunds--compensation"],
      [2, "step-2-check-the-fare-class"],
      [2, "refunds--compensation-1"],
    ]);
  });
});

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

describe("coldStart with a segmenter that invents a heading", () => {
  it("refuses with the heading and the file named, before any skill is written", async () => {
    const segments = [{ title: "Refunds", activity: "a", steps: ["s"], headings: ["Refund Rules"] }];
    double = await startOpenAIDouble(() => ({ completion: { content: JSON.stringify({ segments }) } }));
    const model = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0 }), {
      env: { OPENAI_API_KEY: "k" },
    });
    const doc = readPolicyDocument("p.md", new TextEncoder().encode("# P\n\n## Refund rules\n- 30 days\n"));
    await expect(coldStart([doc], model, { simulated: false, generatedBy: "t" })).rejects.toThrow(
      'p.md: the segmenter\'s segment "Refunds" names the heading "Refund Rules", which the file does not have',
    );
    expect(double.requests).toHaveLength(1);
  });
});

describe("coldStart with a skill writer whose answer passes the schema but not the bank's rules", () => {
  const segments = [
    { title: "Refunds", activity: "a", steps: ["s"], headings: ["Refund rules"] },
    { title: "Fees", activity: "b", steps: ["t"], headings: ["Fees"] },
  ];
  const skill = (name: string, refs: string[]) => ({ name, description: "d", body: "# B", tags: [], refs });
  async function run(skills: unknown[]) {
    const answers = [{ segments }, ...skills];
    double = await startOpenAIDouble(() => ({ completion: { content: JSON.stringify(answers.shift()) } }));
    const model = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0 }), {
      env: { OPENAI_API_KEY: "k" },
    });
    const text = "# P\n\n## Refund rules\n- 30 days\n## Fees\n- none\n";
    return coldStart([readPolicyDocument("p.md", new TextEncoder().encode(text))], model, {
      simulated: false,
      generatedBy: "t",
    });
  }

  it("a name that is not a skill name: the problem, and no files", async () => {
    const r = await run([skill("Refund Rules", []), skill("fees", [])]);
    expect(r).toEqual({
      ok: false,
      problems: [
        "the skill writer named segment \"Refunds\" 'Refund Rules', which may only contain lowercase letters a-z, digits 0-9 and hyphens",
      ],
    });
  });

  it("a ref to a skill the bank does not have: the strict validator's error, and no files", async () => {
    const r = await run([skill("refunds", ["fees", "payments"]), skill("fees", [])]);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems).toEqual([
      expect.stringMatching(/^refunds\/SKILL\.md:\d+: error SKILL_REF_UNKNOWN .*'payments'/),
    ]);
  });
});
