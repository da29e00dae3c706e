// The lossless floor (bench:lossless, bench:steady-state): what no lossless saving can remove from
// a run's model tokens. EVERY FIGURE IT GIVES IS SIMULATED where the run was.
import type { SpendEvent, SpendPhase } from "../src/core/evolve/spend-phase.js";
import type { Iteration } from "../src/records/run-record.js";

/**
 * What no lossless saving can remove, from the default run: every role call but the agent's and the
 * judge's (the same prompts as naive's, so the same calls), P₀'s first measurement, and the
 * measurement of every child the gate admitted (the frontier reads its every case, and early stop
 * already runs the fewest runs that fix a case's pass@k). What is left above it: refused children,
 * nogood minimisation and the exact-cost runs. The bound leaves out all exact-cost runs, P*'s too, so
 * it is below what the "identical P* costs" allows.
 */
export function floorOf(
  run: { byRole: Record<string, number>; record: { iterations: readonly Iteration[] } },
  spends: readonly SpendEvent[],
): number {
  const roles = Object.entries(run.byRole).filter(([r]) => r !== "agent" && r !== "judge");
  const admitted = admittedOf(run.record.iterations);
  const first = spends.filter(
    (e) => e.phase === "baseline" || (e.phase === "child" && admitted.has(e.candidate ?? "")),
  );
  return roles.reduce((s, [, t]) => s + t, 0) + first.reduce((s, e) => s + e.tokens, 0);
}

/** The children the gate admitted (measured in full, every category at its floor), by candidate. */
export function admittedOf(iterations: readonly Iteration[]): Set<string> {
  return new Set(
    iterations
      .filter((i) => i.child?.measured.complete && i.gate.reasons.every((r) => r.ok))
      .map((i) => i.child!.candidate),
  );
}

/**
 * The measurements identical decisions and recorded figures force on top of `floorOf` (issue 45 asks
 * for both): the runs that make P₀'s and every member-to-be's cost exact (a member's cost is the mean
 * of all its runs, as naive's), and the repair-site checks, which run every run so that localisation
 * ranks as naive's does. Naive makes each of these measurements too; the memo and the cache already
 * served what they could of them.
 */
const FORCED_PHASES: ReadonlySet<SpendPhase> = new Set<SpendPhase>([
  "exact cost P₀",
  "exact cost member",
  "localise",
  "confirmation",
]);

/**
 * What no saving that keeps decisions and figures identical to naive's can remove: `floorOf` plus the
 * forced phases. What a run spends above it: refused children (sequential rejection already cuts them
 * short) and nogood minimisation.
 */
export function figuresFloorOf(
  run: { byRole: Record<string, number>; record: { iterations: readonly Iteration[] } },
  spends: readonly SpendEvent[],
): number {
  const forced = spends.filter((e) => FORCED_PHASES.has(e.phase)).reduce((s, e) => s + e.tokens, 0);
  return floorOf(run, spends) + forced;
}
