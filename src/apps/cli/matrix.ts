// `skillops matrix`: prints the evolve workflow's job matrix from .github/skillops.yml (used by the
// workflow's plan job; see docs/workflows.md).
import type { Command } from "commander";
import { MatrixError, parseRunsOn, planMatrix } from "../../core/init/plan-matrix.js";
import { loadConfigFile } from "./config-file.js";
import { UsageError, type CliContext } from "./context.js";

export function registerMatrix(program: Command, ctx: CliContext): void {
  program
    .command("matrix")
    .description("print the evolve workflow's job matrix (one job per scope, with runner labels)")
    .option("--config <file>", "config file", ".github/skillops.yml")
    .option("--runs-on <labels>", 'override runner labels: a JSON array like ["self-hosted","gpu"]', "")
    .option("--github-output", "print as `matrix=<json>` for $GITHUB_OUTPUT")
    .addHelpText(
      "after",
      `\nExamples:\n  $ skillops matrix\n  $ skillops matrix --runs-on '["self-hosted","gpu"]' --github-output >> "$GITHUB_OUTPUT"\n`,
    )
    .action(async (opts: { config: string; runsOn: string; githubOutput?: boolean }, command: Command) => {
      let override: string[] | undefined;
      try {
        override = parseRunsOn(opts.runsOn);
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
      try {
        const explicit = command.getOptionValueSource("config") === "cli";
        const matrix = planMatrix(await loadConfigFile(ctx.io, opts.config, explicit), override);
        ctx.io.stdout(
          opts.githubOutput ? `matrix=${JSON.stringify(matrix)}\n` : `${JSON.stringify(matrix, null, 2)}\n`,
        );
      } catch (e) {
        if (!(e instanceof MatrixError)) throw e;
        ctx.io.stderr(`error: ${e.message}\n`);
        ctx.exitCode = 1;
      }
    });
}
