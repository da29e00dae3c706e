// SkillNEO's lineage measure (the paper: of 29 tasks with final gains, 22 used a non-incumbent parent
// on the final path): P*'s path back to the root, each step with its parent and whether that parent
// was the deployment incumbent when the child was made (neo-deploy.ts `incumbentAt`). Read from the
// run record's iterations alone.
import type { Iteration } from "../../../records/run-record.js";
import { incumbentAt } from "./neo-deploy.js";
import { isPromoted } from "./neo-selection.js";

export interface LineageStep {
  /** The iteration that made the child. */
  t: number;
  child: string;
  parent: string;
  /** The parent was the incumbent when iteration t started. */
  incumbentParent: boolean;
}

/** P*'s path from the root, oldest step first; empty when P* is the root. */
export function lineageOf(iterations: readonly Iteration[], root: string, star: string): LineageStep[] {
  // Where each version was made: an admitted child, or a promoted one kept as a parent.
  const born = new Map<string, Iteration>();
  for (const it of iterations)
    if (it.child && (it.gate.admitted || isPromoted(it)) && !born.has(it.child.candidate))
      born.set(it.child.candidate, it);
  const path: LineageStep[] = [];
  const seen = new Set<string>();
  for (let id = star; id !== root && !seen.has(id);) {
    seen.add(id);
    const it = born.get(id);
    if (!it) break; // not made by this run's iterations (cannot happen in an unedited record)
    path.unshift({
      t: it.t,
      child: id,
      parent: it.parent,
      incumbentParent: it.parent === incumbentAt(iterations, root, it.t),
    });
    id = it.parent;
  }
  return path;
}

/** Whether P*'s path passes through a parent that was not the incumbent when it was expanded. */
export function viaNonIncumbent(iterations: readonly Iteration[], root: string, star: string): boolean {
  return lineageOf(iterations, root, star).some((s) => !s.incumbentParent);
}
