// `skillops coldstart`: its options and help. The work is in coldstart.ts, loaded when the command
// runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "./context.js";
import type { ColdstartFlags } from "./coldstart.js";
import { DEFAULT_CONFIG } from "./ingest/ingest-options.js";

export const registerColdstart: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("coldstart")
    .description(
      "Write a first skill bank from policy documents (segmenter + skill writer; simulated by default)",
    )
    .requiredOption("--policy <files...>", "policy documents (Markdown with headings)")
    .requiredOption("--out <dir>", "folder to write the bank to (must be empty or absent, unless --force)")
    .option(
      "--cases <dir>",
      "also write one draft case per policy clause no skill covers, in the pool layout (empty or absent, unless --force)",
    )
    .option(
      "--model <provider>",
      "sim (the simulated endpoint, no key needed) or openai (the config's models)",
      "sim",
    )
    .option("--config <file>", "config file for --model openai", DEFAULT_CONFIG)
    .option("--force", "replace a non-empty --out (and --cases)")
    .action(async (opts: ColdstartFlags, cmd: Command) => {
      const { runColdstart } = await import("./coldstart.js");
      ctx.exitCode = await runColdstart(ctx, opts, wantsJson(cmd));
    });
};
