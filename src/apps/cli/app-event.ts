// skillops app-event
// Runs the app on the event that triggered this GitHub Actions job (src/apps/app/actions-adapter.ts):
// the app without a server. Needs SKILLOPS_GITHUB_TOKEN (an app installation token). Declared in
// app-event-command.ts.
import { readFile } from "node:fs/promises";
import { ActionsSetupError, runAppInActions } from "../app/actions-adapter.js";
import { UsageError, type CliContext } from "./context.js";

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
