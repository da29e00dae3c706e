// `skillops sim new` and `skillops sim serve`: their options and help. The work is in sim.ts and
// sim-serve.ts, loaded when a subcommand runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "../context.js";
import type { SimFlags } from "./sim.js";
import { WORLD_KINDS } from "../../../sim/world-kind.js";
import type { SimServeFlags } from "./sim-serve.js";

export const registerSim: RegisterCommand = (program: Command, ctx: CliContext) => {
  const sim = program
    .command("sim")
    .description(
      "the simulated world: a seeded, model-free domain with known truth (everything it measures is simulated)",
    );
  sim
    .command("new")
    .description("write a simulated world file (YAML) to stdout")
    .requiredOption("--seed <n>", "seed")
    .option("--bank <dir>", "lay the rules over this bank's skills (default: a generated bank)")
    .option("--rules <r>", "number of rules (default 24)")
    .option("--noise <q>", "probability a diagnoser proposes a conflicting clause (default 0.15)")
    .option("--misleading <f>", "fraction of cases with a misleading diagnosis (default 0.15)")
    .option("--forget <q>", "probability the rewriter forgets an unprotected clause (default 0.15)")
    .option(
      "--leak <r>",
      "probability the rewriter pastes a failing case's answer instead of the rule (default 0)",
    )
    .option("--cases-per-rule <c>", "cases per rule in each of the evolution and held-out sets (default 2)")
    .option(
      "--tools",
      "a tool-defect world: rules that only a tool patch fixes, a procedure an extract shrinks",
    )
    .option(
      "--kind <k>",
      `world kind: ${WORLD_KINDS.join(", ")} (default: default; docs/simulated-world.md "World kinds")`,
    )
    .option(
      "--unlinked",
      "no case carries `skills` (feedback that named no skill): links must be derived (docs/case-format.md)",
    )
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops sim new --seed 7 > world.yml\n  $ skillops sim new --seed 7 --bank skill-bank --force --rules 30 --noise 0.3 > world.yml\n  $ skillops evolve --world world.yml\n",
    )
    .option("--json", "write the world as JSON instead of YAML (evolve --world reads both)")
    .option(
      "--force",
      "with --bank: lay the made-up rules over that bank's skills anyway (refused without it: they are not your policy)",
    )
    .action(async (flags: SimFlags, command: Command) => {
      const { runSimNew } = await import("./sim.js");
      ctx.exitCode = await runSimNew(ctx, flags, wantsJson(command));
    });
  registerServe(sim, ctx);
};

/** `skillops sim serve`. */
function registerServe(sim: Command, ctx: CliContext): void {
  sim
    .command("serve")
    .description(
      "serve a simulated world as an OpenAI-compatible endpoint on 127.0.0.1 (prints its baseURL; Ctrl-C stops it)",
    )
    .requiredOption("--world <file>", "the world file (from `skillops sim new`)")
    .option("--port <n>", "port to listen on (default: a free one)")
    .addHelpText(
      "after",
      "\nExample:\n  $ skillops sim serve --world world.yml --port 8089\n  then in .github/skillops.yml: models: { provider: openai, baseURL: http://127.0.0.1:8089/v1 }\n",
    )
    .action(async (flags: SimServeFlags) => {
      const { runSimServe, interrupted } = await import("./sim-serve.js");
      ctx.exitCode = await runSimServe(ctx, flags, interrupted());
    });
}
