// SkillEvolver's strategy-diversified exploration (§3.2.1): before the baseline is measured, the
// strategist writes K strategies (the paper's K = 4); in the parent's exploration runs run i of every
// case follows strategy i mod K, and the diagnosers and the rewriter are shown them. No deciding
// measurement carries a hint: the agent that ships never gets one. Written once per run, not per
// iteration as in the paper. Kept in the checkpoint, so a resumed run follows the same ones; the
// exploration runner's settings key names them, so hinted runs never share a cache entry with others.
import type { Runner } from "../../evaluate/runner.js";
import type { Roles } from "../../llm/roles.js";
import { FALLBACK_STRATEGIES, strategyLine, strategyOf } from "../../llm/prompts/exploration-strategies.js";
import { evolverStrategyCount } from "../../../records/evolver-settings.js";
import type { WrittenStrategy } from "../../../records/written-strategy.js";
import { deriveSeed } from "../../../vocabulary/rng.js";
import { sha256Hex } from "../../../vocabulary/sha256.js";
import { scopeSkills, spend, type RunContext } from "../context.js";

/** Task prompts the strategist sees, and how much of each: enough to see the task family. */
const TASKS_SHOWN = 8;
const TASK_CHARS = 300;

/** `runner` with each run's strategy after its task, and the strategies in its settings key. */
export function withStrategies(runner: Runner, strategies: readonly WrittenStrategy[]): Runner {
  const digest = sha256Hex(JSON.stringify(strategies)).slice(0, 16);
  return {
    ...runner,
    settingsKey: `${runner.settingsKey}|strategies:v2:${digest}`,
    // The contrastive update aligns whole trajectories, so each run's record keeps its steps.
    keepsTrajectory: true,
    run: (input) => {
      const s = strategyOf(strategies, input.runIndex);
      return runner.run(s ? { ...input, hint: strategyLine(s) } : input);
    },
  };
}

/** `roles` whose diagnoser and rewriter are shown the strategies as data. */
export function withStrategiesShown(roles: Roles, strategies: readonly WrittenStrategy[]): Roles {
  const { diagnoser, rewriter } = roles;
  return {
    ...roles,
    // Spread, so what else a role offers (the rewriter's chooseDonor) is kept.
    diagnoser: { ...diagnoser, diagnose: (input) => diagnoser.diagnose({ ...input, strategies }) },
    rewriter: { ...rewriter, rewrite: (input) => rewriter.rewrite({ ...input, strategies }) },
  };
}

/**
 * The run's strategies: the checkpoint's on a resume, else the strategist's (charged to the run),
 * else the fixed ones (first K of them) with why. Then the runner and the roles follow them.
 */
export async function prepareStrategies(ctx: RunContext): Promise<void> {
  ctx.state.strategies ??= await writeStrategies(ctx);
  const { written } = ctx.state.strategies;
  // The hints shape exploration runs and proposals only: E₀, the gate, the frontier, exact cost and the
  // confirmation set run ctx.deps.runner, the agent as it ships (docs/engine.md "Search strategies").
  ctx.explorer = withStrategies(ctx.deps.runner, written);
  ctx.deps = { ...ctx.deps, roles: withStrategiesShown(ctx.deps.roles, written) };
}

async function writeStrategies(ctx: RunContext): Promise<NonNullable<RunContext["state"]["strategies"]>> {
  const k = evolverStrategyCount(ctx.in.config);
  const fallback = (note: string) => ({
    written: FALLBACK_STRATEGIES.slice(0, k),
    by: "fallback" as const,
    note:
      k > FALLBACK_STRATEGIES.length
        ? `${note}; only ${FALLBACK_STRATEGIES.length} fixed strategies exist`
        : note,
  });
  const strategist = ctx.deps.roles.strategist;
  if (!strategist) return fallback("no strategist role: the fixed strategies");
  const skills = scopeSkills(ctx.in.bank, ctx.state.scope).map((s) => ({
    name: s.name,
    description: String(s.frontmatter.description ?? ""),
  }));
  const tasks = ctx.in.cases.slice(0, TASKS_SHOWN).map((c) => c.task.prompt.slice(0, TASK_CHARS));
  const answer = await strategist.write({
    k,
    skills,
    tasks,
    seed: deriveSeed(ctx.in.config.seed, "strategies"),
  });
  spend(ctx, "strategist", answer.usage);
  return answer.ok
    ? { written: answer.value, by: "strategist" }
    : fallback(`the strategist failed (${answer.failure}): the fixed strategies`);
}
