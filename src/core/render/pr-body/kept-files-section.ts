// The "Kept files" note of a frontier PR body: files the run deleted (an Inline's tool) that a
// person changed on the default branch since the run started, so the commit keeps them
// (member-deletions.ts). Absent when there are none.
import { quoteInline } from "../comments/neutralise.js";

/** The note as a one-element list, or none, so `assemble` can spread it. */
export function renderKeptFilesSection(kept: readonly string[] | undefined): string[] {
  if (!kept?.length) return [];
  const rows = kept.map((p) => `- ${quoteInline(p, 300)}`);
  return [
    [
      `### Kept files — ${kept.length}`,
      "",
      "The run deleted these files, but they changed on the default branch since the run started, so this PR keeps them. Delete them by hand if the change is no longer needed:",
      "",
      ...rows,
    ].join("\n"),
  ];
}
