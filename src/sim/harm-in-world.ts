// The simulated diagnoser's use of counterfactual confirmation (SkillSmith §3.3): a failing case
// whose rule's clause is present reads as bad luck, unless a site its failing runs went through was
// masked and re-run and more runs passed (confirmed). Then what that section says beside the rules is
// what fails them, and the diagnoser proposes removing it. A refuted or unchecked site changes
// nothing. This is what makes confirmation matter in a harmful-text world (harmful-text-world.ts).
import { findSection, splitSections } from "../core/bank/sections.js";
import type { World } from "./world.js";

/** A repair site as the diagnoser is shown it (diagnose-in-world.ts `LocalisedComponent`). */
export interface CheckedSite {
  component: string;
  cases: readonly string[];
  confirmation?: { verdict: "confirmed" | "refuted" };
}

export interface ConfirmedHarm {
  skill: string;
  /** The `skill#section` site the check confirmed. */
  site: string;
  /** The bullet line (without its `- `) that states no rule of the world. */
  line: string;
}

export function confirmedHarm(
  world: World,
  parent: readonly { name: string; source: string }[],
  caseId: string | undefined,
  localisation: readonly CheckedSite[],
): ConfirmedHarm | undefined {
  if (caseId === undefined) return undefined;
  const clauses = new Set(world.rules.map((r) => r.clause));
  for (const site of localisation) {
    const at = site.component.indexOf("#");
    if (at < 0 || site.confirmation?.verdict !== "confirmed" || !site.cases.includes(caseId)) continue;
    const skill = parent.find((s) => s.name === site.component.slice(0, at));
    const section = skill && findSection(splitSections(skill.source).sections, site.component.slice(at + 1));
    const line = section?.text
      .split("\n")
      .filter((l) => l.startsWith("- "))
      .map((l) => l.slice(2).trim())
      .find((l) => !clauses.has(l));
    if (skill && line) return { skill: skill.name, site: site.component, line };
  }
  return undefined;
}
