// The simulated auditor through the real OpenAI client (src/sim/endpoint/auditor.ts): it flags the
// constants it can see and the references that do not resolve, and nothing in a clean skill.
import { afterEach, describe, expect, it } from "vitest";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { modelAuditor } from "../../src/core/evolve/model-roles.js";
import type { AuditorInput } from "../../src/core/evolve/audit/auditor.js";
import { startSimEndpoint } from "../../src/sim/endpoint/server.js";
import { generateWorld } from "../../src/sim/generate.js";
import { CLOCK, connect, type Connected } from "./endpoint-support.js";

const SKILL = "---\nname: refunds\ndescription: Issue refunds.\n---\n# Refunds\n\n- Refund within 30 days.\n";
const base: AuditorInput = {
  name: "refunds",
  source: SKILL,
  files: ["SKILL.md", "scripts/window.py"],
  bankSkills: ["refunds", "bookings"],
  policies: [{ link: "policy.md#refunds", text: "Refunds are allowed within 30 days of purchase." }],
  traces: [
    {
      caseId: "case-7",
      task: "Refund booking H8Q05L of $1,786.",
      passed: true,
      skillsLoaded: ["refunds"],
      scriptsRun: [],
    },
  ],
};

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

async function audit(input: Partial<AuditorInput>) {
  const r = await modelAuditor(c!.model).audit({ ...base, ...input });
  expect(r.ok).toBe(true);
  return r.ok ? r.value : [];
}

describe("the simulated auditor through the real OpenAI client", () => {
  it("a clean skill, whose numbers the policy states and whose files exist, has no finding", async () => {
    c = await connect(generateWorld({ seed: 4, rules: 6 }));
    expect(await audit({ source: `${SKILL}- Run \`scripts/window.py\` first.\n` })).toEqual([]);
    expect(c.endpoint.requests.map((r) => r.role)).toEqual(["auditor"]);
    expect(c.endpoint.requests[0]!.usage.input).toBeGreaterThan(0);
    expect(c.problems).toEqual([]);
  });

  it("a traced case's id and amount are errors; a constant no trace holds is a warning", async () => {
    c = await connect(generateWorld({ seed: 4, rules: 6 }));
    const findings = await audit({
      source: `${SKILL}- Booking H8Q05L gets $1,786 back.\n- Use code ZX9Q2 here.\n`,
    });
    expect(findings).toEqual([
      expect.objectContaining({
        concern: "instance-constant",
        severity: "error",
        line: 8,
        evidence: expect.stringContaining('"H8Q05L" is a value of case case-7'),
      }),
      expect.objectContaining({
        concern: "instance-constant",
        severity: "error",
        line: 8,
        evidence: expect.stringContaining('"$1,786"'),
      }),
      expect.objectContaining({
        concern: "instance-constant",
        severity: "warning",
        line: 9,
        evidence: expect.stringContaining('"ZX9Q2"'),
      }),
    ]);
  });

  it("a missing script, a broken link and a refs skill the bank lacks are not self-contained", async () => {
    c = await connect(generateWorld({ seed: 4, rules: 6 }));
    const source = SKILL.replace(
      "description: Issue refunds.\n",
      "description: Issue refunds.\nmetadata:\n  refs: bookings, loyalty\n",
    ).concat("- Run `scripts/lookup.py`; see [the table](references/table.md).\n");
    const findings = await audit({ source });
    expect(findings.map((f) => [f.concern, f.line, f.evidence])).toEqual([
      ["not-self-contained", 5, 'metadata.refs names the skill "loyalty", which the bank does not have'],
      [
        "not-self-contained",
        10,
        '"scripts/lookup.py" is not among the skill\'s files, so a fresh agent cannot open it',
      ],
      [
        "not-self-contained",
        10,
        '"references/table.md" is not among the skill\'s files, so a fresh agent cannot open it',
      ],
    ]);
  });

  it("answers before a world is loaded: it reads only the request", async () => {
    const endpoint = await startSimEndpoint({ clock: CLOCK });
    try {
      const config = ModelsConfig.parse({ provider: "openai", baseURL: endpoint.baseURL, maxRetries: 0 });
      const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "sim-key" } });
      expect(await modelAuditor(model).audit(base)).toMatchObject({ ok: true, value: [] });
    } finally {
      await endpoint.close();
    }
  });
});
