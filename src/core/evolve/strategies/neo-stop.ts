// SkillNEO's stops (Appendix B, "Stopping"), checked before each iteration: the root's measurement
// is perfect (nothing to improve), `holdPatience` consecutive holds (neo-deploy.ts), a hold with the
// incumbent within δ_off of a perfect score (100 − S(h) < δ_off: no child could clear the margin), or
// a parent pool left empty (exhausted: an archive revisit with no survivor and no ordinary parent,
// or a per-parent cap set below ⌈b/|B|⌉ that the generation's earlier children used up). The generation limit is the run's
// `maxIterations`. All of it is read from the checkpointed state.
import type { LoopState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { historyOf } from "../frontier-entry.js";
import { neoKnobsOf } from "../../../records/neo-knobs.js";
import { holdsOf, lastHold } from "./neo-deploy.js";
import { eligiblePool } from "./neo-selection.js";

type Stop = NonNullable<LoopState["stopped"]>;

export function neoStopBefore(ctx: RunContext, next: number): Stop | undefined {
  const knobs = neoKnobsOf(ctx.in.config);
  const { iterations, baselineResults } = ctx.state;
  if (next === 1 && baselineResults.length > 0 && baselineResults.every(perfect))
    return {
      reason: "perfect-root",
      note: "every run of P₀ passed every evolution case: nothing to improve",
    };
  const holds = holdsOf(iterations);
  if (holds >= knobs.holdPatience)
    return { reason: "holds", note: `${holds} consecutive generations held the incumbent` };
  const held = lastHold(iterations);
  if (held && 100 - held.official < knobs.deltaOfficial)
    return {
      reason: "holds",
      note: `a hold with the incumbent at ${held.official.toFixed(1)}, within δ_off = ${knobs.deltaOfficial} of a perfect score`,
    };
  if (eligiblePool(ctx.state.frontier, next, historyOf(ctx), knobs.parentCap).length === 0)
    return {
      reason: "exhausted",
      note: `no version may parent iteration ${next}: the archive revisit found no survivor, or every parent reached the per-parent cap in this generation`,
    };
  return undefined;
}

const perfect = (r: { runs: number; runDetails: readonly { pass: boolean }[] }) =>
  r.runs > 0 && r.runDetails.length > 0 && r.runDetails.every((d) => d.pass);
