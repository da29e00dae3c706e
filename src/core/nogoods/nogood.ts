// A nogood (SkillSmith §3, conflict-driven learning): a set of section edits that, applied together
// to these exact skill versions, was refused (by the gate, a rollback or a closed PR). A later child
// whose edits include every edit of an active nogood is vetoed before it is evaluated. An edit is
// matched by its normalised change (added/removed lines, whitespace and case folded, hashed), so a
// rewrite that only re-wraps the same failing rule still matches. Docs: docs/nogoods.md.
import { skillVersion } from "../bank/skill-version.js";
import type { SkillBank } from "../bank/skill.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { changedSections, splitSections } from "../bank/skill-sections.js";
import type { NogoodEdit, Nogood } from "../../records/nogood.js";
import { NOGOOD_VERSION, type NogoodInit } from "../../records/nogood.js";

/** Lines of the change kept for display (the hash covers them all). */
const SHOWN_LINES = 12;
const SHOWN_CHARS = 200;

/** Whitespace runs to one space, trimmed, lower-cased; blank lines dropped. */
export function normaliseLines(lines: readonly string[]): string[] {
  return lines.map((l) => l.replace(/\s+/g, " ").trim().toLowerCase()).filter((l) => l !== "");
}

/** Lines of `a` not matched by a line of `b` (as multisets), sorted. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const l of b) left.set(l, (left.get(l) ?? 0) + 1);
  const out: string[] = [];
  for (const l of a) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else out.push(l);
  }
  return out.sort();
}

export function editKey(e: Pick<NogoodEdit, "skill" | "section" | "skillVersion" | "change">): string {
  return canonicalJson([e.skill, e.section, e.skillVersion, e.change]);
}

/** The section edits that turn `parent`'s version of `skill` into `child`'s. */
export function sectionEditsOf(parent: SkillBank, child: SkillBank, skill: string): NogoodEdit[] {
  const before = parent.skills.find((s) => s.name === skill);
  const after = child.skills.find((s) => s.name === skill);
  const version = skillVersion(parent, skill);
  if (!before || !after || version === undefined) return [];
  const linesOf = (source: string) => new Map(splitSections(source).map((s) => [s.key, s.lines]));
  const a = linesOf(before.source);
  const b = linesOf(after.source);
  return changedSections(before.source, after.source).map((section) => {
    const removedAll = minus(normaliseLines(a.get(section) ?? []), normaliseLines(b.get(section) ?? []));
    const addedAll = minus(normaliseLines(b.get(section) ?? []), normaliseLines(a.get(section) ?? []));
    const change = sha256Hex(canonicalJson({ removed: removedAll, added: addedAll }));
    const shown = (ls: string[]) => ls.slice(0, SHOWN_LINES).map((l) => l.slice(0, SHOWN_CHARS));
    return {
      skill,
      section,
      skillVersion: version,
      change,
      removed: shown(removedAll),
      added: shown(addedAll),
    };
  });
}

/** Every section edit from `parent` to `child`, over the skills whose SKILL.md differs. */
export function bankEditsOf(parent: SkillBank, child: SkillBank): NogoodEdit[] {
  const changed = child.skills
    .filter((s) => parent.skills.find((p) => p.name === s.name)?.source !== s.source)
    .map((s) => s.name)
    .sort();
  return changed.flatMap((skill) => sectionEditsOf(parent, child, skill));
}

export function nogoodId(edits: readonly NogoodEdit[]): string {
  return sha256Hex(canonicalJson(edits.map(editKey).sort()));
}

export function makeNogood(init: NogoodInit): Nogood {
  const edits = [...init.edits].sort((x, y) => (editKey(x) < editKey(y) ? -1 : 1));
  // Field by field, so an id or version carried in (a file being checked) never survives.
  const { minimal, evidence, runId, origin, candidate, createdAt } = init;
  const id = nogoodId(edits);
  return {
    version: NOGOOD_VERSION,
    id,
    edits,
    minimal,
    evidence,
    runId,
    origin,
    ...(candidate ? { candidate } : {}),
    createdAt,
  };
}

/**
 * Active against `bank` when every edit's skill is still at the version the edit was made on. A
 * nogood whose skill changed is retired (it may become active again if a revert restores it).
 */
export function isActive(nogood: Nogood, bank: SkillBank): boolean {
  return nogood.edits.every((e) => skillVersion(bank, e.skill) === e.skillVersion);
}

/** The first nogood all of whose edits are among `edits` (same skill, section, version, change). */
export function matchingNogood(nogoods: readonly Nogood[], edits: readonly NogoodEdit[]): Nogood | undefined {
  const have = new Set(edits.map(editKey));
  return nogoods.find((n) => n.edits.every((e) => have.has(editKey(e))));
}
