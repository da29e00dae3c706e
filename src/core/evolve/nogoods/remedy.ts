// The remedy a refused edit carries (records/nogood-remedy.ts). What to do instead follows from what
// the edit did: lines it removed were holding up the regressed categories, so a fix must keep them
// and add beside them; lines it only added broke those categories, so a fix must say when they apply
// (the cases they were written for) or go where only those cases read. The scope reaches the skills
// that hold a copy of an edited section in the bank it was made on (shared-sites.ts): the same edit
// there would fail the same way, so the diagnosers of those skills are told too. Pure.
import type { SkillBank } from "../../bank/skill.js";
import type { NogoodEdit } from "../../../records/nogood.js";
import type { NogoodRemedy } from "../../../records/nogood-remedy.js";
import { copiesOf } from "../localise/shared-sites.js";

/** Lines of a remedy's quoted text, at most. */
const QUOTED = 3;

export function remedyOf(
  edits: readonly NogoodEdit[],
  categories: readonly string[],
  bank: SkillBank,
): NogoodRemedy {
  const where = categories.length ? categories.join(", ") : "the gated categories";
  const removed = edits.flatMap((e) => e.removed);
  const text = removed.length
    ? `Keep what the edit removed (${removed
        .slice(0, QUOTED)
        .map((l) => `"${l}"`)
        .join(", ")}${removed.length > QUOTED ? ", …" : ""}): ` +
      `${where} rely on it. Add the new guidance beside it, or narrow it to the cases it was written for.`
    : `The added lines broke ${where}: say when they apply (the cases they were written for), ` +
      "or put them in a section only those cases read, instead of as a rule for every task.";
  const edited = new Set(edits.map((e) => e.skill));
  const scope = [
    ...new Set(edits.flatMap((e) => copiesOf(`${e.skill}#${e.section}`, bank).map((c) => c.split("#")[0]!))),
  ]
    .filter((s) => !edited.has(s))
    .sort();
  return { text, scope };
}
