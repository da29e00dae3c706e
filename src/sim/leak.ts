// Answer leakage in the simulated world (docs/simulated-world.md "Leakage"): with `leakRate`, the
// rewriter sometimes writes one failing case's answer into the skill instead of the rule's clause,
// keyed by the case's reference number. The agent then passes that case (memorised) and nothing
// else: a held-out case has another reference. Shared by the in-process roles and the endpoint.
import type { Case } from "../records/case.js";
import type { Rng } from "../vocabulary/rng.js";
import { sha256Hex } from "../vocabulary/sha256.js";
import type { PlanEdit } from "./plan.js";
import type { Rule, World } from "./world.js";

/**
 * A per-case instance constant (letters and digits, as a booking or claim id), stable for the seed.
 * Five hex digits can all be letters (RFADCB); the last is then a digit of the hash, so every
 * reference mixes both as the docstring promises (and as the literals check's id shape expects).
 */
export function caseReference(seed: number, caseId: string): string {
  const hex = sha256Hex(`${seed}:${caseId}`).toUpperCase();
  const ref = hex.slice(0, 5);
  return /\d/.test(ref) ? `R${ref}` : `R${ref.slice(0, 4)}${/\d/.exec(hex.slice(5))?.[0] ?? "0"}`;
}

/** The reference a case prompt carries; worlds generated without leakage carry none. */
export function referenceOf(c: Case): string | undefined {
  return /\(reference ([A-Z0-9]+)\)/.exec(c.task.prompt)?.[1];
}

/** The line a leaking rewrite pastes: this case's answer, keyed by its reference. */
export function memorisedLine(rule: Rule, c: Case): string | undefined {
  const ref = referenceOf(c);
  return ref ? `Case reference ${ref}: the verdict is report-${rule.words[2]}.` : undefined;
}

/** Whether the text the agent read holds this case's memorised answer. */
export function isMemorised(rule: Rule, c: Case, text: string): boolean {
  const line = memorisedLine(rule, c);
  return line !== undefined && text.includes(line);
}

/**
 * The rewriter's leak decision for one ADD edit: with probability `leakRate`, the memorised line of
 * an evolution case of the edit's rule that the source does not hold yet (the cases its diagnosers
 * saw fail); undefined = apply the edit as written. Draws nothing when leakage is off, so worlds
 * without it rewrite exactly as before. In a repair round the rewriter was shown the audit's findings
 * (`flagged`, their text): it does not paste a line whose reference they name again, but may still
 * paste another case's answer at the same rate.
 */
export function leakFor(
  world: World,
  edit: PlanEdit,
  source: string,
  rng: Rng,
  flagged = "",
): string | undefined {
  const rate = world.params.leakRate ?? 0;
  if (rate <= 0 || edit.op !== "ADD") return undefined;
  const rule = world.rules.find((r) => r.id === edit.rule);
  if (!rule) return undefined;
  const lines = world.evolution
    .filter((wc) => wc.rule === rule.id)
    .map((wc) => memorisedLine(rule, wc.case))
    .filter((l): l is string => l !== undefined && !source.includes(l))
    .filter((l) => {
      const ref = /reference (\S+):/.exec(l)?.[1];
      return !ref || !flagged.includes(ref);
    });
  if (lines.length === 0 || !rng.chance(rate)) return undefined;
  return lines[rng.int(lines.length)];
}

/** The memorised lines a bank's skills hold: what a leaking child pasted (0 for a clean one). */
export function countMemorised(world: World, sources: readonly string[]): number {
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  const text = sources.join("\n");
  return world.evolution.filter((wc) => isMemorised(rules.get(wc.rule)!, wc.case, text)).length;
}
