// skillops demo — the whole product offline on the example repository (demo/run-demo.ts):
// feedback issues filed and accepted, cases converted, a simulated evolution run, frontier PRs,
// select, merge, rollback. Writes the PR bodies, the dashboard and the run report to --out.
// The demo and the doubles it drives live outside src/ (they are not part of the product), so the
// command loads them only when asked, and says how to get them when they are absent.
import type { Command } from "commander";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { packageRoot } from "./package-version.js";
import { wantsJson, type CliContext, type CliIo, type RegisterCommand } from "./context.js";

/** What the CLI needs of demo/run-demo.ts. Written out here, not imported, so `npm run build`
 * (rootDir src/) never pulls the demo in; test/cli/demo.test.ts checks the demo still fits it. */
export type RunDemo = (opts: {
  io: CliIo;
  root: string;
  out: string;
  quiet?: boolean;
  fast?: boolean;
  startedAt?: number;
}) => Promise<{ ok: boolean }>;

/** The checkout this CLI runs from: the example bank, pool and feedback issues live there. */
const PACKAGE_ROOT = packageRoot();

export const registerDemo: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("demo")
    .description(
      "play the whole product offline on the example repository (the simulated world as an OpenAI-compatible endpoint; GitHub and git on loopback)",
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
      const runDemo = await loadDemo();
      if (!runDemo) {
        ctx.io.stderr(
          "skillops demo runs from a clone of the skillops repository, where the demo and its local GitHub and git doubles live:\n  git clone <skillops repository> && cd skillops && npm ci && npm run demo\n",
        );
        ctx.exitCode = 1;
        return;
      }
      const result = await runDemo({
        io: ctx.io,
        root: PACKAGE_ROOT,
        out: resolve(ctx.io.cwd, flags.out),
        quiet: json,
        fast: Boolean(flags.fast),
        // The wall time counts from the process's start (performance.timeOrigin), not from here:
        // what a user waits for includes starting Node, the CLI and tsx.
        startedAt: 0,
      });
      if (json) ctx.io.stdout(`${JSON.stringify(result, null, 2)}\n`);
      ctx.exitCode = result.ok ? 0 : 1;
    });
};

/** The demo module, or undefined when this installation has no demo/ folder (an installed package). */
async function loadDemo(): Promise<RunDemo | undefined> {
  const url = new URL("../../../demo/run-demo.ts", import.meta.url);
  if (!existsSync(url)) return undefined;
  // From dist/ (compiled JavaScript) the TypeScript demo needs tsx, a dev dependency that a clone
  // has; it is registered now, for the demo only, so no other command pays for it.
  if (import.meta.url.endsWith(".js")) {
    const { register } = await import("tsx/esm/api");
    register();
  }
  const mod = (await import(url.href)) as { runDemo: RunDemo };
  return mod.runDemo;
}
