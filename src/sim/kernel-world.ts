// The kernel part of a simulated world (docs/kernel.md "The kernel world"): for each case, a small
// library of candidate ModelNew solutions the simulated agent picks from by what the loaded skill
// says. The solutions are real Python that our harness runs; only the choice is simulated.
import { z } from "zod";

export const SOLUTION_KINDS = ["naive", "fused", "wrong", "crash"] as const;
export type SolutionKind = (typeof SOLUTION_KINDS)[number];

/** One case's candidates: correct and naive, correct and fused, subtly wrong, crashing. */
export const KernelSolutions = z.strictObject({
  naive: z.string().min(1),
  fused: z.string().min(1),
  wrong: z.string().min(1),
  crash: z.string().min(1),
});
export type KernelSolutions = z.infer<typeof KernelSolutions>;

/** A correct answer's simulated speedup by kind (the wrong and crashing ones score 0 whatever). */
export const KindSpeedups = z.strictObject({
  naive: z.number().positive(),
  fused: z.number().positive(),
});
export type KindSpeedups = z.infer<typeof KindSpeedups>;

export const KernelWorld = z.strictObject({
  /** A loaded skill whose text contains this word (any case) makes the agent write the fused solution. */
  fuseWord: z.string().min(1).default("fuse"),
  /** Of the answers that miss (rule clause absent), the share that crash instead of being subtly wrong. */
  crashShare: z.number().min(0).max(1).default(0.25),
  /**
   * Case id → its candidates. A world file may leave this out: the loader reads them from
   * `<world folder>/<category>/<id>/answers/<kind>.py` (src/apps/cli/evolve/kernel-world-files.ts).
   */
  solutions: z.record(z.string(), KernelSolutions).default({}),
  /**
   * Simulated speedups (docs/kernel.md "Kernels scored by speedup"): a correct answer's reward is its
   * kind's figure (per case in `cases`, else the world's), so the loop's mean score moves with what the
   * agent writes, on any machine. Labelled simulated everywhere; absent = the harness's own reward.
   */
  speedups: KindSpeedups.extend({ cases: z.record(z.string(), KindSpeedups).default({}) }).optional(),
});
export type KernelWorld = z.infer<typeof KernelWorld>;

/** Which candidate the agent writes, from what the skill text it loaded says (pure; the draws come in). */
export function chooseSolution(
  o: {
    hasClause: boolean;
    hasDecoy: boolean;
    fuses: boolean;
    pHit: number;
    pMiss: number;
    crashShare: number;
  },
  draws: { pass: number; crash: number },
): SolutionKind {
  // A decoy instruction (e.g. "reduce over dim=0") is followed: the answer is the subtly wrong one.
  if (o.hasDecoy) return "wrong";
  const p = o.hasClause ? o.pHit : o.pMiss;
  if (draws.pass < p) return o.fuses ? "fused" : "naive";
  return draws.crash < o.crashShare ? "crash" : "wrong";
}
