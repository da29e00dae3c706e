// The flags of `skillops evolve`, declared with their help: what the run reads and writes, and the
// engine knobs (evolve-flags.ts checks their values). Loads nothing but commander, so `--help` stays
// fast.
import type { Command } from "commander";
import { NOGOODS_DIR } from "../../../records/nogood-file.js";

/** What the run reads and where it writes: banks, cases, world, model, output, git and GitHub. */
export function addInputOptions(command: Command): Command {
  return command
    .option("--bank <dir>", "skill bank folder (default: config bank, skill-bank)")
    .option("--cases <dir>", "accepted cases to evolve from, <category>/<id>.yml")
    .option("--pool <dir>", "regression pool folder (default: config pool, regression-pool)")
    .option("--world <file>", "a simulated world file (skillops sim new); implies --model sim")
    .option("--model <kind>", "openai or sim (default: config models.provider; sim with --world)")
    .option(
      "--runner <kind>",
      "reference, command, kernel, claude-code, codex or agents-sdk (default: config evaluate.runner; a kernel world needs kernel; docs/agents.md)",
    )
    .option("--seed <n>", "base seed (default 0)")
    .option(
      "--out <dir>",
      "output folder: frontier banks, run-record.json, checkpoint.jsonl, cache/",
      "evolve-out",
    )
    .option(
      "--git",
      "also commit each frontier member to a branch skillops/frontier/<hash8> in this repository",
    )
    .option(
      "--github",
      "in Actions: read the accepted feedback issues as the cases (unless --cases), and open or update one draft PR per frontier member (docs/pull-requests.md)",
    )
    .option(
      "--dry-run",
      "with --github: read everything, write nothing (no comment, label, PR or push), and print what it would do",
    )
    .option(
      "--scope <name>",
      "restrict the run to one working scope from the config's `scopes` (one matrix job per scope)",
    )
    .option("--fresh", "ignore an existing checkpoint in --out and start over")
    .option(
      "--nogoods <dir>",
      `nogoods read at the start and written at the end (docs/nogoods.md); default ${NOGOODS_DIR}, or <out>/nogoods for a --world run`,
    )
    .option("--config <file>", "config file", ".github/skillops.yml");
}

/** Runs past one job (docs/workflows.md "Sharded evaluation", "Runs that outlive a job"). */
export function addScaleOptions(command: Command): Command {
  return command
    .option(
      "--shards <N>",
      "step mode: stop at each measurement whose executions are not cached, write <out>/pending.json and exit 3, for N shard jobs to evaluate it (default: config evolve.shards; 1 = evaluate here)",
    )
    .option(
      "--shard <i/N>",
      "shard job: evaluate shard i of N of the cases of the measurement in <out>/pending.json into --shard-out, from that file alone (asks no role; writes nothing else)",
    )
    .option(
      "--shard-out <dir>",
      "with --shard: the cache folder this shard writes (then: skillops cache merge)",
    )
    .option(
      "--job-budget-minutes <m>",
      "stop between iterations once another would not fit in this job, and exit 3 to be continued (default: config evolve.jobBudgetMinutes, 330)",
    )
    .option(
      "--continue <run-id>",
      "continue run RUN-ID from the checkpoint in --out (exit 2 when the checkpoint is another run's)",
    );
}

/** The flags engineConfig reads, with the defaults of docs/engine.md's table in their help. */
export function addEngineOptions(command: Command): Command {
  return addSearchOptions(command)
    .option("--top-k <k>", "working scope size (default 5)")
    .option("--batch-size <b>", "cases per diagnoser (default 8)")
    .option("--max-iterations <t>", "iterations T (default 10)")
    .option("--patience <p>", "stop after this many iterations without a frontier change (default 3)")
    .option("--frontier-cap <c>", "frontier size cap (default 3; 1 = greedy)")
    .option("--consolidation <mode>", "none, section or cluster (default section)")
    .option("--vote-threshold <q>", "fraction of diagnosers that must propose a skill edit (default 0.4)")
    .option("--epsilon <e>", "relative regression tolerance per category (default 0.05)")
    .option("--regression-sample <f>", "pool sample as a fraction of the evaluation set (default 0.5)")
    .option("--anchors <m>", "anchor cases per rewritten skill (default 3)")
    .option("--n <runs>", "runs per case (default 3)")
    .option("--k <k>", "k of pass@k (default 3)")
    .option("--screening", "screen children with one run per case before n runs (lossy; off by default)")
    .option("--gate-test <test>", "the gate's test: floor (FRAMES Eq. 2) or paired (default floor)")
    .option(
      "--kernel-score <s>",
      "kernel cases: speedup (correctness × speedup, mean score per category) or threshold (pass/fail); default config evaluate.kernel.score, speedup",
    )
    .option(
      "--exact-cost",
      "run an early-stopped case's remaining runs before a candidate joins the frontier (the default: costs as naive's)",
    )
    .option(
      "--no-exact-cost",
      "keep early-stopped members' costs as estimates with intervals (fewer tokens; costs may differ from naive's)",
    )
    .option("--no-memo", "do not reuse model calls a parent's run already made (docs/engine.md)")
    .option(
      "--no-savings",
      "naive evaluation: every case × n runs, no early stop, sequential rejection or cache (same decisions, more tokens)",
    )
    .option("--operating-point <p>", "which member is P*: accuracy, balanced or cost (default accuracy)")
    .option(
      "--no-ddmin",
      "keep a refused multi-edit child as one non-minimal nogood instead of minimising it",
    )
    .option("--budget-tokens <t>", "stop cleanly once the run has spent this many tokens")
    .option(
      "--traces-out <file>",
      "write the agent's traces as JSONL (model-backed runs; for ingest --traces)",
    );
}

/** The search's flags: strategy, localisation, context budget, tools, SkillNEO, parents, SkillEvolver. */
function addSearchOptions(command: Command): Command {
  return command
    .option("--strategy <s>", "search strategy: frames, neo, evolver or greedy (default frames)")
    .option(
      "--localisation",
      "fault localisation: show the diagnosers where the failing runs went (Ochiai; default on)",
    )
    .option("--no-localisation", "turn fault localisation (and site confirmation) off")
    .option(
      "--confirm-sites <n>",
      "with localisation: re-run the cases behind the top N repair sites with each masked or reverted, to confirm it (default 2; 0 = off)",
    )
    .option(
      "--allocation <a>",
      "context budget allocation: replicator, hedge or thompson (SkillSmith's Hedge step on posterior draws; default replicator)",
    )
    .option(
      "--masking-rate <r>",
      "chance a masking run hides each skill: a number in (0, 1) or adaptive (default 0.5)",
    )
    .option(
      "--retire-after <R>",
      "retire a skill after R allocations whose posterior says it does not pay (default never)",
    )
    .option("--retire-below <e>", "ε of retirement: a strike when Pr(gain > 0) < ε (default 0.05)")
    .option(
      "--extraction-rule",
      "keep a tool extract only when it frees context: ℓ > ℓ_δ + ℓ_d/k for every caller",
    )
    .option("--neo-promote <m>", "SkillNEO: children per generation promoted by screening rank (default 2)")
    .option(
      "--neo-delta-off <pp>",
      "SkillNEO: official-score margin a child must beat the incumbent by (default 0)",
    )
    .option("--neo-delta-aux <pp>", "SkillNEO: auxiliary-score margin on an official tie (default 30)")
    .option(
      "--no-neo-strict-floor",
      "SkillNEO: accept a child without beating the root's and incumbent's pooled scores",
    )
    .option("--neo-hold-patience <h>", "SkillNEO: consecutive holds that stop the search (default 2)")
    .option(
      "--neo-parent-cap <c>",
      "SkillNEO: expansions a version may have as a parent (default ⌈b/|B|⌉ + 2)",
    )
    .option(
      "--parent-selection <s>",
      "parent selection: round-robin or pareto-instance (default: the strategy's own; frames and evolver only)",
    )
    .option("--evolver-k <k>", "SkillEvolver: written exploration strategies per run (default 4)");
}
