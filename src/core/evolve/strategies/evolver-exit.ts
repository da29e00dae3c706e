// SkillEvolver's continue-or-exit rule (Algorithm 1, line 12: "if Auditor(v_{r+1}) clean ∧
// #pass(τ_r) ≥ 3K/4 then break"): after an iteration whose child passed the audit with no finding
// at all (and, the product's own condition for acceptance, the gate), the run exits when at least
// three quarters of the parent's exploration runs τ_r passed. The paper's τ_r is K trials of one
// task; here it is every exploration run of the parent over the evolution cases, so the share is
// pooled over cases (docs/engine.md "SkillEvolver").
import type { Iteration } from "../../../records/run-record.js";
import type { LoopState } from "../checkpoint.js";

export function evolverExit(iterations: readonly Iteration[]): NonNullable<LoopState["stopped"]> | undefined {
  const last = iterations.at(-1);
  const explored = last?.exploration;
  if (!last || !explored || !last.audit || explored.runs === 0) return undefined;
  const clean = !last.audit.refused && last.audit.findings.length === 0 && last.gate.admitted;
  if (!clean || 4 * explored.passed < 3 * explored.runs) return undefined;
  return {
    reason: "clean-exit",
    note: `iteration ${last.t}: the child's audit was clean and ${explored.passed} of ${explored.runs} exploration runs passed (at least 3/4)`,
  };
}
