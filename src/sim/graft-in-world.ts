// The simulated rewriter's graft choice (SkillNEO, strategies/graft.ts), shared by the in-process
// role and the simulated endpoint. It reads what it is shown: the parent's failing cases and each
// offered donor section. Like the simulated rewriter reading its anchors, it knows which rule a case
// tests (the world's case → rule map), and scores each offer by the failing cases' rules whose
// clause the section states, less those whose conflicting decoy it states. It takes the best-scoring
// offer (ties: the first offered), or none when no offer scores above 0, so a donor is chosen for
// what it would repair, not for its place in the pool.
import type { Rule, World } from "./world.js";

export interface WorldGraftChoice {
  offer?: number;
  reason: string;
}

export function chooseGraftInWorld(
  world: World,
  input: { offers: readonly { donor: string; text: string }[]; failingIds: readonly string[] },
): WorldGraftChoice {
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  const ruleOfCase = new Map(
    [...world.evolution, ...world.heldOut, ...world.pool].map((wc) => [wc.case.id, wc.rule]),
  );
  const needed = [...new Set(input.failingIds.map((id) => ruleOfCase.get(id) ?? ""))]
    .map((id) => rules.get(id))
    .filter((r): r is Rule => r !== undefined);
  let best: { offer: number; score: number } | undefined;
  input.offers.forEach((o, i) => {
    const states = (line: string) => o.text.includes(`- ${line}`);
    const score =
      needed.filter((r) => states(r.clause)).length - needed.filter((r) => states(r.decoy)).length;
    if (score > 0 && (!best || score > best.score)) best = { offer: i + 1, score };
  });
  if (!best) return { reason: "no offered section states a check the parent's failing cases need" };
  const donor = input.offers[best.offer - 1]!.donor;
  return {
    offer: best.offer,
    reason: `the section from ${donor} states ${best.score} check(s) the failing cases need`,
  };
}
