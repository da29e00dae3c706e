// The PR body's "What changed": per skill, the sentences derived from the member's whole diff against
// the deployed bank (report/change-texts.ts, the same words as report.md and report.html), every
// changed script's diff open, the rest of the diff collapsed, and the rewriter's own summary only as
// a labelled, unverified note. The size ladder (pr-body.ts) may drop the collapsed diffs and shorten
// the note; it never drops a sentence or a script's diff, and clips a script's diff only as the last
// resort, saying so where no one can miss it.
import { noteLabel, type ScriptDiff } from "../../report/change-texts.js";
import { escapeMarkdown } from "../../report/escape.js";
import { count } from "./format.js";
import type { SkillChangeView } from "./pr-body-input.js";
import { escapeHtml, fence, neutraliseClosingKeywords, quoteInline } from "../comments/neutralise.js";

export interface DiffDetail {
  /** Lines kept per collapsed diff; 0 drops them. */
  diffLines: number;
  diffChars: number;
  /** Characters of a rewriter's note. */
  summaryChars: number;
  /** Lines kept per script diff: Infinity until the body cannot fit otherwise. */
  scriptLines: number;
}

/** Our sentence with a model-written heading inside: no markup, no mentions, no closing keywords. */
const sentence = (text: string) => escapeMarkdown(neutraliseClosingKeywords(text));

function clipDiff(diff: string, d: Pick<DiffDetail, "diffLines" | "diffChars">): string {
  const lines = diff.replace(/\n$/, "").split("\n");
  let kept = lines.slice(0, d.diffLines).join("\n");
  if (kept.length > d.diffChars) kept = kept.slice(0, d.diffChars).replace(/\n[^\n]*$/, "");
  const dropped = lines.length - kept.split("\n").length;
  return dropped > 0 ? `${kept}\n… ${count(dropped)} more lines: see the "Files changed" tab` : kept;
}

function scriptBlock(s: ScriptDiff, d: DiffDetail): string[] {
  const head = `<details open><summary>Diff of the script ${escapeHtml(s.path)}</summary>`;
  if (!s.patch) return ["", `- ${sentence(s.sentence)} (binary: see the "Files changed" tab)`];
  const lines = s.patch.replace(/\n$/, "").split("\n").length;
  const clipped = lines > d.scriptLines;
  const warning = clipped
    ? [
        "",
        `> [!WARNING]\n> Only the first ${count(d.scriptLines)} of ${count(lines)} lines of this script's diff fit in the description: read the rest under "Files changed" before merging.`,
      ]
    : [];
  const body = clipped ? clipDiff(s.patch, { diffLines: d.scriptLines, diffChars: Infinity }) : s.patch;
  return [...warning, "", head, "", fence(neutraliseClosingKeywords(body), "diff"), "", "</details>"];
}

function skillBlock(s: SkillChangeView, d: DiffDetail): string[] {
  const parts = ["", `**\`${escapeHtml(s.name)}\`** — ${s.headline}`, ""];
  parts.push(...s.sentences.map((x) => `- ${sentence(x)}`));
  if (s.note && d.summaryChars > 0)
    parts.push("", `> _${noteLabel(s.note.t)}:_ ${quoteInline(s.note.text, d.summaryChars)}`);
  for (const script of s.scripts) parts.push(...scriptBlock(script, d));
  if (d.diffLines > 0 && s.diff.trim() !== "") {
    parts.push(
      "",
      `<details><summary>Diff of ${escapeHtml(s.name)}</summary>`,
      "",
      fence(neutraliseClosingKeywords(clipDiff(s.diff, d)), "diff"),
      "",
      "</details>",
    );
  }
  return parts;
}

export function renderWhatChanged(
  skills: readonly SkillChangeView[],
  other: { sentences: string[]; scripts: ScriptDiff[] } | undefined,
  d: DiffDetail,
): string {
  if (skills.length === 0 && !other?.sentences.length)
    return "### What changed\n\nNo skill text changed; only `skill-bank/bank.yml` and the regression pool.";
  const parts = [
    "### What changed",
    "",
    "Derived from this candidate's whole diff against the deployed skill bank (every iteration that led to it), never from a model's account of its edits. Every changed script's diff is shown; the other diffs are collapsed.",
  ];
  for (const s of skills) parts.push(...skillBlock(s, d));
  if (other?.sentences.length) {
    parts.push("", "**Other files of the bank**", "", ...other.sentences.map((x) => `- ${sentence(x)}`));
    for (const script of other.scripts) parts.push(...scriptBlock(script, d));
  }
  if (d.diffLines === 0 && skills.some((s) => s.diff.trim() !== ""))
    parts.push(
      "",
      '_The other diffs are left out to keep this description under GitHub\'s size limit: see the "Files changed" tab._',
    );
  return parts.join("\n");
}
