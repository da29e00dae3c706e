// What `npm start` runs: Probot's server (the setup wizard until the app is registered) with the
// app from app-entry.ts, over a client that waits out GitHub's rate limits and retries
// (rest-client.ts). `probot run` cannot be given a client class, so this calls Probot's `run` itself.
import { run } from "probot";
import entry from "./app-entry.js";
import { SkillopsOctokit } from "../../io/github-api/rest-client.js";

await run(entry, { Octokit: SkillopsOctokit });
