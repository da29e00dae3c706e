// skillops app-event
// Runs the app on the event that triggered this GitHub Actions job (src/apps/app/actions-adapter.ts):
// the app without a server. Needs SKILLOPS_GITHUB_TOKEN (an app installation token).
import type { Command } from "commander";
import { readFile } from "node:fs/promises";
import { ActionsSetupError, runAppInActions } from "../app/actions-adapter.js";
import { WEBHOOK_EVENTS } from "../app/events.js";
import { UsageError, type CliContext, type RegisterCommand } from "./context.js";

export async function runAppEvent(ctx: CliContext): Promise<number> {
  try {
    return await runAppInActions({
      env: ctx.io.env,
      readText: (path) => readFile(path, "utf8"),
      log: (line) => ctx.io.stderr(`${line}\n`),
    });
  } catch (error) {
    if (error instanceof ActionsSetupError) throw new UsageError(error.message);
    throw error;
  }
}

export const registerAppEvent: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("app-event")
    .description(`run the skillops app on this GitHub Actions job's event (${WEBHOOK_EVENTS.join(", ")})`)
    .action(async () => {
      ctx.exitCode = await runAppEvent(ctx);
    });
};
