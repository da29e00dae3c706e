// What the diagnosers are told was already tried: the edits of every active nogood (on the parent's
// skill versions) that touch a skill in view, or whose remedy's scope names one (a copy of an edited
// section), with why it failed and what to do instead.
import type { SkillBank } from "../../bank/skill.js";
import type { TriedEdit } from "../../llm/prompts/diagnoser.js";
import type { RunContext } from "../context.js";
import { isActive } from "../../nogoods/nogood.js";
import { knownNogoods } from "./nogood-step.js";
import type { SkillView } from "../../llm/roles.js";

export function triedEdits(ctx: RunContext, parent: SkillBank, views: readonly SkillView[]): TriedEdit[] {
  const inView = new Set(views.map((v) => v.name));
  return knownNogoods(ctx)
    .filter((n) => isActive(n, parent))
    .flatMap((n) =>
      n.edits
        // Its remedy's scope reaches skills holding a copy of an edited section: they are told too.
        .filter((e) => inView.has(e.skill) || (n.remedy?.scope ?? []).some((s) => inView.has(s)))
        .map((e) => ({
          skill: e.skill,
          section: e.section,
          origin: n.origin,
          removed: e.removed,
          added: e.added,
          reasons: n.evidence.reasons,
          categories: n.evidence.categories,
          ...(n.remedy ? { remedy: n.remedy.text } : {}),
        })),
    );
}
