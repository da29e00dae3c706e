// The Octokit REST client the adapters (repo.ts, repo-pulls.ts) are built over, and how its
// errors read: a status code to branch on, the response body to quote.
import type { ProbotOctokit } from "probot";

export type RestClient = InstanceType<typeof ProbotOctokit>;

export const status = (error: unknown): number | undefined => (error as { status?: number }).status;

export const message = (error: unknown): string =>
  JSON.stringify((error as { response?: { data?: unknown } }).response?.data ?? String(error));
