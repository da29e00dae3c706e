// Disjoint working scopes (config `scopes`): when one runner is not enough, each scope runs as its
// own job of the evolve workflow's matrix and opens its own frontier PRs. This decides which
// accepted cases a scope's job evolves from, so every case lands in exactly one job.
import type { Case } from "../../records/case.js";
import type { Scope } from "../config/config.js";
import { rankSkills, type RetrievalSkill } from "./retrieve.js";

export class ScopeError extends Error {}

/** Scopes must not share a skill, or two jobs would both rewrite it and their PRs would conflict. */
export function checkScopes(scopes: readonly Scope[], bankSkills: readonly string[]): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  const known = new Set(bankSkills);
  for (const s of scopes) {
    for (const skill of s.skills) {
      const other = owner.get(skill);
      if (other && other !== s.name)
        problems.push(
          `skill ${skill} is in both scope ${other} and scope ${s.name}; scopes must be disjoint`,
        );
      owner.set(skill, s.name);
      if (!known.has(skill))
        problems.push(`scope ${s.name} names skill ${skill}, which the bank does not have`);
    }
  }
  if (new Set(scopes.map((s) => s.name)).size !== scopes.length)
    problems.push("two scopes have the same name");
  return problems;
}

/**
 * The scope a case belongs to: the first scope holding a skill the case names; for a case naming
 * none of the scoped skills, the scope of the skill its diagnosis matches best (BM25), so feedback
 * without a skill is still evolved by exactly one job. Undefined when nothing matches at all.
 */
export function scopeOfCase(
  c: Case,
  scopes: readonly Scope[],
  skills: readonly RetrievalSkill[],
): string | undefined {
  const named = scopes.find((s) => c.skills.some((k) => s.skills.includes(k)));
  if (named) return named.name;
  const scoped = skills.filter((k) => scopes.some((s) => s.skills.includes(k.name)));
  const best = rankSkills(scoped, [{ diagnosis: c.diagnosis, skills: [] }]).find((r) => r.score > 0);
  return best ? scopes.find((s) => s.skills.includes(best.skill))?.name : undefined;
}

export function casesForScope(
  cases: readonly Case[],
  scope: string,
  scopes: readonly Scope[],
  skills: readonly RetrievalSkill[],
): Case[] {
  if (!scopes.some((s) => s.name === scope))
    throw new ScopeError(
      `no scope named "${scope}" in the config (scopes: ${scopes.map((s) => s.name).join(", ") || "none"})`,
    );
  return cases.filter((c) => scopeOfCase(c, scopes, skills) === scope);
}
