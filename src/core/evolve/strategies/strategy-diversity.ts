// SkillEvolver's diversity check (§3.2.1: "checks that no two strategies are identical on all major
// axes"), as a measure we can test. A strategy's axes here are the skills it names (in backticks:
// which skills to load first) and the rest of its plan (how much to read, how to take the task).
// Two strategies are near-duplicates when they name the same skills and their plans' words overlap
// by NEAR_DUPLICATE or more (Jaccard similarity of their word sets): rewording one plan, or
// changing a word or two, does not make a second strategy. Naming another skill does.
import type { WrittenStrategy } from "../../../records/written-strategy.js";

/** Word-set overlap at or above which two plans that name the same skills are one strategy. */
export const NEAR_DUPLICATE = 0.8;

const NAMED = /`([^`]+)`/g;

/** The skills a strategy names, sorted. */
function namedSkills(text: string): string[] {
  return [...new Set([...text.matchAll(NAMED)].map((m) => m[1]!))].sort();
}

/** The plan's words, lower-cased, without the named skills. */
function planWords(text: string): Set<string> {
  return new Set(
    text
      .replace(NAMED, " ")
      .toLowerCase()
      .match(/[a-z0-9]+/g) ?? [],
  );
}

/** Jaccard similarity of the two plans' word sets: 1 for the same words, 0 for none shared. */
export function planSimilarity(a: string, b: string): number {
  const x = planWords(a);
  const y = planWords(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

export function nearDuplicate(a: WrittenStrategy, b: WrittenStrategy): boolean {
  if (a.name === b.name) return true;
  if (namedSkills(a.text).join("\n") !== namedSkills(b.text).join("\n")) return false;
  return planSimilarity(a.text, b.text) >= NEAR_DUPLICATE;
}
