// `skillops cache merge`: its arguments and help. The work is in cache-merge.ts, loaded when the
// command runs.
import type { Command } from "commander";
import type { CliContext, RegisterCommand } from "../context.js";
import type { MergeFlags } from "./cache-merge.js";

export const registerCache: RegisterCommand = (program: Command, ctx: CliContext) => {
  const cache = program.command("cache").description("the evaluation cache folders (docs/workflows.md)");
  cache
    .command("merge")
    .description(
      "merge the caches of an evaluation's shards into one folder by union (a key held with two different values is an error, and nothing is written)",
    )
    .argument("<dirs...>", "cache folders to merge (each shard's --cache-dir or --shard-out)")
    .option("--into <dir>", "the folder to merge them into (created when absent; its entries are kept)")
    .addHelpText(
      "after",
      "\nExample:\n  $ skillops cache merge shard-1 shard-2 shard-3 --into .skillops-evolve/shard-cache\n\nExit status: 0 merged, 1 conflicting keys (nothing written), 2 usage error.\n",
    )
    .action(async (dirs: string[], flags: MergeFlags) => {
      const { runMerge } = await import("./cache-merge.js");
      ctx.exitCode = await runMerge(ctx, dirs, flags);
    });
};
