// `skillops eval`: its options and help. The work is in eval.ts, loaded when the command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "../context.js";
import type { EvalFlags } from "./eval.js";

export const registerEval: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("eval")
    .description(
      "evaluate a skill bank on a folder of cases: pass@k per category with 95% intervals, token cost, executions",
    )
    .option("--bank <dir>", "skill bank folder (default: config bank, skill-bank)")
    .option("--cases <dir>", "cases folder, <category>/<id>.yml (default: config pool, regression-pool)")
    .option(
      "--runner <kind>",
      "reference (built-in agent), command (your agent), kernel (KernelBench tasks; agent from evaluate.kernel.agent), or claude-code, codex, agents-sdk (docs/agents.md)",
    )
    .option(
      "--agent-cmd <cmd>",
      "your agent, e.g. 'python3 agent.py --fast' (split into arguments; never run through a shell)",
    )
    .option("--n <runs>", "runs per case (default 3)")
    .option("--k <k>", "k of pass@k (default 3)")
    .option("--seed <seed>", "bootstrap seed (default 0)")
    .option("--bootstrap <B>", "bootstrap resamples (default 10000)")
    .option("--concurrency <c>", "executions at once (default: models.concurrency)")
    .option("--config <file>", "config file", ".github/skillops.yml")
    .option("--cache-dir <dir>", "execution cache folder (default: evaluate.cacheDir)")
    .option("--no-cache", "do not read or write the execution cache")
    .option("--fail-under <rate>", "exit 1 when the total pass rate is under RATE (0–1, or 80%)")
    .option("--json", "print the evaluation record as JSON")
    .option(
      "--shard <i/N>",
      "evaluate only shard i of N (1 ≤ i ≤ N): the cases whose id hashes to it, so N jobs share the cases and their caches merge (skillops cache merge)",
    )
    .option("--traces-out <file>", "write every execution's trace as JSONL (for ingest --traces)")
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops eval --bank skill-bank --cases regression-pool --json\n  $ skillops eval --runner command --agent-cmd 'python3 my_agent.py' --n 5 --k 1\n\nExit status: 0 evaluated, 1 a run failed to execute, the pass rate is under --fail-under, or the evaluation failed, 2 usage error.\n",
    )
    .action(async (flags: EvalFlags, command: Command) => {
      const explicit = command.getOptionValueSource("config") === "cli";
      const { runEval } = await import("./eval.js");
      ctx.exitCode = await runEval(ctx, flags, wantsJson(command), explicit);
    });
};
