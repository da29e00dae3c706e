// The simulated diagnoser heeds "already tried" (docs/nogoods.md): a plan edit was tried when a
// nogood's edit on the same skill added (ADD) or removed (REMOVE) the edit's clause line, compared in
// the nogood's normal form (whitespace folded, lower-cased, the first 200 characters it keeps).
import { normaliseLines } from "../evolve/nogood.js";
import type { PlanEdit } from "./plan.js";

/** What the simulator needs of a tried edit (the prompt's TriedEdit, or one read back from the prompt). */
export interface TriedChange {
  skill: string;
  removed: readonly string[];
  added: readonly string[];
}

const SHOWN_CHARS = 200;

export function wasTried(tried: readonly TriedChange[], skill: string, edit: PlanEdit): boolean {
  const line = normaliseLines([`- ${edit.clause}`])[0]?.slice(0, SHOWN_CHARS);
  if (line === undefined) return false;
  return tried.some(
    (t) =>
      t.skill === skill &&
      (edit.op === "ADD" ? t.added : t.removed).some((l) => l.slice(0, SHOWN_CHARS) === line),
  );
}
