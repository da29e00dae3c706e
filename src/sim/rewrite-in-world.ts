// The simulated rewriter's edit, shared by the in-process role and the simulated endpoint: forget
// each unprotected clause with probability q_forget, apply the plan's ADD/REMOVE lines, and drop one
// filler paragraph with probability q_drop_filler. With leak_rate, an ADD may paste a case's answer
// instead of the clause (leak.ts), though not one the audit's findings named in a repair round.
import type { Rng } from "../vocabulary/rng.js";
import { leakFor } from "./leak.js";
import { parsePlan } from "./plan.js";
import type { World } from "./world.js";

export interface WorldRewrite {
  name: string;
  source: string;
  plan: string;
  /** Ids of the anchor cases: the clauses of their rules are protected from forgetting. */
  anchorIds: readonly string[];
  /** A repair round: the audit findings' text the rewriter was shown (leak.ts leakFor); absent otherwise. */
  flagged?: string;
}

export function rewriteInWorld(
  world: World,
  input: WorldRewrite,
  rng: Rng,
): { source: string; summary: string } {
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  const ruleOfCase = new Map(
    [...world.evolution, ...world.heldOut, ...world.pool].map((wc) => [wc.case.id, wc.rule]),
  );
  const filler = world.skills.find((s) => s.name === input.name)?.filler ?? [];
  const edits = parsePlan(input.plan);
  const protectedClauses = new Set(
    input.anchorIds
      .map((id) => rules.get(ruleOfCase.get(id) ?? "")?.clause)
      .filter((c): c is string => c !== undefined),
  );
  let source = input.source;
  const done: string[] = [];
  source = forget(world, source, protectedClauses, edits, rng);
  for (const e of edits) {
    const leak =
      e.op === "ADD" && !source.includes(e.clause)
        ? leakFor(world, e, source, rng, input.flagged)
        : undefined;
    if (leak) {
      source = appendCheck(source, leak);
      done.push(`added the answer "${leak}"`);
    } else if (e.op === "ADD" && !source.includes(e.clause)) {
      source = appendCheck(source, e.clause);
      done.push(`added the check "${e.clause}"`);
    } else if (e.op === "REMOVE" && source.includes(`- ${e.clause}\n`)) {
      source = source.replace(`- ${e.clause}\n`, "");
      done.push(`removed the contradicting line "${e.clause}"`);
    }
  }
  const drop = filler.find((f) => source.includes(f));
  if (drop && rng.chance(world.params.qDropFiller)) {
    source = source.replace(`${drop}\n\n`, "");
    done.push("dropped a paragraph that added length but no guidance");
  }
  const summary = done.length
    ? `Simulated rewrite of ${input.name}: ${done.join("; ")}.`
    : `Simulated rewrite of ${input.name}: no change was needed.`;
  return { source, summary };
}

/**
 * Forgetting: an existing clause may be lost unless an anchor case protects it or the plan names
 * it; a deceptive world's shortcut is one more line to forget, unless an anchor's rule relies on it.
 */
function forget(
  world: World,
  start: string,
  protectedClauses: ReadonlySet<string>,
  edits: readonly { clause: string }[],
  rng: Rng,
): string {
  let source = start;
  const named = (line: string) => edits.some((e) => e.clause === line);
  for (const r of world.rules) {
    if (!source.includes(`- ${r.clause}`) || protectedClauses.has(r.clause) || named(r.clause)) continue;
    if (rng.chance(world.params.qForget)) source = source.replace(`- ${r.clause}\n`, "");
  }
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  for (const t of world.traps ?? []) {
    const anchored = t.fixes.some((id) => protectedClauses.has(rules.get(id)?.clause ?? ""));
    if (!source.includes(`- ${t.shortcut}`) || anchored || named(t.shortcut)) continue;
    if (rng.chance(world.params.qForget)) source = source.replace(`- ${t.shortcut}\n`, "");
  }
  return source;
}

function appendCheck(source: string, clause: string): string {
  const body = source.endsWith("\n") ? source : `${source}\n`;
  return body.includes("## Checks") ? `${body}- ${clause}\n` : `${body}\n## Checks\n\n- ${clause}\n`;
}
