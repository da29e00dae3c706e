// The demo's inputs for simulated-world tests: the example feedback issues converted by the template
// converter, with the simulated fix each one names, and the example bank's skills.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Case } from "../../src/records/case.js";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { parseFeedbackForm } from "../../src/core/feedback/issue-form.js";
import { createTemplateConverter } from "../../src/core/feedback/to-case.js";
import { loadBankFromFolder } from "../../src/io/fsio/load-bank.js";
import type { FeedbackFix } from "../../src/sim/feedback-world.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const examples = JSON.parse(readFileSync(join(ROOT, "examples/feedback/issues.json"), "utf8")) as {
  file: string;
  title: string;
  simulation: Omit<FeedbackFix, "caseId">;
}[];

export async function feedback(): Promise<{ cases: Case[]; fixes: FeedbackFix[] }> {
  const converter = createTemplateConverter();
  const cases: Case[] = [];
  const fixes: FeedbackFix[] = [];
  for (const [i, ex] of examples.entries()) {
    const parsed = parseFeedbackForm(readFileSync(join(ROOT, "examples/feedback", ex.file), "utf8"), {
      categories: DEFAULT_CONFIG.categories,
      maxBodyChars: 20_000,
    });
    if (!parsed.ok) throw new Error(parsed.problems.join("; "));
    const source = {
      issue: i + 1,
      url: `https://example.test/issues/${i + 1}`,
      title: ex.title,
      author: "reporter",
      acceptedBy: "maintainer",
      form: parsed.form,
    };
    const out = await converter.convert(source, "2026-11-30T00:00:00.000Z");
    if (out.kind !== "case") continue; // advice without an input goes to knowledge.md, not the world
    cases.push(out.case);
    fixes.push({ caseId: out.case.id, ...ex.simulation });
  }
  return { cases, fixes };
}

export const bankSkills = async () =>
  (await loadBankFromFolder(join(ROOT, "skill-bank"))).bank.skills.map((s) => ({
    name: s.name,
    source: s.source,
  }));
