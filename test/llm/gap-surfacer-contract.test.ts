// The gap surfacer's contract run (its schema's strict-mode check is in role-contracts.test.ts):
// through the real `openai` client against the HTTP double, the request carries the strict schema,
// a scripted answer valid against that very schema comes back as a draft policy case.
import { Ajv } from "ajv";
import { zodResponseFormat } from "openai/helpers/zod";
import { afterEach, expect, it } from "vitest";
import { readClauses } from "../../src/core/coldstart/coverage.js";
import { draftGapCases } from "../../src/core/coldstart/gap-cases.js";
import { readPolicyDocument } from "../../src/core/coldstart/policy-document.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { GAP_SURFACER_SCHEMA_NAME, GapSurfacerAnswer } from "../../src/core/llm/prompts/gap-surfacer.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

const ANSWER = {
  diagnosis: "No skill states the 30-day refund window.",
  prompt: "Can I get a refund after 40 days?",
  rubric: [{ type: "contains", value: "30 days", path: null, ignoreCase: true }],
  skill: "refunds",
};
const NOW = "2026-11-30T03:00:00Z";

it("gap surfacer (draftGapCases): a draft policy case with the clause's back-link", async () => {
  const ajv = new Ajv({ strict: false });
  const invalid: string[] = [];
  const formats: unknown[] = [];
  double = await startOpenAIDouble((req) => {
    const format = (req.body as { response_format?: { json_schema: { schema: object } } }).response_format;
    formats.push(format);
    if (!ajv.validate(format?.json_schema.schema ?? {}, ANSWER)) invalid.push(ajv.errorsText());
    return { completion: { content: JSON.stringify(ANSWER) } };
  });
  const config = ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0 });
  const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" } });
  const doc = readPolicyDocument("policy.md", new TextEncoder().encode("# Policy\n\n## Refunds\n30 days.\n"));
  const clauses = readClauses(doc).filter((c) => c.heading.slug === "refunds");
  const skills = [{ name: "refunds", description: "Refunds.", policy: [] }];
  const [c] = await draftGapCases(clauses, model, { now: NOW, simulated: false, skills });
  expect(c).toMatchObject({
    id: "policy-policy-refunds",
    category: "refunds",
    skills: ["refunds"],
    task: { rubric: [{ type: "contains", value: "30 days", ignoreCase: true }] },
    provenance: { channel: "policy", policy: "policy.md#refunds", draft: true, created: NOW },
  });
  expect(c!.provenance.simulated).toBeUndefined();
  const expected = zodResponseFormat(GapSurfacerAnswer as never, GAP_SURFACER_SCHEMA_NAME).json_schema;
  expect(formats).toEqual([{ type: "json_schema", json_schema: expected }]);
  expect(model.ledger.byRole()).toMatchObject({ "gap-surfacer": { calls: 1 } });
  expect(double.requests.flatMap((r) => r.errors)).toEqual([]);
  expect(double.scriptErrors).toEqual([]);
  expect(invalid).toEqual([]);
});
