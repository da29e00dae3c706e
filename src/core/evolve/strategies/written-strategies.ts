// SkillEvolver's strategy-diversified exploration (§3.2.1): before the baseline is measured the
// strategist writes K strategies from the decision axes alone (the paper's S₀, K = 4), and from
// iteration 2 on it rewrites them every iteration, aimed at the explored parent's weak spots
// (Algorithm 1 line 8; weak-spots.ts). Every answer passes the diversity check (strategist-answer.ts,
// strategy-diversity.ts); a refused answer is redrawn, at most REDRAWS times, then the fixed
// strategies stand in. In the parent's exploration runs run i of every case follows strategy i mod K,
// and the diagnosers and the rewriter are shown them. No deciding measurement carries a hint: the
// agent that ships never gets one. The current set is kept in the checkpoint, so a resumed run follows
// the same ones; the exploration runner's settings key names them, so hinted runs never share a cache
// entry with others.
import type { Runner } from "../../evaluate/runner.js";
import type { Roles, StrategistInput } from "../../llm/roles.js";
import { FALLBACK_STRATEGIES, strategyLine, strategyOf } from "../../llm/prompts/exploration-strategies.js";
import { evolverStrategyCount } from "../../../records/evolver-settings.js";
import type { WeakSpot } from "../../../records/weak-spot.js";
import type { WrittenStrategy } from "../../../records/written-strategy.js";
import { deriveSeed } from "../../../vocabulary/rng.js";
import { sha256Hex } from "../../../vocabulary/sha256.js";
import { scopeSkills, spend, type RunContext } from "../context.js";
import { checkedStrategies } from "./strategist-answer.js";

/** Task prompts the strategist sees, and how much of each: enough to see the task family. */
const TASKS_SHOWN = 8;
const TASK_CHARS = 300;
/** Answers the diversity check may refuse before the fixed strategies stand in. */
export const REDRAWS = 2;

type StrategySet = NonNullable<RunContext["state"]["strategies"]>;

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

/** `roles` whose diagnoser and rewriter are shown the current strategies as data. */
export function withStrategiesShown(roles: Roles, current: () => readonly WrittenStrategy[]): Roles {
  const { diagnoser, rewriter } = roles;
  return {
    ...roles,
    // Spread, so what else a role offers (the rewriter's chooseDonor) is kept.
    diagnoser: { ...diagnoser, diagnose: (input) => diagnoser.diagnose({ ...input, strategies: current() }) },
    rewriter: { ...rewriter, rewrite: (input) => rewriter.rewrite({ ...input, strategies: current() }) },
  };
}

/**
 * The run's strategies: the checkpoint's on a resume, else S₀ from the strategist (charged to the
 * run), else the fixed ones (first K of them) with why. Then the roles show whichever set is current.
 */
export async function prepareStrategies(ctx: RunContext): Promise<void> {
  ctx.state.strategies ??= await writeStrategies(ctx, 0, []);
  // The hints shape exploration runs and proposals only: E₀, the gate, the frontier, exact cost and the
  // confirmation set run ctx.deps.runner, the agent as it ships (docs/engine.md "Search strategies").
  ctx.explorer = withStrategies(ctx.deps.runner, ctx.state.strategies.written);
  ctx.deps = {
    ...ctx.deps,
    roles: withStrategiesShown(ctx.deps.roles, () => ctx.state.strategies?.written ?? []),
  };
}

/** Iteration t's strategies (t ≥ 2), rewritten from the weak spots of the parent it explores. */
export async function rewriteStrategies(
  ctx: RunContext,
  t: number,
  weakSpots: readonly WeakSpot[],
): Promise<void> {
  ctx.state.strategies = await writeStrategies(ctx, t, weakSpots);
  ctx.explorer = withStrategies(ctx.deps.runner, ctx.state.strategies.written);
}

async function writeStrategies(
  ctx: RunContext,
  t: number,
  weakSpots: readonly WeakSpot[],
): Promise<StrategySet> {
  const k = evolverStrategyCount(ctx.in.config);
  const at = t > 0 ? { writtenAt: t, weakSpots: [...weakSpots] } : {};
  const fallback = (note: string, redrawn = 0): StrategySet => ({
    written: FALLBACK_STRATEGIES.slice(0, k),
    by: "fallback",
    note:
      k > FALLBACK_STRATEGIES.length
        ? `${note}; only ${FALLBACK_STRATEGIES.length} fixed strategies exist`
        : note,
    ...at,
    ...(redrawn ? { redrawn } : {}),
  });
  const strategist = ctx.deps.roles.strategist;
  if (!strategist) return fallback("no strategist role: the fixed strategies");
  const input = strategistInput(ctx, k, weakSpots);
  let refused: string | undefined;
  for (let attempt = 0; attempt <= REDRAWS; attempt++) {
    const label = t > 0 ? `strategies:${t}` : "strategies";
    const seed = deriveSeed(ctx.in.config.seed, attempt ? `${label}:redraw:${attempt}` : label);
    const answer = await strategist.write({ ...input, seed, ...(refused ? { refused } : {}) });
    spend(ctx, "strategist", answer.usage);
    if (!answer.ok && !/ repeats strategy /.test(answer.failure))
      return fallback(`the strategist failed (${answer.failure}): the fixed strategies`, attempt);
    // Whatever the strategist is, its answer passes the same check (the model path checked it already).
    const checked = answer.ok ? checkedStrategies(answer.value, k) : answer;
    if (checked.ok)
      return { written: checked.value, by: "strategist", ...at, ...(attempt ? { redrawn: attempt } : {}) };
    refused = checked.failure;
  }
  return fallback(
    `the diversity check refused ${REDRAWS + 1} answers (${refused}): the fixed strategies`,
    REDRAWS + 1,
  );
}

/** What the strategist sees: the scope's skills, the weak spots, and task prompts, failing cases first. */
function strategistInput(
  ctx: RunContext,
  k: number,
  weakSpots: readonly WeakSpot[],
): Omit<StrategistInput, "seed"> {
  const skills = scopeSkills(ctx.in.bank, ctx.state.scope).map((s) => ({
    name: s.name,
    description: String(s.frontmatter.description ?? ""),
  }));
  const weak = new Set(weakSpots.map((w) => w.category));
  const cases = [...ctx.in.cases].sort((a, b) => Number(weak.has(b.category)) - Number(weak.has(a.category)));
  const tasks = cases.slice(0, TASKS_SHOWN).map((c) => c.task.prompt.slice(0, TASK_CHARS));
  return { k, skills, tasks, ...(weakSpots.length ? { weakSpots } : {}) };
}
