// What the simulated agent reads for a case, shared by the in-process agent (agent.ts) and the
// endpoint agent (endpoint/agent.ts): the rule's home skill when the task names the rule's words or
// shares a word with its description, any skill whose description shares two words with the task,
// and of the home skill only the overview, the section the rule lives in and the rules section. So a
// run's trace, and its failures, concentrate on the skill and section a rule lives in (the signal
// fault localisation needs).
import { findSection, splitSections } from "../core/bank/sections.js";
import { contentWords } from "./world-index.js";
import type { Rule, World } from "./world.js";

/** The `##` section the generator and the simulated rewriter write a skill's rules into. */
export const RULES_SECTION = "Checks";

export interface ListedSkill {
  name: string;
  description: string;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

export function skillsToRead(
  rule: Rule | undefined,
  prompt: string,
  skills: readonly ListedSkill[],
): string[] {
  const words = contentWords(prompt);
  const lowered = prompt.toLowerCase();
  return skills
    .filter((s) => {
      const shared = overlap(words, contentWords(`${s.name} ${s.description}`));
      if (rule && s.name === rule.skill) return shared >= 1 || rule.words.some((w) => lowered.includes(w));
      return shared >= 2;
    })
    .map((s) => s.name);
}

/**
 * The sections of `skill` the agent asks for: for the rule's home skill, the section the world's
 * starting bank holds the rule in (by its clause or decoy) and the rules section, where edits land;
 * `undefined` (the whole skill) for any other skill it reads.
 */
export function sectionsToRead(world: World, rule: Rule | undefined, skill: string): string[] | undefined {
  if (!rule || skill !== rule.skill) return undefined;
  const start = world.skills.find((s) => s.name === skill)?.source ?? "";
  const { sections } = splitSections(start);
  const holder = sections.find((s) => s.text.includes(rule.clause) || s.text.includes(rule.decoy));
  // Nowhere to look by section (a real bank's skill the rule is missing from): read it whole.
  if (!holder && !findSection(sections, RULES_SECTION)) return undefined;
  return [...new Set([...(holder ? [holder.title] : []), RULES_SECTION])];
}

/** What the agent reads of a skill body: the overview plus the sections asked for, or all of it. */
export function readSections(
  body: string,
  wanted: readonly string[] | undefined,
): { text: string; sections: string[] } {
  const { overview, sections } = splitSections(body.trim());
  const found = (wanted ?? []).flatMap((w) => findSection(sections, w) ?? []);
  if (found.length === 0) return { text: body, sections: sections.map((s) => s.title) };
  return { text: [overview, ...found.map((f) => f.text)].join("\n"), sections: found.map((f) => f.title) };
}
