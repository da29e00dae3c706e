// Which skills the simulated agent loads, as an Agent Skills client decides from names and
// descriptions alone: the rule's home skill when the task names the rule's words or shares a word
// with the skill's name or description, and any skill sharing two words with the task. Shared by
// the endpoint agent and the in-process agent's selective mode, so a changed skill the task never
// points at goes unloaded in both (and a silent bypass can happen in the simulator).
import { contentWords } from "./endpoint/world-index.js";
import type { Rule } from "./world.js";

export interface ListedSkill {
  name: string;
  description: string;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const w of a) if (b.has(w)) n++;
  return n;
}

export function skillsToLoad(
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
