// The app on a fresh GitHub double with a one-category config and a triager (mona), for the tests of
// what happens to accepted feedback when deliveries fail or get lost. Each test gets its own.
import type { Probot } from "probot";
import { createSkillopsApp, type SkillopsApp } from "../../src/github/app.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import {
  createGitHubDouble,
  createProbotOnDouble,
  type GitHubDouble,
} from "../support/github-double/index.js";

export const BOT = "acme-skills[bot]";

export interface TriagedApp {
  double: GitHubDouble;
  skillops: SkillopsApp;
  probot: Probot;
}

export async function startTriagedApp(): Promise<TriagedApp> {
  const double = await createGitHubDouble({ owner: "acme", repo: "agent-skills", appSlug: "acme-skills" });
  double.state.setFile(".github/skillops.yml", "categories: [general]\n");
  double.state.collaborators.set("mona", "triage");
  const skillops = createSkillopsApp({ now: fixedClock("2026-11-30T03:00:00Z") });
  return { double, skillops, probot: await createProbotOnDouble(double, skillops.app) };
}
