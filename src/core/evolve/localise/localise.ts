// Fault localisation for one iteration (SkillSmith, spectrum-based): the parent's runs on the
// evolution cases → spectrum → Ochiai ranking. The top of it goes to every diagnoser (each sees the
// failing cases of its own batch as evidence) and the top 10 into the iteration's record.
import type { MemberState } from "../checkpoint.js";
import type { RunContext } from "../context.js";
import { rankSuspects } from "./ochiai.js";
import { type Suspect } from "../../../records/suspect.js";
import type { Iteration } from "../../../records/run-record.js";
import { spectrumOf } from "./spectrum.js";

/** Components recorded per iteration. */
export const RECORDED_SUSPECTS = 10;
/** Components each diagnoser is shown. */
export const SHOWN_SUSPECTS = 5;

/** The diagnosers' share of the ranking; empty when localisation is off (the default) or nothing failed. */
export function localise(ctx: RunContext, parent: MemberState, record: Iteration): Suspect[] {
  if (ctx.in.config.localisation !== true) return [];
  const ranked = rankSuspects(spectrumOf(parent.results)).filter((s) => s.score > 0);
  if (ranked.length === 0) return [];
  record.localisation = ranked
    .slice(0, RECORDED_SUSPECTS)
    .map(({ component, score, ef, ep, failing }) => ({ component, score, ef, ep, failing }));
  return ranked.slice(0, SHOWN_SUSPECTS);
}

/** The ranking as one batch's diagnoser sees it: evidence cut to the failing cases of its batch. */
export function suspectsForBatch(suspects: readonly Suspect[], batch: readonly { id: string }[]): Suspect[] {
  const ids = new Set(batch.map((c) => c.id));
  return suspects.map((s) => ({ ...s, cases: s.cases.filter((id) => ids.has(id)) }));
}
