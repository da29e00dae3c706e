// `skillops app-event`: its help. The work is in app-event.ts (the app, with probot), loaded when
// the command runs.
import type { Command } from "commander";
import { WEBHOOK_EVENTS } from "../app/events.js";
import type { CliContext, RegisterCommand } from "./context.js";

export const registerAppEvent: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("app-event")
    .description(`run the skillops app on this GitHub Actions job's event (${WEBHOOK_EVENTS.join(", ")})`)
    .action(async () => {
      const { runAppEvent } = await import("./app-event.js");
      ctx.exitCode = await runAppEvent(ctx);
    });
};
