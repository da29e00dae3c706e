// Whether what the agent read makes a rule's runs pass with p_hit, shared by the in-process agent,
// the endpoint agent and the world's truth (true-pass.ts): the rule's clause is there and its decoy
// is not, or the case's memorised answer is (leak.ts); in a deceptive world (deceptive-world.ts) a
// trap's shortcut also answers the rules it fixes and, while read, breaks the rules it blocks.
import type { Case } from "../records/case.js";
import { isMemorised } from "./leak.js";
import type { Rule, World } from "./world.js";

export interface RuleReading {
  hit: boolean;
  hasClause: boolean;
  hasDecoy: boolean;
  memorised: boolean;
  /** "" without a trap on this rule; else whether a shortcut was read that fixes or blocks it. */
  trap: "" | "fixed" | "blocked" | "unread";
  /** A harmful-text world (harmful-text-world.ts): harmful text that blocks this rule was read. */
  harmed?: boolean;
}

export function readRule(world: World, rule: Rule, c: Case, text: string): RuleReading {
  const hasClause = text.includes(rule.clause);
  const hasDecoy = text.includes(rule.decoy);
  const memorised = isMemorised(rule, c, text);
  const trap = trapState(world, rule, text);
  const harmed = (world.harms ?? []).some((h) => h.blocks.includes(rule.id) && text.includes(h.line));
  const answered = (hasClause || trap === "fixed") && !hasDecoy && trap !== "blocked" && !harmed;
  return { hit: answered || memorised, hasClause, hasDecoy, memorised, trap, ...(harmed ? { harmed } : {}) };
}

function trapState(world: World, rule: Rule, text: string): RuleReading["trap"] {
  const traps = (world.traps ?? []).filter((t) => t.fixes.includes(rule.id) || t.blocks.includes(rule.id));
  if (traps.length === 0) return "";
  const read = traps.filter((t) => text.includes(t.shortcut));
  if (read.some((t) => t.blocks.includes(rule.id))) return "blocked";
  return read.length ? "fixed" : "unread";
}

/** The draw-key suffix of a reading: empty for a plain rule, so worlds without traps draw as before. */
export function readingKey(r: RuleReading): string {
  return `${r.hasClause}:${r.hasDecoy}${r.memorised ? ":memorised" : ""}${r.trap && r.trap !== "unread" ? `:${r.trap}` : ""}${r.harmed ? ":harmed" : ""}`;
}
