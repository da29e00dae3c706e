// The shape of "what changed" between two banks (derived in core/bank/what-changed.ts): per skill,
// its frontmatter keys, sections and files, with line counts. Run records and PR bodies carry it.
import { z } from "zod";

const count = z.number().int().nonnegative();

export const LineCounts = z.strictObject({ added: count, removed: count });

export type LineCounts = z.infer<typeof LineCounts>;

export const ChangedSection = z.strictObject({
  /** The `##` heading as written; "" for the text before the first `##` heading. */
  heading: z.string(),
  status: z.enum(["added", "removed", "changed"]),
  lines: LineCounts,
  /** List items (`- …`, `1. …`) added and removed, by their first line. */
  items: LineCounts,
  /** Those items' first lines, without the list marker: what a reader needs to see, not just a count. */
  addedItems: z.array(z.string()),
  removedItems: z.array(z.string()),
});
export type ChangedSection = z.infer<typeof ChangedSection>;

export const ChangedFile = z.strictObject({
  /** Relative to the bank root. */
  path: z.string(),
  status: z.enum(["added", "removed", "modified"]),
  /** Code that runs: under `scripts/`, a script extension, a `#!` line or the executable bit. */
  script: z.boolean(),
  binary: z.boolean(),
  lines: LineCounts,
  /** The unified diff, kept for scripts: what runs is always shown. */
  patch: z.string().optional(),
});
export type ChangedFile = z.infer<typeof ChangedFile>;

export const ChangedSkill = z.strictObject({
  skill: z.string(),
  status: z.enum(["added", "removed", "modified"]),
  /** Lines added and removed over all the skill's files. */
  lines: LineCounts,
  /** Frontmatter keys added, removed or changed, in the order they appear. */
  frontmatter: z.array(z.string()),
  sections: z.array(ChangedSection),
  /** True when sections both versions hold appear in another order. */
  reordered: z.boolean(),
  /** The skill's files other than SKILL.md that changed. */
  files: z.array(ChangedFile),
});
export type ChangedSkill = z.infer<typeof ChangedSkill>;

export const WhatChanged = z.strictObject({
  skills: z.array(ChangedSkill),
  /** Changed files of the bank that belong to no skill (bank.yml). */
  other: z.array(ChangedFile),
});
export type WhatChanged = z.infer<typeof WhatChanged>;
