// The Octokit REST client the adapters (repo.ts, repo-pulls.ts) are built over, and how its
// errors read: a status code to branch on, the response body to quote.
import { ProbotOctokit } from "probot";

export type RestClient = InstanceType<typeof ProbotOctokit>;

export const status = (error: unknown): number | undefined => (error as { status?: number }).status;

export const message = (error: unknown): string =>
  JSON.stringify((error as { response?: { data?: unknown } }).response?.data ?? String(error));

/** How many times a request that hit a rate limit is retried (after GitHub's `retry-after`). */
export const RATE_LIMIT_RETRIES = 2;

type LimitHandler = (
  retryAfter: number,
  options: { method?: string; url?: string },
  octokit: { log: { warn: (message: string) => void } },
  retryCount: number,
) => boolean;

const retryLimited =
  (kind: string): LimitHandler =>
  (retryAfter, options, octokit, retryCount) => {
    const again = retryCount < RATE_LIMIT_RETRIES;
    octokit.log.warn(
      `${kind} rate limit hit by ${options.method} ${options.url}: ${again ? `retrying in ${retryAfter} s` : "giving up"}`,
    );
    return again;
  };

/**
 * Probot's client with @octokit/plugin-throttling configured the way GitHub asks: Probot's server
 * defaults log a secondary rate limit and give up, so a burst would lose writes; here both the
 * primary and the secondary limit are waited out (`retry-after`) and retried, twice at most. The
 * function form runs after Probot's own defaults, so `enabled` and the per-installation `id` stay.
 */
export const SkillopsOctokit: typeof ProbotOctokit = ProbotOctokit.defaults(
  (options: Record<string, unknown>) => ({
    ...options,
    throttle: {
      ...(options.throttle as object),
      onRateLimit: retryLimited("primary"),
      onSecondaryRateLimit: retryLimited("secondary"),
    },
  }),
);
