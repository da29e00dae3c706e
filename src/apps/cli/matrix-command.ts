// `skillops matrix`: its options and help. The work is in matrix.ts, loaded when the command runs.
import type { Command } from "commander";
import type { CliContext, RegisterCommand } from "./context.js";
import type { MatrixFlags } from "./matrix.js";

export const registerMatrix: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("matrix")
    .description("print the evolve workflow's job matrix (one job per scope, with runner labels)")
    .option("--config <file>", "config file", ".github/skillops.yml")
    .option("--runs-on <labels>", 'override runner labels: a JSON array like ["self-hosted","gpu"]', "")
    .option("--github-output", "print as `matrix=<json>` for $GITHUB_OUTPUT")
    .option("--only <scope>", "only this scope's job (a continuation of one scope's run; docs/workflows.md)")
    .addHelpText(
      "after",
      `\nExamples:\n  $ skillops matrix\n  $ skillops matrix --runs-on '["self-hosted","gpu"]' --github-output >> "$GITHUB_OUTPUT"\n`,
    )
    .action(async (opts: MatrixFlags, command: Command) => {
      const explicit = command.getOptionValueSource("config") === "cli";
      const { runMatrix } = await import("./matrix.js");
      ctx.exitCode = await runMatrix(ctx, opts, explicit);
    });
};
