// skillops demo — the whole product offline on the example repository (src/demo/run-demo.ts):
// feedback issues filed and accepted, cases converted, a simulated evolution run, frontier PRs,
// select, merge, rollback. Writes the PR bodies, the dashboard and the run report to --out.
import type { Command } from "commander";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { runDemo } from "../demo/run-demo.js";
import { wantsJson, type CliContext, type RegisterCommand } from "./context.js";

/** The checkout this CLI runs from: the example bank, pool and feedback issues live there. */
const PACKAGE_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export const registerDemo: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("demo")
    .description(
      "play the whole product offline on the example repository (simulated model; GitHub and git on loopback)",
    )
    .option("--out <dir>", "where to write the PR bodies, dashboard and report", "demo-out")
    .option("--fast", "fewer iterations (the test suite's variant)")
    .option("--json", "print a JSON summary of the steps instead of the narration")
    .addHelpText(
      "after",
      "\nExamples:\n  $ npm run demo\n  $ skillops demo --out /tmp/demo --json\n\nExit status: 0 every step checked out, 1 a step failed.\n",
    )
    .action(async (flags: { out: string; fast?: boolean }, command: Command) => {
      const json = wantsJson(command);
      const result = await runDemo({
        io: ctx.io,
        root: PACKAGE_ROOT,
        out: resolve(ctx.io.cwd, flags.out),
        quiet: json,
        fast: Boolean(flags.fast),
      });
      if (json) ctx.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      ctx.exitCode = result.ok ? 0 : 1;
    });
};
