// The units ddmin removes from a refused child (docs/nogoods.md, docs/engine.md "Tool co-evolution").
// A section edit is a unit of its own, except where a tool bundle touched the skill: a bundle (a
// Retype with its callers, an Extract, an Inline, a Patch) is atomic by issue 16's rule, so its
// script files and every section edit of the SKILL.md files it changed form one unit. Bundles that
// share a file merge. The spliced bank of a subset therefore never holds a retyped tool without its
// callers, nor a caller's new call site without the tool.
import type { SkillBank } from "../bank/skill.js";
import { bankWithEdits } from "./edit-subset.js";
import type { NogoodEdit } from "../../records/nogood.js";
import { applyBundle } from "./tools/tool-bundle.js";

export interface EditUnit {
  /** Section edits of SKILL.md files. */
  edits: NogoodEdit[];
  /** Other bank files (scripts) the unit carries at the child's version; empty for a prose edit. */
  files: string[];
}

const isSkillMd = (p: string) => p.endsWith("/SKILL.md");

/**
 * `edits`: the child's section edits (bankEditsOf); `bundles`: the bank paths each applied tool
 * bundle changed (iterations[].toolOps[].files); `dirOf`: a skill's folder.
 */
export function editUnits(
  edits: readonly NogoodEdit[],
  bundles: readonly (readonly string[])[],
  dirOf: (skill: string) => string | undefined,
): EditUnit[] {
  // Merge bundles that share a path, so one unit holds each connected group.
  const groups: Set<string>[] = [];
  for (const files of bundles.filter((b) => b.length > 0)) {
    const joined = new Set(files);
    for (const g of groups.filter((g) => files.some((f) => g.has(f)))) {
      for (const f of g) joined.add(f);
      groups.splice(groups.indexOf(g), 1);
    }
    groups.push(joined);
  }
  const units: EditUnit[] = groups.map((g) => ({
    edits: [],
    files: [...g].filter((p) => !isSkillMd(p)).sort(),
  }));
  for (const e of edits) {
    const file = `${dirOf(e.skill)}/SKILL.md`;
    const at = groups.findIndex((g) => g.has(file));
    if (at >= 0) units[at]!.edits.push(e);
    else units.push({ edits: [e], files: [] });
  }
  return units.filter((u) => u.edits.length > 0 || u.files.length > 0);
}

/** The parent with the chosen units taken from the child: their section edits and their files. */
export function bankWithUnits(parent: SkillBank, child: SkillBank, units: readonly EditUnit[]): SkillBank {
  const bank = bankWithEdits(
    parent,
    child,
    units.flatMap((u) => u.edits),
  );
  const files = units.flatMap((u) => u.files);
  if (files.length === 0) return bank;
  const text = (p: string) => child.files.find((f) => f.path === p);
  return applyBundle(
    bank,
    files.map((path) => {
      const f = text(path);
      return { path, content: f ? new TextDecoder().decode(f.bytes) : null };
    }),
  );
}
