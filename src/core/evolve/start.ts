// Before Algorithm 1 runs: refuse inputs it cannot evolve from, order the categories (configured
// ones first, then any only the cases name), index the regression pool, and resolve the defaults
// every step shares, once. A checkpoint given to continue from is checked against the inputs here.
import type { Case } from "../../records/case.js";
import { type Checkpoint, ResumeRefused, resumeMismatch } from "./checkpoint.js";
import { settingsOf, type EvolveDeps, type EvolveInputs, type RunContext, type RunSetup } from "./context.js";
import { parentSelectionProblem, parentSelectorFor, strategyFor } from "./strategies/strategies.js";
import { linkPoolByRetrieval } from "./retrieval-links.js";
import { isPoolCases, poolCasesOf, withoutCases, type PoolCases } from "./pool-cases.js";
import { checkNogoodAgainstBank } from "../nogoods/nogood-bank-check.js";
import { nogoodFileName } from "../../records/nogood-file.js";
import { heldBackIds, holdBack, NOTHING_HELD_BACK } from "./hold-back.js";
import { candidateHash } from "./context.js";

/** Inputs the loop refuses (no cases, an empty working scope); the CLI exits 1 with the message. */
export class EvolveInputError extends Error {}

export function prepareRun(inputs: EvolveInputs, deps: EvolveDeps): RunSetup {
  if (inputs.cases.length === 0)
    throw new EvolveInputError(
      "no accepted cases: nothing to evolve from (accept feedback issues, or pass --cases with at least one case)",
    );
  checkNogoods(inputs);
  // A lazy pool's cases are checked as they are read (pool-cases.ts), an in-memory pool's here.
  const lazy = isPoolCases(inputs.pool);
  checkScorers(lazy ? inputs.cases : [...inputs.cases, ...(inputs.pool as readonly Case[])], deps);
  const caseCategories = [...new Set(inputs.cases.map((c) => c.category))].sort();
  const categories = [
    ...inputs.categories.filter((c) => caseCategories.includes(c)),
    ...caseCategories.filter((c) => !inputs.categories.includes(c)),
  ];
  const strategy = strategyFor(inputs.config);
  const selectionProblem = parentSelectionProblem(inputs.config);
  if (selectionProblem) throw new EvolveInputError(selectionProblem);
  // Pool cases that nothing links get their retrieval links here, every run (retrieval-links.ts).
  const pool = linkPool(
    inputs,
    lazy ? withScorerCheck(inputs.pool as PoolCases, deps) : poolCasesOf(inputs.pool),
  );
  const { selection, heldBack } = confirmationSplit(inputs, pool);
  return {
    in: { ...inputs, cases: selection, categories },
    deps,
    settings: settingsOf(inputs.config, strategy),
    parents: deps.parents ?? parentSelectorFor(inputs.config),
    caseIds: new Set(selection.map((c) => c.id)),
    pool: withoutCases(pool, heldBackIds(heldBack)),
    heldBack,
    // The full pool, for the held-back cases' measurement once P* is chosen (confirm.ts).
    fullPool: pool,
    // A configured category with no accepted case has no E₀ rate, so nothing anchors its floor.
    ungated: inputs.categories.filter((c) => !caseCategories.includes(c)),
  };
}

/**
 * A nogood whose edits its skill version could not have had (a file planted or edited by hand) is
 * refused before it vetoes anything or reaches a diagnoser (docs/nogoods.md "Checked before use").
 */
function checkNogoods(inputs: EvolveInputs): void {
  for (const n of inputs.nogoods ?? []) {
    const [problem] = checkNogoodAgainstBank(n, inputs.bank).problems;
    if (problem !== undefined)
      throw new EvolveInputError(
        `nogood ${nogoodFileName(n)}: ${problem}; it was not used. Delete the file (nogoods are written by skillops, never by hand)`,
      );
  }
}

/** Continue after the checkpoint's last completed iteration; refused when inputs or knobs differ. */
export function resumeRun(setup: RunSetup, cp: Checkpoint): RunContext {
  const diff = resumeMismatch(cp, setup.in.inputs, setup.in.config);
  if (diff.length > 0) throw new ResumeRefused(diff);
  return { ...setup, state: structuredClone(cp.state) };
}

/**
 * A judge or command rubric item scored without its scorer fails every run (`no-judge`), which would
 * read as a real 0; so a run whose cases need a scorer it was not given is refused before it starts.
 */
export function checkScorers(cases: readonly Case[], deps: EvolveDeps): void {
  const needing = (type: "judge" | "command") =>
    cases.filter((c) => c.task.rubric.some((r) => r.type === type));
  const judged = needing("judge");
  if (judged.length > 0 && !deps.judge)
    throw new EvolveInputError(
      `case ${namesOf(judged)} has judge items but no judge model is configured: set models.roles.judge in .github/skillops.yml and run with --model openai (the simulated roles have no judge), or replace the judge items with exact checks`,
    );
  const commanded = needing("command");
  if (commanded.length > 0 && !deps.runCommand)
    throw new EvolveInputError(
      `case ${namesOf(commanded)} has command items but this run has no command scorer: run it with skillops evolve --model openai, or replace the command items`,
    );
}

/** The run's confirmation set (hold-back.ts); nothing held back when `holdBack` is 0 or absent. */
function confirmationSplit(inputs: EvolveInputs, pool: PoolCases) {
  const share = inputs.config.holdBack ?? 0;
  if (share <= 0) return { selection: [...inputs.cases], heldBack: NOTHING_HELD_BACK(inputs.config.seed) };
  const bank = candidateHash(inputs.bank);
  return holdBack({ cases: inputs.cases, pool: pool.index, share, seed: inputs.config.seed, bank });
}

const linkPool = (inputs: EvolveInputs, pool: PoolCases) =>
  inputs.retrievalLinks === false ? pool : linkPoolByRetrieval(pool, inputs.bank);

/** The same refusal as checkScorers, for a lazy pool's cases as they are first read. */
function withScorerCheck(pool: PoolCases, deps: EvolveDeps): PoolCases {
  return {
    ...pool,
    load: async (entries) => {
      const cases = await pool.load(entries);
      checkScorers(cases, deps);
      return cases;
    },
  };
}

function namesOf(cases: readonly Case[]): string {
  const shown = cases.slice(0, 3).map((c) => c.id);
  return cases.length > 3 ? `${shown.join(", ")} (and ${cases.length - 3} more)` : shown.join(", ");
}
