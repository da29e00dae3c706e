// The exit status of `skillops evolve`, from the run record alone (pure). The rule:
// - exit 1 when iterations were allowed but none ran (the budget was spent on the baseline), unless
//   nothing was left to improve (the starting bank passed every run: a quiet week, exit 0), or when a role was called at least once and every one of its calls failed — the
//   frontier is then the baseline for a reason that has nothing to do with the skills;
// - a role that failed on some calls but not all is a warning (exit 0): the vote already counts a
//   failed diagnoser as a vote against every edit, and the run's figures stand.
import type { Role } from "../../../core/llm/model.js";
import type { Iteration, RunRecord } from "../../../records/run-record.js";

/** How one of the three evolution roles did over a run. */
export interface RoleTally {
  role: Extract<Role, "diagnoser" | "consolidator" | "rewriter">;
  calls: number;
  failed: number;
  /** The first failure's reason, as the role gave it. */
  first?: string;
}

export interface EvolveVerdict {
  exitCode: 0 | 1;
  errors: string[];
  warnings: string[];
}

const CONSOLIDATOR_FAILED = "the consolidator failed: ";
const REWRITER_FAILED = "rewriter failed: ";
const BUDGET_SPENT = "the run's token budget is spent";
// Drops decided before the rewriter is called: they are not calls.
const NOT_CALLED = new Set(["outside the working scope", "no such skill in the bank", BUDGET_SPENT]);

function tally(role: RoleTally["role"], outcomes: ReadonlyArray<string | undefined>): RoleTally {
  const failures = outcomes.filter((o): o is string => o !== undefined);
  return {
    role,
    calls: outcomes.length,
    failed: failures.length,
    ...(failures[0] !== undefined ? { first: failures[0] } : {}),
  };
}

/** Each role's calls over the run, as outcomes: undefined for a success, the reason for a failure. */
export function roleTallies(iterations: readonly Iteration[]): RoleTally[] {
  const diagnoser = iterations.flatMap((it) => it.proposals.map((p) => p.failure));
  // The consolidator is called once per iteration whose vote kept an edit, within the budget.
  const consolidator = iterations
    .filter((it) => it.vote.kept.length > 0 && it.note !== BUDGET_SPENT)
    .map((it) =>
      it.note?.startsWith(CONSOLIDATOR_FAILED) ? it.note.slice(CONSOLIDATOR_FAILED.length) : undefined,
    );
  const rewriter = iterations.flatMap((it) =>
    it.rewrites
      .filter((r) => !(r.status === "dropped" && NOT_CALLED.has(r.reason ?? "")))
      .map((r) =>
        r.reason?.startsWith(REWRITER_FAILED) ? r.reason.slice(REWRITER_FAILED.length) : undefined,
      ),
  );
  return [tally("diagnoser", diagnoser), tally("consolidator", consolidator), tally("rewriter", rewriter)];
}

/** Stops before iteration 1 that are the job done: nothing was left to improve (a quiet week). */
const NOTHING_LEFT: ReadonlySet<RunRecord["stop"]["reason"]> = new Set(["perfect-root", "no-cases"]);

export function evolveVerdict(record: RunRecord): EvolveVerdict {
  const errors: string[] = [];
  const warnings: string[] = [];
  const idle = record.iterations.length === 0 && record.config.maxIterations > 0;
  if (idle && !NOTHING_LEFT.has(record.stop.reason)) {
    const why = record.stop.note ?? `stopped: ${record.stop.reason}`;
    errors.push(`no iteration could run (${why})`);
  }
  for (const t of roleTallies(record.iterations)) {
    if (t.failed === 0) continue;
    if (t.failed === t.calls)
      errors.push(`every ${t.role} call failed (${t.failed} of ${t.calls}): ${t.first}`);
    else warnings.push(`${t.failed} of ${t.calls} ${t.role} calls failed; first: ${t.first}`);
  }
  return { exitCode: errors.length > 0 ? 1 : 0, errors, warnings };
}
