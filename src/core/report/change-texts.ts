// A member's "What changed", per skill, as the PR body, report.md and report.html all show it: the
// sentences derived from its whole diff against the base bank (bank/what-changed.ts), every changed
// script with its diff, and the rewriter's own summary only as a labelled, unverified note.
import type { ChangedFile, LineCounts, WhatChanged } from "../../records/what-changed.js";
import { fileSentence, skillHeadline, skillSentences } from "../bank/what-changed-sentences.js";

/** What the run recorded a rewrite said about a skill (run record `frontier[].changes`). */
export interface RewriteNote {
  skill: string;
  summary: string;
  t: number;
}

export interface ScriptDiff {
  /** Path relative to the bank root. */
  path: string;
  sentence: string;
  /** The unified diff; absent for a binary file. */
  patch?: string;
}

export interface SkillChangeText {
  name: string;
  change: "added" | "modified" | "removed";
  /** `modified, +6 −0 lines`. */
  headline: string;
  /** One per change, derived from the diff (plain text: escape for the markup). */
  sentences: string[];
  /** Each changed script, its diff always shown. */
  scripts: ScriptDiff[];
  /** The rewriter's summary of its last edit of the skill (untrusted model output). */
  note?: { t: number; text: string };
  lines: LineCounts;
}

/** How every renderer introduces the model's own words: a claim, never the summary. */
export function noteLabel(t: number): string {
  return `The rewriter's note (unverified, iteration ${t})`;
}

function scriptDiff(f: ChangedFile): ScriptDiff {
  return { path: f.path, sentence: fileSentence(f), ...(f.patch ? { patch: f.patch } : {}) };
}

/**
 * Every changed skill of `what`, with its sentences and scripts; a note only for a skill the diff
 * shows changed (a rewrite later undone leaves no claim behind).
 */
export function changeTexts(what: WhatChanged, notes: readonly RewriteNote[]): SkillChangeText[] {
  return what.skills.map((s) => {
    const note = notes.find((n) => n.skill === s.skill && n.summary.trim() !== "");
    return {
      name: s.skill,
      change: s.status,
      headline: skillHeadline(s),
      sentences: skillSentences(s),
      scripts: s.files.filter((f) => f.script).map(scriptDiff),
      ...(note ? { note: { t: note.t, text: note.summary.trim() } } : {}),
      lines: s.lines,
    };
  });
}

/** Changed files of the bank outside every skill (bank.yml), one sentence each, and their scripts. */
export function otherTexts(what: WhatChanged): { sentences: string[]; scripts: ScriptDiff[] } {
  return {
    sentences: what.other.map(fileSentence),
    scripts: what.other.filter((f) => f.script).map(scriptDiff),
  };
}
