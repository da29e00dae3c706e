// The simulated agent, a model-free Runner: a run passes with probability p_hit (per category) when
// its rule's clause is in the visible skills and the rule's decoy is not, p_miss otherwise. Tokens =
// the skills it reads + the case. Draws are seeded by (world seed, case, run index, what it saw), so
// an execution is a pure function of its cache key and caching changes no result.
import type { Runner, RunInput, RunResult } from "../evaluate/runner.js";
import { deriveRng } from "../random/rng.js";
import type { Rule, World } from "./world.js";

/** A crude but stable token count: one token per four characters. */
export function tokensOf(text: string): number {
  return Math.ceil(text.length / 4);
}

export function createSimAgent(world: World): Runner {
  const ruleOf = new Map<string, Rule>();
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  for (const wc of [...world.evolution, ...world.heldOut, ...world.pool])
    ruleOf.set(wc.case.id, rules.get(wc.rule)!);
  return {
    name: "sim-agent",
    settingsKey: `sim-agent:v1:${world.seed}:${JSON.stringify(world.params)}`,
    async run(input: RunInput): Promise<RunResult> {
      const rule = ruleOf.get(input.case.id);
      const text = input.skills.map((s) => s.source).join("\n");
      const spread = world.params.outputTokensSpread ?? 0;
      const extra =
        spread > 0
          ? deriveRng(world.seed, `tokens:${input.case.id}:${input.runIndex}:${tokensOf(text)}`).int(
              spread + 1,
            )
          : 0;
      const usage = {
        input: tokensOf(text) + tokensOf(input.case.task.prompt),
        output: world.params.outputTokens + extra,
        cached: 0,
      };
      const trace = input.skills.map((s) => ({ type: "skill-loaded" as const, skill: s.name }));
      if (!rule)
        return {
          output: { verdict: "unknown" },
          trace,
          usage,
          error: `simulated agent: case ${input.case.id} is not in the world`,
        };
      const hasClause = text.includes(rule.clause);
      const hasDecoy = text.includes(rule.decoy);
      const p = hasClause && !hasDecoy ? (world.params.pHit[rule.category] ?? 0.7) : world.params.pMiss;
      const draw = deriveRng(
        world.seed,
        `agent:${input.case.id}:${input.runIndex}:${hasClause}:${hasDecoy}`,
      ).next();
      const verdict =
        draw < p ? `report-${rule.words[2]}` : hasDecoy ? `no-report-${rule.words[2]}` : "no-finding";
      return { output: { verdict }, trace, usage };
    },
  };
}
