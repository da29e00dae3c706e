// What `npm start` runs: Probot's server (the setup wizard until the app is registered) with the
// app from app-entry.ts, over a client that waits out GitHub's rate limits and retries
// (rest-client.ts). `probot run` cannot be given a client class, so this calls Probot's `run` itself.
import { run } from "probot";
import entry from "./app-entry.js";
import { SkillopsOctokit } from "../../io/github-api/rest-client.js";

// Before the app is registered, Probot's setup wizard tries to open a smee.io channel (so GitHub's
// webhooks reach this machine) by importing smee-client, which skillops does not depend on: it
// warned "SmeeClient is not available" on every `npm start`, and no channel could ever open. So the
// attempt is off unless the operator says otherwise: a deployed server receives webhooks at its
// public URL; to receive them locally, set WEBHOOK_PROXY_URL to a smee.io channel and install
// smee-client, or install it and set NO_SMEE_SETUP=false (docs/install.md, "A hosted server").
if (!process.env.WEBHOOK_PROXY_URL) process.env.NO_SMEE_SETUP ??= "true";

await run(entry, { Octokit: SkillopsOctokit });
