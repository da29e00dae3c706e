// A child rebuilt from a subset of its section edits: the parent's bank, with each edited skill's
// SKILL.md spliced so that only the chosen sections carry the child's text (skill-sections.ts).
// ddmin tests these banks; with every edit chosen it is the child, with none the parent.
import { replaceSkillSource } from "../bank/bank.js";
import type { SkillBank } from "../bank/skill.js";
import type { NogoodEdit } from "../../records/nogood.js";
import { spliceSections } from "../bank/skill-sections.js";

export function bankWithEdits(
  parent: SkillBank,
  child: SkillBank,
  edits: readonly Pick<NogoodEdit, "skill" | "section">[],
): SkillBank {
  let bank = parent;
  for (const skill of [...new Set(edits.map((e) => e.skill))].sort()) {
    const before = parent.skills.find((s) => s.name === skill);
    const after = child.skills.find((s) => s.name === skill);
    if (!before || !after) continue;
    const chosen = new Set(edits.filter((e) => e.skill === skill).map((e) => e.section));
    bank = replaceSkillSource(bank, skill, spliceSections(before.source, after.source, chosen));
  }
  return bank;
}
