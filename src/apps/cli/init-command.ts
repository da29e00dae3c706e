// `skillops init`: its arguments, options and help. The work is in init.ts, loaded when the command
// runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "./context.js";
import type { InitFlags } from "./init.js";

export const registerInit: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("init")
    .description(
      "scaffold a skill-bank repository: config, issue form, workflows, an example skill, an empty pool",
    )
    .argument("[dir]", "folder to scaffold (created if missing)", ".")
    .option("--force", "write every file, overwriting changed ones and restoring deleted ones")
    .option(
      "--action-ref <owner/repo@ref>",
      "the skillops Action the workflows use (default: this package's repository at v<version>; required while that is a placeholder)",
    )
    .option(
      "--app <hosted|actions>",
      "where the app runs: hosted (a server you run; nothing scaffolded) or actions (adds .github/workflows/skillops-app.yml) (default: actions if an earlier init wrote that workflow, else hosted)",
    )
    .option("--json", "print what was created, overwritten, left unchanged and skipped as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops init my-skills --action-ref my-org/skillops@v0.1.0\n  $ skillops init . --action-ref my-org/skillops@v0.1.0 --app actions\n  $ skillops init . --action-ref my-org/skillops@v0.2.0 --force\n",
    )
    .action(async (dir: string, opts: InitFlags, command: Command) => {
      const { initFolder } = await import("./init.js");
      await initFolder(ctx, dir, opts, wantsJson(command));
    });
};
