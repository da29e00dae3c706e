// `skillops app-event`: its help. The work is in app-event.ts (the app, with probot), loaded when
// the command runs.
import type { Command } from "commander";
import type { CliContext, RegisterCommand } from "./context.js";

export const registerAppEvent: RegisterCommand = (program: Command, ctx: CliContext) => {
  program
    .command("app-event")
    .description(
      "run the skillops app on this GitHub Actions job's event (issues, issue_comment, pull_request, push, workflow_run)",
    )
    .action(async () => {
      const { runAppEvent } = await import("./app-event.js");
      ctx.exitCode = await runAppEvent(ctx);
    });
};
