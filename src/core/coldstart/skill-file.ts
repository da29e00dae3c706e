// The SKILL.md cold start writes for one segment: the writer's name, description, body, tags and
// refs, plus the back-links computed from the policy, and a note of what generated it (a visible
// "simulated" line in the body when the simulated endpoint wrote it).
import { renderSkillMd } from "../bank/render.js";
import type { BankFile } from "../bank/skill.js";
import type { SkillWriterAnswer } from "../llm/prompts/skill-writer.js";

export interface SkillFileInput {
  answer: SkillWriterAnswer;
  backLinks: readonly string[];
  /** e.g. `skillops coldstart, simulated model` or `skillops coldstart, model gpt-4o-mini`. */
  generatedBy: string;
  simulated: boolean;
}

const SIMULATED_NOTE =
  "<!-- simulated: written by skillops coldstart on the simulated model endpoint, not by a language model -->";

const joined = (items: readonly string[]) =>
  [...new Set(items.map((s) => s.trim()).filter(Boolean))].join(", ");

export function renderColdStartSkill(input: SkillFileInput): BankFile {
  const { answer } = input;
  const metadata: Record<string, string> = { policy: joined(input.backLinks) };
  const tags = joined(answer.tags.map((t) => t.replace(/,/g, " ")));
  if (tags) metadata.tags = tags;
  const refs = joined(answer.refs);
  if (refs) metadata.refs = refs;
  metadata.generated = input.generatedBy;
  const body = answer.body.trim();
  const text = renderSkillMd(
    { name: answer.name, description: answer.description.trim(), metadata },
    `\n${input.simulated ? `${SIMULATED_NOTE}\n\n` : ""}${body}\n`,
  );
  return { path: `${answer.name}/SKILL.md`, bytes: new TextEncoder().encode(text) };
}
