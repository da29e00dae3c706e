// A nogood (SkillSmith §3, conflict-driven learning): a set of section edits that, applied together
// to these exact skill versions, was refused (by the gate, a rollback or a closed PR). A later child
// whose edits include every edit of an active nogood is vetoed before it is evaluated. An edit is
// matched by its normalised change (added/removed lines, whitespace and case folded, hashed), so a
// rewrite that only re-wraps the same failing rule still matches. Docs: docs/nogoods.md.
import { z } from "zod";
import { skillVersion } from "../bank/skill-version.js";
import type { SkillBank } from "../bank/skill.js";
import { canonicalJson } from "../vocabulary/canonical-json.js";
import { sha256Hex } from "../vocabulary/sha256.js";
import { changedSections, splitSections } from "./skill-sections.js";

export const NOGOOD_VERSION = 1 as const;
/** Lines of the change kept for display (the hash covers them all). */
const SHOWN_LINES = 12;
const SHOWN_CHARS = 200;

export const NogoodEdit = z.strictObject({
  skill: z.string().min(1),
  /** Section key (skill-sections.ts): a heading slug, `(frontmatter)` or `(preamble)`. */
  section: z.string().min(1),
  /** The skill's content hash (skill-version.ts) the edit was made against. */
  skillVersion: z.string().regex(/^[0-9a-f]{64}$/),
  /** sha256 of the normalised removed and added lines. */
  change: z.string().regex(/^[0-9a-f]{64}$/),
  /** Normalised lines, at most 12 each, for people and diagnosers. */
  removed: z.array(z.string()),
  added: z.array(z.string()),
});
export type NogoodEdit = z.infer<typeof NogoodEdit>;

export const NogoodOrigin = z.enum(["gate", "rollback", "closed-pr"]);
export type NogoodOrigin = z.infer<typeof NogoodOrigin>;

export const NogoodEvidence = z.strictObject({
  /** Cases the parent passed and the refused child did not. */
  cases: z.array(z.strictObject({ id: z.string(), category: z.string() })),
  /** Categories below their floor. */
  categories: z.array(z.string()),
  /** The gate's refusal lines, or who rolled back / closed what. */
  reasons: z.array(z.string()),
});
export type NogoodEvidence = z.infer<typeof NogoodEvidence>;

export const Nogood = z.strictObject({
  version: z.literal(NOGOOD_VERSION),
  /** sha256 of the edits' identities (skill, section, skill version, change), sorted. */
  id: z.string().regex(/^[0-9a-f]{64}$/),
  edits: z.array(NogoodEdit).min(1),
  /** False when ddmin ran out of budget: a failing set, perhaps not the smallest. */
  minimal: z.boolean(),
  evidence: NogoodEvidence,
  runId: z.string(),
  origin: NogoodOrigin,
  /** The refused (or rolled-back) candidate's hash. */
  candidate: z.string().optional(),
  createdAt: z.string(),
});
export type Nogood = z.infer<typeof Nogood>;

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

/** Fields a caller supplies; the id and version are computed. */
export type NogoodInit = Omit<Nogood, "id" | "version">;

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
