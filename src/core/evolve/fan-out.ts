// Sharded evaluation (`evolve.shards`, docs/workflows.md "Sharded evaluation"): every measurement of
// a candidate is shown to the fan-out before it runs. The CLI's step mode stops the run at the first
// one whose executions are not all at hand and hands it to N shard jobs; each shard replays the run
// to the same measurement and evaluates its slice of the cases into its own cache; the next step job
// merges those caches and measures again, now from them. The measurement itself is never changed, so
// every decision is the one the unsharded run makes (the cache is exact).
import type { SkillBank } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import { cacheKey } from "../evaluate/cache.js";
import { inlineFiles } from "../evaluate/evaluate.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { candidateHash, type RunContext } from "./context.js";
import { measure, type MeasureOptions } from "./measure.js";

export interface PlannedMeasurement {
  /** The same for the same candidate, cases and runs, in whichever process replays the run. */
  id: string;
  runId: string;
  /** The last completed iteration (what the checkpoint holds). */
  t: number;
  candidate: string;
  cases: readonly Case[];
  n: number;
  /** The cache key of every run the measurement can read: n per case. */
  keys(): Promise<string[]>;
  /**
   * Evaluates these cases as a shard: the runs early stop reaches (all n for P₀ under exactCost, whose
   * remaining runs follow anyway), with no rejection and no budget, into the run's cache.
   */
  evaluate(cases: readonly Case[]): Promise<void>;
}

export interface FanOut {
  /** Resolves to let the measurement run here; throws to stop the run before it (step mode). */
  before(m: PlannedMeasurement): Promise<void>;
}

export function planMeasurement(ctx: RunContext, bank: SkillBank, opts: MeasureOptions): PlannedMeasurement {
  const candidate = candidateHash(bank);
  const ids = opts.cases.map((c) => c.id);
  const id = sha256Hex(
    canonicalJson({ candidate, skills: opts.skills.map((s) => s.name), cases: ids, n: opts.n, k: opts.k }),
  );
  const filesOf = (c: Case) => (opts.resolveFiles ? opts.resolveFiles(c) : Promise.resolve(inlineFiles(c)));
  const { floors: _floors, mayContinue: _budget, ...shard } = opts;
  return {
    id,
    runId: ctx.state.runId,
    t: ctx.state.t,
    candidate,
    cases: opts.cases,
    n: opts.n,
    async keys() {
      const out: string[] = [];
      for (const c of opts.cases) {
        const files = await filesOf(c);
        for (let runIndex = 0; runIndex < opts.n; runIndex++)
          out.push(
            cacheKey({ skills: opts.skills, case: c, files, settingsKey: opts.runner.settingsKey, runIndex }),
          );
      }
      return out;
    },
    async evaluate(cases) {
      const earlyStop =
        (opts.earlyStop ?? true) && !(ctx.settings.exactCost && ctx.state.frontier.length === 0);
      await measure({ ...shard, cases, earlyStop });
    },
  };
}
