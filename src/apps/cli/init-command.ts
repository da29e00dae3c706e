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
      "pin a released skillops Action instead of vendoring one (default: the Action is vendored into .github/actions/skillops/, unless an earlier init pinned a release)",
    )
    .option(
      "--vendor",
      "vendor the Action into .github/actions/skillops/ (the default; switches a scaffold that pinned a release)",
    )
    .option(
      "--upgrade",
      "replace the vendored Action with the one this skillops ships, and say what changed (version and hash, old → new)",
    )
    .option(
      "--check",
      "verify the vendored Action against its recorded hashes; writes nothing (exit 1 when it differs)",
    )
    .option(
      "--app <hosted|actions>",
      "where the app runs: hosted (a server you run; nothing scaffolded) or actions (adds .github/workflows/skillops-app.yml) (default: actions if an earlier init wrote that workflow, else hosted)",
    )
    .option("--json", "print what was created, overwritten, left unchanged and skipped as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops init my-skills\n  $ skillops init . --app actions\n  $ skillops init . --upgrade\n  $ skillops init . --check\n  $ skillops init . --action-ref my-org/skillops@v0.2.0\n",
    )
    .action(async (dir: string, opts: InitFlags, command: Command) => {
      const { initFolder } = await import("./init.js");
      await initFolder(ctx, dir, opts, wantsJson(command));
    });
};
