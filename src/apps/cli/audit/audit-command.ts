// `skillops audit`: its options and help. The work is in audit.ts, loaded when the command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "../context.js";
import type { AuditFlags } from "./audit.js";

export const registerAudit: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("audit")
    .description(
      "audit a candidate bank against the bank it was derived from: SkillEvolver Table 3 checks 1-9 (framing, case literals, script bloat, untraceable rules, shape-bake, coverage, under-abstraction, primary-action hoisting; with --runs silent bypass), edit validity and exfiltration",
    )
    .requiredOption("--base <dir>", "the bank the candidate was derived from")
    .requiredOption("--bank <dir>", "the candidate bank")
    .option("--cases <dir>", "the evolution cases, <category>/<id>.yml")
    .option("--pool <dir>", "the regression pool, <category>/<id>.yml")
    .option(
      "--runs <record>",
      "an eval record of the candidate (traces: silent bypass, primary action) or a run record (provenance)",
    )
    .option("--config <file>", "config file (audit.checks sets severities)", ".github/skillops.yml")
    .option("--json", "print the findings as JSON")
    .addHelpText("after", "\nExit status: 0 clean, 1 an error finding, 2 usage error or unreadable input.\n")
    .action(async (flags: AuditFlags, command: Command) => {
      const explicit = command.getOptionValueSource("config") === "cli";
      const { runAudit } = await import("./audit.js");
      ctx.exitCode = await runAudit(ctx, flags, explicit, wantsJson(command));
    });
};
