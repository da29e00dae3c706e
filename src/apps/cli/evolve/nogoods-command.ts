// `skillops nogoods reject`: its options and help. The work is in nogoods.ts, loaded when the
// command runs.
import type { Command } from "commander";
import type { CliContext, RegisterCommand } from "../context.js";
import { NOGOODS_DIR } from "../../../records/nogood-file.js";
import type { RejectFlags } from "./nogoods.js";

export const registerNogoods: RegisterCommand = (program: Command, ctx: CliContext) => {
  const nogoods = program.command("nogoods").description("nogoods: refused section edits (docs/nogoods.md)");
  nogoods
    .command("reject")
    .description("turn a rolled-back or closed-unmerged candidate into nogoods, one per section edit")
    .option("--base <dir>", "the bank the candidate was proposed on (the PR's base)")
    .option("--candidate <dir>", "the candidate's bank (the PR's head)")
    .option("--origin <origin>", "rollback or closed-pr")
    .option("--reason <text>", "who did what, e.g. '#41 rolled back by #57'")
    .option("--run <id>", "the run that proposed the candidate (the PR marker's run id)")
    .option("--nogoods <dir>", "where nogoods live", NOGOODS_DIR)
    .action(async (flags: RejectFlags) => {
      const { runReject } = await import("./nogoods.js");
      ctx.exitCode = await runReject(ctx, flags);
    });
};
