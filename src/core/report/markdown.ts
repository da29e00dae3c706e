// The run report in GitHub Markdown, for the Actions job summary and for reading in a PR or issue.
import type { RunRecord } from "../../records/run-record.js";
import { escapeMarkdown as m, fence } from "./escape.js";
import { noteLabel, type ScriptDiff, type SkillChangeText } from "./change-texts.js";
import { costText, ESTIMATE_NOTE, interval, intervalText, SIMULATED_NOTE } from "./figures.js";
import {
  CATEGORY_TABLE_NOTE,
  categoryRows,
  changeGroups,
  frontierRows,
  memberColumns,
  roleMark,
  STOP_TEXT,
  timelineEntries,
} from "./sections.js";
import type { RateWithInterval } from "../../records/rate-with-interval.js";
import { spendSentence } from "./spend-sentence.js";
import { shortCandidateId } from "../../records/candidate-id.js";
import { percent } from "../../vocabulary/percent.js";
import { BASELINE_PASS_NOTE, vsDeployedSentences } from "./baseline-sentence.js";

/** Skill names are validated (a-z0-9-), but a code span must never be broken out of. */
const code = (text: string) => `\`${text.replace(/[`\r\n]/g, "'")}\``;
const sim = (record: RunRecord, text: string) => (record.simulated ? `${text} (simulated)` : text);
const rate = (r: RateWithInterval | undefined) => (r ? `${percent(r.rate)} ${intervalText(r)}` : "—");

export function renderReportMarkdown(record: RunRecord): string {
  return [
    ...headerLines(record),
    ...frontierLines(record),
    ...vsBaselineLines(record),
    ...categoryLines(record),
    ...timelineLines(record),
    ...changeLines(record),
    ...executionLines(record),
  ].join("\n");
}

function headerLines(record: RunRecord): string[] {
  const out: string[] = [
    `## skillops run ${code(record.runId)}${record.simulated ? " (simulated)" : ""}`,
    "",
  ];
  if (record.simulated) out.push(`> **${SIMULATED_NOTE}.**`, "");
  out.push(
    `Stopped: ${STOP_TEXT[record.stop.reason]} after iteration ${record.stop.afterIteration}. ${record.cases.length} accepted case(s). P\\* = \`${shortCandidateId(record.selected)}\`.`,
    "",
  );
  return out;
}

function frontierLines(record: RunRecord): string[] {
  const out = [
    `### ${sim(record, "Frontier")}`,
    "",
    `| member | iteration | operating point | ${sim(record, "pass rate")} | ${sim(record, "cost")} |`,
    "|---|---|---|---|---|",
  ];
  for (const f of frontierRows(record)) {
    const mark = roleMark(f).replace(/\*/g, "\\*");
    out.push(
      `| \`${shortCandidateId(f.candidate)}\`${mark ? ` **${mark}**` : ""} | ${f.born} | ${f.operatingPoint} | ${percent(f.total.rate)} ${interval(f.total.low, f.total.high)} | ${costText(f.cost, f.costEstimate)} |`,
    );
  }
  const b = record.baseline;
  if (b.costEstimate || record.frontier.some((f) => f.costEstimate)) out.push("", ESTIMATE_NOTE);
  return out;
}

/** P₀'s column: its id and role, escaped for Markdown. */
const categoryBaselineHead = (record: RunRecord): string =>
  `\`${shortCandidateId(record.baseline.candidate)}\` ${roleMark(frontierRows(record)[0]!).replace(/\*/g, "\\*")}`;

/** Each member's paired test against P₀; nothing for records that hold none. */
function vsBaselineLines(record: RunRecord): string[] {
  const compared = record.frontier.filter((f) => f.vsBaseline || f.heldOutTest);
  if (compared.length === 0) return [];
  return [
    "",
    `### ${sim(record, "Better than the deployed bank?")}`,
    "",
    BASELINE_PASS_NOTE,
    "",
    ...compared.map(
      (f) =>
        `- \`${shortCandidateId(f.candidate)}\`${f.selected ? " **P\\***" : ""}: ${vsDeployedSentences(f, record.confirmationSet).join(" ")}`,
    ),
  ];
}

function categoryLines(record: RunRecord): string[] {
  const out = [
    "",
    `### ${sim(record, "Pass rate per category")}`,
    "",
    `| category | ${categoryBaselineHead(record)} | floor | ${memberColumns(record)
      .map((f) => `\`${shortCandidateId(f.candidate)}\`${f.selected ? " P\\*" : ""}`)
      .join(" | ")} |`,
  ];
  out.push(
    `|---|---|---|${memberColumns(record)
      .map(() => "---|")
      .join("")}`,
  );
  for (const r of categoryRows(record)) {
    out.push(
      `| ${m(r.category)} | ${rate(r.baseline)} | ${r.floor === undefined ? "—" : percent(r.floor)} | ${r.members.map((x) => rate(x.rate)).join(" | ")} |`,
    );
  }
  out.push("", CATEGORY_TABLE_NOTE);
  return out;
}

function timelineLines(record: RunRecord): string[] {
  const out = ["", "### Iterations and gate verdicts", ""];
  const entries = timelineEntries(record);
  if (entries.length === 0) out.push("No iterations ran.");
  for (const t of entries) {
    const child = t.child ? `child \`${t.child}\`, ${sim(record, t.measured ?? "")}` : "no child";
    out.push(
      `${t.t}. parent \`${t.parent}\` → ${child} — **gate: ${t.verdict}**${t.entered ? ", entered the frontier" : ""}${t.note ? ` — ${m(t.note)}` : ""}`,
    );
    for (const reason of t.reasons) out.push(`   - ${m(reason)}`);
  }
  return out;
}

function changeLines(record: RunRecord): string[] {
  const out = [
    "",
    "### What changed, in plain language",
    "",
    "Each member against the bank the run started from, derived from the diff (every iteration that led to it); a rewriter's own words appear only as its unverified note.",
    "",
  ];
  for (const g of changeGroups(record)) {
    out.push(
      `**\`${shortCandidateId(g.candidate)}\`**${g.deployed ? " (P₀, deployed)" : ""}${g.selected ? " (P\\*, recommended)" : ""}, ${g.operatingPoint}:`,
    );
    if (g.skills.length === 0 && g.other.sentences.length === 0)
      out.push("- no skill changed (the baseline bank)");
    for (const s of g.skills) out.push(...skillLines(s));
    out.push(...g.other.sentences.map((x) => `- ${m(x)}`));
    for (const script of [...g.skills.flatMap((s) => s.scripts), ...g.other.scripts])
      out.push(...scriptLines(script));
    out.push("");
  }
  return out;
}

function skillLines(s: SkillChangeText): string[] {
  const out = [`- ${code(s.name)}: ${s.headline}`, ...s.sentences.map((x) => `  - ${m(x)}`)];
  if (s.note) out.push(`  - _${noteLabel(s.note.t)}:_ ${m(s.note.text)}`);
  return out;
}

/** A script's diff, open: what runs is never folded away. */
function scriptLines(s: ScriptDiff): string[] {
  if (!s.patch) return [];
  return [
    "",
    `<details open><summary>Diff of the script ${m(s.path)}</summary>`,
    "",
    fence(s.patch, "diff"),
    "",
    "</details>",
  ];
}

function spendLines(record: RunRecord): string[] {
  const s = spendSentence(record.executions);
  // Our own text with figures only: nothing to escape (escaping would show the parentheses' backslashes).
  return s ? ["", `${sim(record, s)}.`] : [];
}

function executionLines(record: RunRecord): string[] {
  const x = record.executions;
  return [
    `${sim(record, `Agent executions: ${x.run} run`)}; saved ${x.savedByCache} by the cache, ${x.savedByEarlyStop} by early stop, ${x.savedBySequentialRejection} by sequential rejection; naive: ${x.naive}.`,
    ...spendLines(record),
    "",
  ];
}
