// What `npm start` (app-server.ts, or `probot run`) loads: the app with its hosted options (app-options.ts). Probot
// reads APP_ID, PRIVATE_KEY and WEBHOOK_SECRET; the bot login comes from GET /app unless
// SKILLOPS_BOT_LOGIN or SKILLOPS_APP_SLUG names it (docs/install.md, "Hosting the app").
import type { ApplicationFunction } from "probot";
import { createSkillopsApp } from "./app.js";
import { hostedAppOptions } from "./app-options.js";
import { HOSTED_REFRESH_DELAY_MS } from "./dashboard/refresh-coalescer.js";

const { app } = createSkillopsApp({
  ...hostedAppOptions(process.env),
  dashboard: { delayMs: HOSTED_REFRESH_DELAY_MS },
});

const entry: ApplicationFunction = app;
export default entry;
