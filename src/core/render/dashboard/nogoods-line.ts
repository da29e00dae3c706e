// The dashboard's line on nogoods (docs/nogoods.md, "On the dashboard"): how many of those committed
// to the default branch are active against the bank there, i.e. veto a run's child unevaluated.
import type { NogoodCount } from "../../nogoods/active-nogoods.js";
import { NOGOODS_DIR } from "../../../records/nogood-file.js";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Nothing when the default branch holds no nogood. */
export function nogoodsLines(count: NogoodCount | undefined): string[] {
  if (!count) return [];
  const total = count.active + count.retired + count.unchecked;
  if (total === 0) return [];
  const more = [
    ...(count.retired ? [`${count.retired} retired (a skill they edit has changed since)`] : []),
    ...(count.unchecked
      ? [`${count.unchecked} not checked (a skill they edit holds a file that is not text)`]
      : []),
  ];
  return [
    `**${plural(count.active, "active nogood")}** in \`${NOGOODS_DIR}/\`: section edits the gate, a rollback or a closed PR refused, which the next run vetoes unevaluated while their skills are unchanged${more.length ? `; ${more.join(", ")}` : ""}.`,
    "",
  ];
}
