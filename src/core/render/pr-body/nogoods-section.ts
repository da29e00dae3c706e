// The "Nogoods" section of a frontier PR body (docs/nogoods.md): what the run that built the member
// learned from its refusals and how often what it already knew spared an evaluation. Absent when the
// run read and learned none.
import type { NogoodTally } from "../../../records/nogood-tally.js";
import { tableCell } from "../comments/neutralise.js";

export type NogoodsView = Pick<
  NogoodTally,
  "loaded" | "retired" | "created" | "applied" | "vetoes" | "evaluationsSaved"
>;

const SHOWN = 10;

function learnedRows(view: NogoodsView): string[] {
  if (view.created.length === 0) return [];
  const rows = view.created.slice(0, SHOWN).map((n) => {
    const edits = n.edits.map((e) => `${e.skill} § ${e.section}`).join(", ");
    const regressed = n.evidence.categories.join(", ") || "—";
    return `| \`${n.id.slice(0, 8)}\` | ${n.origin} | ${tableCell(edits, 200)} | ${tableCell(regressed, 100)} | ${n.minimal ? "yes" : "no (budget ran out)"} |`;
  });
  const more =
    view.created.length > SHOWN ? [`\n…and ${view.created.length - SHOWN} more in the run record.`] : [];
  return [
    "",
    "| Nogood | Origin | Edits (skill § section) | Regressed | 1-minimal |",
    "|---|---|---|---|---|",
    ...rows,
    ...more,
  ];
}

/** The section as a one-element list, or none, so `assemble` can spread it. */
export function renderNogoodsSection(view: NogoodsView | undefined): string[] {
  if (!view || (view.loaded === 0 && view.created.length === 0)) return [];
  const head = `### Nogoods — ${view.created.length} learned, ${view.applied.length} applied`;
  const known =
    view.loaded > 0
      ? `The run read ${view.loaded} nogood(s) from \`.skillops/nogoods/\` (${view.retired} retired: their skill has changed since). `
      : "";
  const vetoes = `${view.vetoes} child(ren) repeated a known failing edit and were vetoed before evaluation, saving ${view.evaluationsSaved} evaluation(s).`;
  const learned =
    view.created.length > 0
      ? " Each refused child's edits were minimised (ddmin) to the ones that still fail the gate; the nogoods below are written to `.skillops/nogoods/` so later runs skip them."
      : "";
  return [[head, "", `${known}${vetoes}${learned}`, ...learnedRows(view)].join("\n")];
}
