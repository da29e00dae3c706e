// The app on a fresh GitHub double with a one-category config and a triager (mona), for the tests of
// what happens to feedback when deliveries fail, get lost or come from the wrong role. Each test gets its own.
import type { Probot } from "probot";
import { createSkillopsApp, type SkillopsApp } from "../../src/apps/app/app.js";
import { fixedClock } from "../../src/vocabulary/clock.js";
import { formBody } from "../support/github-double/feedback-form.js";
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

/** A well-formed feedback issue by customer-joe (the refund-window report), with `labels` besides skillops:feedback. */
export function openFeedback(
  double: GitHubDouble,
  title = "Refund window is wrong",
  labels: string[] = [],
): number {
  return double.state.openIssue({
    title,
    body: formBody({
      did: "Said 60 days.",
      expected: 'Say "30 days".',
      evidence: "40 days?",
      category: "general",
    }),
    author: "customer-joe",
    labels: ["skillops:feedback", ...labels],
  }).number;
}
