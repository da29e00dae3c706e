// `skillops doctor`: its options and help. The work is in doctor.ts, loaded when the command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "./context.js";
import type { DoctorFlags } from "./doctor.js";

export const registerDoctor: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("doctor")
    .description(
      "check what an evaluation needs: the runner's program (found, version, starts in the sandbox), bubblewrap, the keys the config names (never shown) and each model endpoint (one cheap call)",
    )
    .option("--config <file>", "config file", ".github/skillops.yml")
    .option("--runner <kind>", "the runner to check (default: evaluate.runner)")
    .option("--agent-cmd <cmd>", "the agent command to check, as eval takes it")
    .option("--json", "print the checks as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops doctor\n  $ skillops doctor --runner claude-code --json\n\nExit status: 0 every check passed (warnings allowed), 1 a check failed, 2 usage error.\n",
    )
    .action(async (flags: DoctorFlags, command: Command) => {
      const explicit = command.getOptionValueSource("config") === "cli";
      const { runDoctor } = await import("./doctor.js");
      ctx.exitCode = await runDoctor(ctx, flags, wantsJson(command), explicit);
    });
};
