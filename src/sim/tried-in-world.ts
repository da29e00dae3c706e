// The simulated diagnoser heeds "already tried" (docs/nogoods.md): a plan edit was tried when a
// nogood's edit on the same skill added (ADD) or removed (REMOVE) the edit's clause line, compared in
// the nogood's normal form (whitespace folded, lower-cased, the first 200 characters it keeps). A
// refused section edit may add several lines; when one of them is a world's decoy, that decoy is the
// evident culprit and the other lines are not blamed (the simulated diagnoser already knows a decoy
// when it sees one: it removes decoys it finds in a skill).
import { normaliseLines } from "../core/nogoods/nogood.js";
import type { PlanEdit } from "./plan.js";
import type { World } from "./world.js";

/** What the simulator needs of a tried edit (the prompt's TriedEdit, or one read back from the prompt). */
export interface TriedChange {
  skill: string;
  removed: readonly string[];
  added: readonly string[];
}

const SHOWN_CHARS = 200;
const shown = (line: string) => line.slice(0, SHOWN_CHARS);
const lineOf = (clause: string) => shown(normaliseLines([`- ${clause}`])[0] ?? "");

/** Every rule's decoy as a tried edit's line shows it. */
export function decoyLines(world: World): Set<string> {
  return new Set(world.rules.map((r) => lineOf(r.decoy)));
}

export function wasTried(
  tried: readonly TriedChange[],
  skill: string,
  edit: PlanEdit,
  decoys: ReadonlySet<string> = new Set(),
): boolean {
  const line = lineOf(edit.clause);
  if (line === "") return false;
  const blamed = (t: TriedChange) =>
    edit.op === "REMOVE" || decoys.has(line) || !t.added.some((l) => decoys.has(shown(l)));
  return tried.some(
    (t) =>
      t.skill === skill &&
      (edit.op === "ADD" ? t.added : t.removed).some((l) => shown(l) === line) &&
      blamed(t),
  );
}
