// Nogoods in the loop (docs/nogoods.md). Before a child is evaluated: veto it, unevaluated, when its
// section edits include every edit of an active nogood. After the gate refuses a child: minimise its
// edits with ddmin (re-measuring spliced children on the same cases, within the budget) and keep the
// failing subset as a new nogood, so no later iteration or run spends an evaluation on it again.
import { remedyOf } from "./remedy.js";
import type { SkillBank } from "../../bank/skill.js";
import type { Case } from "../../../records/case.js";
import type { CaseResult } from "../../../records/eval-record.js";
import { withinBudget, type RunContext } from "../context.js";
import { ddmin } from "../ddmin.js";
import { bankWithUnits, editUnits, type EditUnit } from "../edit-units.js";
import { canonicalRefusal, gate } from "../gate/gate.js";
import { gateChild, rejectionFloorsFor } from "../gate/gate-test.js";
import { measureCandidate } from "../measure-candidate.js";
import { bankEditsOf, isActive, makeNogood, matchingNogood } from "../../nogoods/nogood.js";
import { type Nogood } from "../../../records/nogood.js";
import type { NogoodTally } from "../../../records/nogood-tally.js";
import type { Iteration } from "../../../records/run-record.js";

export function tallyOf(ctx: RunContext): NogoodTally {
  if (!ctx.state.nogoods) {
    const loaded = ctx.in.nogoods ?? [];
    ctx.state.nogoods = {
      loaded: loaded.length,
      retired: loaded.filter((n) => !isActive(n, ctx.in.bank)).length,
      created: [],
      applied: [],
      vetoes: 0,
      evaluationsSaved: 0,
      minimisations: 0,
    };
  }
  return ctx.state.nogoods;
}

/** Every nogood the run knows: those it read and those it learned. */
export function knownNogoods(ctx: RunContext): Nogood[] {
  return [...(ctx.in.nogoods ?? []), ...(ctx.state.nogoods?.created ?? [])];
}

/** The veto's note, or undefined when no active nogood matches the child's edits. */
export function vetoChild(
  ctx: RunContext,
  parent: SkillBank,
  child: SkillBank,
  record: Iteration,
): string | undefined {
  if (ctx.in.config.nogoods === false) return undefined;
  const match = matchingNogood(knownNogoods(ctx), bankEditsOf(parent, child));
  if (!match) return undefined;
  const tally = tallyOf(ctx);
  tally.vetoes++;
  tally.evaluationsSaved++;
  if (!tally.applied.includes(match.id)) tally.applied.push(match.id);
  record.nogoods = { ...record.nogoods, vetoedBy: match.id };
  const where = match.edits.map((e) => `${e.skill} § ${e.section}`).join(", ");
  return `vetoed unevaluated: the child repeats nogood ${match.id.slice(0, 8)} (${match.origin}; ${where})`;
}

/** After a refusal the gate measured (a failing category, not the budget): learn a nogood. */
export async function learnFromRefusal(
  ctx: RunContext,
  parent: { bank: SkillBank; results: readonly CaseResult[] },
  child: { id: string; bank: SkillBank; results?: readonly CaseResult[]; screened?: boolean },
  record: Iteration,
): Promise<void> {
  if (ctx.in.config.nogoods === false) return;
  if (!record.child || !record.gate.reasons.some((r) => !r.ok)) return;
  const units = unitsOf(parent.bank, child.bank, record);
  if (units.length === 0) return;
  const tally = tallyOf(ctx);
  const sample = record.child.sample.map((id) => ctx.pool.byId.get(id)).filter((c): c is Case => !!c);
  const cases = [...ctx.in.cases, ...sample];
  // A child refused at screening is minimised at screening's one run per case, as it was refused.
  // Only a subset's verdict is read (and a refused subset's results): an admitted one stops early.
  const runs = {
    ...(child.screened ? { n: 1, k: 1 } : { n: ctx.in.config.n, k: ctx.in.config.k }),
    phase: "nogood" as const,
    verdictOnly: true,
  };
  let evidence = { results: child.results ?? [], refusal: canonicalRefusal(record.gate, ctx.in.categories) };
  const fails = async (subset: readonly EditUnit[]): Promise<boolean | undefined> => {
    if (!withinBudget(ctx)) return undefined;
    const m = await measureCandidate(ctx, bankWithUnits(parent.bank, child.bank, subset), cases, runs);
    if (m.outOfBudget) return undefined;
    tally.minimisations++;
    // A screened child was refused at one run per case: judge its subsets the same way.
    const verdict = child.screened
      ? gate(m.perCategory, rejectionFloorsFor(ctx), ctx.in.categories, m.rejected?.category)
      : gateChild(ctx, m, `nogood:${child.id}:${tally.minimisations}`);
    if (!verdict.admitted)
      evidence = { results: m.results, refusal: canonicalRefusal(verdict, ctx.in.categories) };
    return !verdict.admitted;
  };
  // With ddmin off (`--no-ddmin`), a multi-unit refusal is kept whole: one nogood, not shown minimal.
  const minimise = units.length > 1 && ctx.in.config.ddmin !== false;
  const found = minimise
    ? await ddmin(units, fails)
    : { subset: units, minimal: units.length === 1, tests: 0 };
  const edits = found.subset.flatMap((u) => u.edits);
  const ddminNote = minimise ? { ddmin: ddminRecordOf(units.length, found) } : {};
  if (edits.length === 0) {
    // A nogood is keyed on SKILL.md section edits (skill version + change); a failing set made of
    // script changes alone (a Patch) has none to key on, so the refusal is recorded, not remembered.
    record.nogoods = { ...record.nogoods, ...ddminNote, notLearned: TOOL_ONLY };
    return;
  }
  const proof = evidenceOf(parent.results, evidence.results, evidence.refusal);
  const remedy = remedyOf(edits, proof.categories, parent.bank);
  const nogood = makeNogood({
    ...{ edits, minimal: found.minimal, evidence: proof, remedy },
    runId: ctx.state.runId,
    origin: "gate",
    candidate: child.id,
    createdAt: ctx.deps.now().toISOString(),
  });
  if (!knownNogoods(ctx).some((n) => n.id === nogood.id)) tally.created.push(nogood);
  record.nogoods = { ...record.nogoods, created: nogood.id, ...ddminNote };
}

const TOOL_ONLY =
  "the failing edits are script changes only (a tool bundle without SKILL.md edits); nogoods are keyed on SKILL.md section edits";

/** The child's ddmin units: its section edits, with each applied tool bundle as one unit (edit-units.ts). */
function unitsOf(parent: SkillBank, child: SkillBank, record: Iteration): EditUnit[] {
  const bundles = (record.toolOps ?? []).filter((o) => o.status === "applied").map((o) => o.files);
  const dirOf = (skill: string) => child.skills.find((s) => s.name === skill)?.dir;
  return editUnits(bankEditsOf(parent, child), bundles, dirOf);
}

/** What the iteration records of a ddmin that ran: units in, units kept, tests, and whether 1-minimal. */
function ddminRecordOf(
  units: number,
  found: { subset: readonly unknown[]; minimal: boolean; tests: number },
) {
  return { edits: units, kept: found.subset.length, tests: found.tests, minimal: found.minimal };
}

/**
 * Cases the parent passed and the refused child did not (as measured), with the canonical refusal:
 * what a diagnoser is later told must not depend on how much of the child the savings measured.
 */
function evidenceOf(
  parent: readonly CaseResult[],
  child: readonly CaseResult[],
  refusal: { reason: string; categories: string[] },
): Nogood["evidence"] {
  const passed = new Map(parent.map((r) => [r.id, r.passAtK]));
  const cases = child
    .filter((r) => (passed.get(r.id) ?? 0) > r.passAtK)
    .map((r) => ({ id: r.id, category: r.category }));
  return { cases, categories: refusal.categories, reasons: [refusal.reason] };
}
