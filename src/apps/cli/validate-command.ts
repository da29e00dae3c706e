// `skillops validate`: its arguments, options and help. The work is in validate.ts, loaded when the
// command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "./context.js";
import type { ValidateFlags } from "./validate.js";

const DEFAULT_BANK_PATH = "skill-bank";
const DEFAULT_CONFIG_FILE = ".github/skillops.yml";

export const registerValidate: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("validate")
    .description(
      "check a bank folder, a skill folder or a SKILL.md against the Agent Skills spec and our metadata rules, or a regression-pool folder against the case schema; and the config file",
    )
    .argument("[path]", "bank folder, skill folder, SKILL.md, or regression-pool folder", DEFAULT_BANK_PATH)
    .option("--config <file>", `config file to check too (default: ${DEFAULT_CONFIG_FILE} when present)`)
    .option(
      "--nogoods <dir>",
      "nogoods folder to check beside a bank (default: .skillops/nogoods when present)",
    )
    .option("--strict", "unknown frontmatter keys are errors (default)")
    .option("--lenient", "unknown frontmatter keys are warnings")
    .option("--json", "print a JSON report")
    .addHelpText(
      "after",
      "\nExit status: 0 no errors, 1 errors found (in the bank, its nogoods, the pool or config), 2 usage error.\n",
    )
    .action(
      async (path: string, flags: Omit<ValidateFlags, "config"> & { config?: string }, command: Command) => {
        const { runValidate, modeOf } = await import("./validate.js");
        ctx.exitCode = await runValidate(ctx, path, {
          mode: modeOf(flags),
          json: wantsJson(command),
          config: { file: flags.config ?? DEFAULT_CONFIG_FILE, explicit: flags.config !== undefined },
          ...(flags.nogoods !== undefined ? { nogoods: flags.nogoods } : {}),
        });
      },
    );
};
