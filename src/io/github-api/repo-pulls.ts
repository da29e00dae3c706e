// The pull-request half of SkillRepo: PRs, branches (refs), a PR's commits and files, check runs
// and the one GraphQL call REST lacks (marking a draft ready for review). Handlers and `publishRun`
// act through this interface only, so tests drive them against the GitHub double.
import type { ExistingPull, PullsRepo, RepoCoords } from "../../core/github/port.js";
import { message, status, type RestClient } from "./rest-client.js";

/** A draft PR made ready for review (REST cannot): test/github/graphql-schema.test.ts checks it. */
export const MARK_READY_MUTATION =
  "mutation($id: ID!) { markPullRequestReadyForReview(input: { pullRequestId: $id }) { pullRequest { isDraft } } }";

type RawPull = {
  number: number;
  node_id: string;
  state: string;
  merged_at: string | null;
  merged?: boolean;
  merge_commit_sha?: string | null;
  draft?: boolean;
  head: { ref: string; sha: string };
  base: { ref: string };
  title: string;
  body: string | null;
  labels: Array<{ name?: string }>;
  user: { login: string } | null;
};

function toPull(raw: RawPull): ExistingPull & { nodeId: string } {
  return {
    number: raw.number,
    nodeId: raw.node_id,
    state: raw.state === "closed" ? "closed" : "open",
    merged: raw.merged === true || raw.merged_at !== null,
    draft: raw.draft === true,
    headRef: raw.head.ref,
    headSha: raw.head.sha,
    baseRef: raw.base.ref,
    title: raw.title,
    body: raw.body ?? "",
    labels: raw.labels.map((l) => l.name ?? "").filter(Boolean),
    author: raw.user?.login ?? "ghost",
    mergeCommitSha: raw.merge_commit_sha ?? null,
  };
}

/** A 422 "already exists" on create: the open PR for that head, which the caller then updates. */
async function existingOpenPull(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  head: string,
  error: unknown,
): Promise<{ number: number; existed: true }> {
  if (status(error) !== 422 || !/already exists/i.test(message(error))) throw error;
  const { data } = await octokit.rest.pulls.list({
    owner,
    repo,
    state: "open",
    head: `${owner}:${head}`,
    per_page: 1,
  });
  const found = data[0];
  if (!found)
    throw new Error(
      `GitHub says a pull request for ${head} already exists, but none is open: ${message(error)}`,
      { cause: error },
    );
  return { number: found.number, existed: true };
}

/** What a pull request changes: its commits and the paths of its files. */
function changeMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
): Pick<PullsRepo, "listPullCommits" | "listPullFiles" | "listPullApprovals"> {
  const pages = { owner, repo, per_page: 100 };
  return {
    async listPullFiles(number) {
      const files = await octokit.paginate(octokit.rest.pulls.listFiles, { ...pages, pull_number: number });
      return files.map((f) => f.filename);
    },
    async listPullApprovals(number) {
      const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
        ...pages,
        pull_number: number,
      });
      return reviews.flatMap((r) =>
        r.state === "APPROVED" && r.user && r.commit_id
          ? [{ login: r.user.login, commitId: r.commit_id }]
          : [],
      );
    },
    async listPullCommits(number) {
      const commits = await octokit.paginate(octokit.rest.pulls.listCommits, {
        ...pages,
        pull_number: number,
      });
      return commits.map((c) => ({
        sha: c.sha,
        authorName: c.commit.author?.name ?? "",
        authorEmail: c.commit.author?.email ?? "",
        committerEmail: c.commit.committer?.email ?? "",
        authorLogin: c.author?.login ?? null,
      }));
    },
  };
}

/** Pull requests: list, read, open, edit, mark ready. */
function pullMethods(
  octokit: RestClient,
  coords: RepoCoords,
): Pick<PullsRepo, "listPulls" | "getPull" | "createPull" | "updatePull" | "markReadyForReview"> {
  const { owner, repo } = coords;
  return {
    async listPulls(prefix, state = "all") {
      const data = await octokit.paginate(octokit.rest.pulls.list, {
        owner,
        repo,
        state,
        per_page: 100,
      });
      return (data as RawPull[]).filter((p) => p.head.ref.startsWith(prefix)).map(toPull);
    },
    async getPull(number) {
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: number });
      return toPull(data as RawPull);
    },
    async createPull({ title, body, head, base, draft }) {
      try {
        const { data } = await octokit.rest.pulls.create({ owner, repo, title, body, head, base, draft });
        return { number: data.number, existed: false };
      } catch (error) {
        // Another run (or a redelivered job) opened it first: find it and let the caller update it.
        return existingOpenPull(octokit, coords, head, error);
      }
    },
    async updatePull(number, patch) {
      await octokit.rest.pulls.update({ owner, repo, pull_number: number, ...patch });
    },
    async markReadyForReview(nodeId) {
      await octokit.graphql(MARK_READY_MUTATION, { id: nodeId });
    },
  };
}

/** Branches (refs). */
function refMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
): Pick<PullsRepo, "branchHead" | "deleteBranch"> {
  return {
    async branchHead(branch) {
      try {
        const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
        return data.object.sha;
      } catch (error) {
        if (status(error) === 404) return undefined;
        throw error;
      }
    },
    async deleteBranch(branch) {
      try {
        await octokit.rest.git.deleteRef({ owner, repo, ref: `heads/${branch}` });
      } catch (error) {
        if (status(error) !== 404 && status(error) !== 422) throw error;
      }
    },
  };
}

/** Check runs: completed at once (gates, config), or started in progress and updated (a run's progress). */
function checkMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
): Pick<PullsRepo, "createCheckRun" | "startCheckRun" | "updateCheckRun" | "listCheckRuns"> {
  return {
    async createCheckRun({ name, headSha, conclusion, title, summary, text }) {
      const { data } = await octokit.rest.checks.create({
        owner,
        repo,
        name,
        head_sha: headSha,
        status: "completed",
        conclusion,
        output: { title, summary: clip(summary), ...(text !== undefined ? { text: clip(text) } : {}) },
      });
      return data.id;
    },
    async startCheckRun({ name, headSha, title, summary }) {
      const { data } = await octokit.rest.checks.create({
        owner,
        repo,
        name,
        head_sha: headSha,
        status: "in_progress",
        output: { title, summary: clip(summary) },
      });
      return data.id;
    },
    async updateCheckRun(id, { title, summary, conclusion }) {
      await octokit.rest.checks.update({
        owner,
        repo,
        check_run_id: id,
        ...(conclusion ? { status: "completed" as const, conclusion } : {}),
        output: { title, summary: clip(summary) },
      });
    },
    async listCheckRuns(sha, name) {
      const { data } = await octokit.rest.checks.listForRef({
        owner,
        repo,
        ref: sha,
        check_name: name,
        per_page: 100,
      });
      return data.check_runs.map((r) => ({
        id: r.id,
        name: r.name,
        headSha: r.head_sha,
        conclusion: r.conclusion,
        title: r.output.title,
        summary: r.output.summary,
      }));
    },
  };
}

export function createPullsRepo(octokit: RestClient, coords: RepoCoords): PullsRepo {
  return {
    owner: coords.owner,
    repo: coords.repo,
    ...pullMethods(octokit, coords),
    ...changeMethods(octokit, coords),
    ...refMethods(octokit, coords),
    ...checkMethods(octokit, coords),
  };
}

/** Check-run output fields are capped at 65,535 characters (effectively bytes); keep a margin. */
export function clip(text: string, max = 60_000): string {
  if (text.length <= max) return text;
  const note = "\n\n… cut to fit GitHub's check-run limit.";
  return text.slice(0, max - note.length) + note;
}
