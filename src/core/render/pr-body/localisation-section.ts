// The "Where the failing runs went" section of a frontier PR body: for each iteration on the path from
// the baseline to this member, the top of the fault localisation (Ochiai over the parent's runs) the
// diagnosers were given (docs/engine.md, "Fault localisation"). Pure; absent when the record has none.
import type { LocalisationEntry, RunRecord } from "../../../records/run-record.js";
import { tableCell } from "../comments/neutralise.js";
import { figure } from "../../llm/prompts/localisation-block.js";
import { checkedCandidateId } from "../../../records/candidate-id.js";

export interface LocalisationStep {
  t: number;
  parent: string;
  entries: LocalisationEntry[];
}

/** Components shown per iteration. */
const SHOWN = 3;

/** The iterations that made `candidate`, oldest first, each with the localisation it recorded. */
export function lineageLocalisation(
  record: Pick<RunRecord, "iterations">,
  candidate: string,
): LocalisationStep[] {
  const steps: LocalisationStep[] = [];
  const seen = new Set<string>();
  let current = candidate;
  while (!seen.has(current)) {
    seen.add(current);
    const it = record.iterations.find((i) => i.entered && i.child?.candidate === current);
    if (!it) break;
    if (it.localisation?.length) steps.push({ t: it.t, parent: it.parent, entries: it.localisation });
    current = it.parent;
  }
  return steps.reverse();
}

/** `[]` when there is nothing to show, so bodies of runs without localisation are unchanged. */
export function renderLocalisationSection(steps: readonly LocalisationStep[] | undefined): string[] {
  if (!steps?.length) return [];
  const rows = steps.map((s) => {
    const top = s.entries
      .slice(0, SHOWN)
      .map(
        (e) =>
          `\`${tableCell(e.component, 80)}\`${e.kind ? ` ${e.kind}` : ""} ${e.score.toFixed(2)} (${figure(e.ef)} of ${figure(e.failing)} failing, ${figure(e.ep)} passing)`,
      )
      .join("; ");
    return `| ${s.t} | \`${checkedCandidateId(s.parent)}\` | ${top} |`;
  });
  return [
    [
      "### Where the failing runs went",
      "",
      "The localisation that guided each iteration on this member's path: the skills and `##` sections its parent's failing agent runs went through, ranked by Ochiai suspiciousness (1 = every failing run and no passing run touched it). The diagnosers were shown this ranking.",
      "",
      "| Iteration | Parent | Most suspicious (score: failing and passing runs through it) |",
      "|---|---|---|",
      ...rows,
    ].join("\n"),
  ];
}
