// `skillops ingest`: its options and help. The work is in ingest.ts, loaded when the command runs.
import type { Command } from "commander";
import { wantsJson, type CliContext, type RegisterCommand } from "../context.js";
import type { IngestFlags } from "./ingest.js";
import type { PolicyDiffFlags } from "./ingest-policy-diff.js";
import { addChannelOptions, addPolicyDiffOptions } from "./ingest-options.js";

export const registerIngest: RegisterCommand = (program: Command, ctx: CliContext) => {
  addPolicyDiffOptions(addChannelOptions(program.command("ingest")))
    .description("convert accepted feedback issues without a current case comment into cases (idempotent)")
    .option(
      "--github",
      "read feedback issues from GitHub (SKILLOPS_GITHUB_TOKEN or GITHUB_TOKEN, GITHUB_REPOSITORY)",
    )
    .option("--repo <owner/name>", "repository (default: $GITHUB_REPOSITORY)")
    .option(
      "--knowledge-pr",
      "also open or update the rolling pull request that adds accepted advice to knowledge.md",
    )
    .option(
      "--dry-run",
      "convert but write nothing: list the issues and the comments and labels it would write",
    )
    .option("--json", "print { ok, repository, converter, items, knowledge?, dryRun?, writes? } as JSON")
    .action(async (flags: IngestFlags & PolicyDiffFlags, command: Command) => {
      const { ingestFeedback } = await import("./ingest.js");
      ctx.exitCode = await ingestFeedback(ctx, flags, wantsJson(command));
    });
};
