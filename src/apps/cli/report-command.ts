// `skillops report`: its arguments, options and help. The work is in report.ts, loaded when the
// command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "./context.js";
import type { ReportFlags } from "./report.js";

export const registerReport: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("report")
    .description("render a run record as an HTML report (inline SVG, no network) and/or Markdown")
    .argument("<run>", "run record JSON, as printed by `skillops evolve --json`")
    .option("--html <file>", "write the self-contained HTML report here")
    .option("--md <file>", "write the Markdown report here")
    .option("--json", "print what was written as JSON")
    .addHelpText(
      "after",
      "\nExamples:\n  $ skillops evolve --model sim --json > run.json\n  $ skillops report run.json --html report.html --md report.md\n  $ skillops report run.json            # Markdown to stdout\n",
    )
    .action(async (run: string, opts: ReportFlags, command: Command) => {
      const { runReport } = await import("./report.js");
      await runReport(ctx, run, opts, wantsJson(command));
    });
};
