// A nogood checked against the bank it would act on (docs/nogoods.md, "Checked before use"). A
// nogood file is text anyone can propose in a pull request, and an active one vetoes children and is
// quoted to the diagnosers, so its schema and id (nogood-file-check.ts) are not enough: each edit of
// an active nogood must be an edit of that skill version — its removed lines there in that section,
// and, where the file shows every line, its change hash the hash of those lines. An edit of a skill
// version the bank does not hold cannot be checked (the version may be in the history) and acts on
// nothing: it is retired, reported, never used. Pure.
import { skillVersion } from "../bank/skill-version.js";
import { splitSections } from "../bank/skill-sections.js";
import type { SkillBank } from "../bank/skill.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import type { Nogood, NogoodEdit } from "../../records/nogood.js";
import { normaliseLines } from "./nogood.js";

/** sectionEditsOf keeps at most this many lines of each side, each cut at SHOWN_CHARS. */
const SHOWN_LINES = 12;
const SHOWN_CHARS = 200;

/** What is wrong with one edit of a skill at its version in `bank`, or undefined. */
function editProblem(e: NogoodEdit, bank: SkillBank): string | undefined {
  const skill = bank.skills.find((s) => s.name === e.skill)!;
  const section = splitSections(skill.source).find((s) => s.key === e.section);
  if (e.removed.length > 0 && !section)
    return `removes lines from section ${JSON.stringify(e.section)}, which skill ${e.skill} does not have at that version`;
  const there = new Set(normaliseLines(section?.lines ?? []).map((l) => l.slice(0, SHOWN_CHARS)));
  const absent = e.removed.find((l) => !there.has(l));
  if (absent !== undefined)
    return `removes ${JSON.stringify(absent.slice(0, 80))}, which is not in section ${JSON.stringify(e.section)} of skill ${e.skill} at that version`;
  const whole = (ls: readonly string[]) => ls.length < SHOWN_LINES && ls.every((l) => l.length < SHOWN_CHARS);
  if (whole(e.removed) && whole(e.added)) {
    const change = sha256Hex(canonicalJson({ removed: e.removed, added: e.added }));
    if (change !== e.change)
      return `its change hash is not the hash of the lines it shows (section ${JSON.stringify(e.section)} of skill ${e.skill})`;
  }
  return undefined;
}

export interface NogoodBankCheck {
  /** Every edit's skill is at its version in the bank: it vetoes and is shown to diagnosers. */
  active: boolean;
  /** Why it must not be used: an edit that the skill version it names could not have had. */
  problems: string[];
}

/** The nogood against `bank`: active or retired, and what is wrong with its active edits. */
export function checkNogoodAgainstBank(n: Nogood, bank: SkillBank): NogoodBankCheck {
  const atVersion = n.edits.filter((e) => skillVersion(bank, e.skill) === e.skillVersion);
  const problems = atVersion.flatMap((e) => {
    const p = editProblem(e, bank);
    return p === undefined ? [] : [p];
  });
  return { active: atVersion.length === n.edits.length, problems };
}
