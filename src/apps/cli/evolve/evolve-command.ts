// `skillops evolve`: its options and help. The work is in evolve.ts, loaded when the command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "../context.js";
import type { EvolveFlags } from "./evolve-flags.js";
import { addEngineOptions, addInputOptions, addScaleOptions } from "./evolve-options.js";
import { noticeOnInterrupt } from "./resume-notice.js";

const EXAMPLES =
  "\nExamples:\n  $ skillops evolve --model sim                      simulated world over skill-bank/\n  $ skillops sim new --seed 7 > world.yml && skillops evolve --world world.yml --json\n  $ skillops evolve --cases accepted/ --model openai --git\n\nExit status: 0 run finished (a role that failed on some calls is a warning), 1 a role failed on every call, no iteration could run, or refused input, 2 usage error, 3 not finished: continue it (the job budget was reached, or a measurement waits for its shards; <out>/continuation.json says which).\n";

export const registerEvolve: RegisterCommand = (program: Command, ctx: CliContext) => {
  const command = program
    .command("evolve")
    .description(
      "run the FRAMES evolution loop: a guarded, per-category-gated Pareto frontier of skill banks",
    );
  addScaleOptions(addEngineOptions(addInputOptions(command)))
    .option("--concurrency <c>", "agent executions at once (default: models.concurrency)")
    .option("--json", "print the run record as JSON (with --dry-run, plus its publishPlan)")
    .addHelpText("after", EXAMPLES)
    .action(async (flags: EvolveFlags, command: Command) => {
      // Ctrl-C prints the command that resumes from the checkpoint (exit 130).
      const quiet = noticeOnInterrupt(ctx.io, ctx.argv ?? [], flags.out);
      try {
        const [{ runEvolve }, { capHeapGrowth }] = await Promise.all([
          import("./evolve.js"),
          import("./heap-growth.js"),
        ]);
        capHeapGrowth(); // a long run's peak RSS (heap-growth.ts)
        ctx.exitCode = await runEvolve(
          ctx,
          flags,
          wantsJson(command),
          command.getOptionValueSource("config") === "cli",
        );
      } finally {
        quiet();
      }
    });
};
