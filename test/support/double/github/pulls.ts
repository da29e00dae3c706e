// The double's pull requests, refs, merges, PR commits and check runs, backed by a REAL bare git
// repository (the one src/double/git-server.ts serves): branch heads are read from it, a merge
// writes a real merge commit into it, and deleting a ref deletes the branch. Added to the double
// with `addPullRoutes(double, gitDir)`, together with check runs and GraphQL (checks.ts).
import { execFileSync } from "node:child_process";
import type { DoubleRequest, DoubleResponse, GitHubDouble, Route } from "./server.js";
import { notFound } from "./server.js";
import { page } from "./routes-issues.js";
import { toLabel, toRepository, toUser } from "./shapes.js";
import type { IssueRecord, UserRecord } from "./state.js";
import { INSTALLATION_ID, example } from "./webhooks.js";
import { checkRoutes, handleGraphql } from "./checks.js";

export { checkRunsOf, type CheckRunRecord } from "./checks.js";

export interface PullRecord {
  number: number;
  headRef: string;
  baseRef: string;
  /** Head sha when the PR was last seen with a live branch (kept after the branch is deleted). */
  headSha: string;
  baseSha: string;
  draft: boolean;
  merged: boolean;
  mergedAt: string | null;
  mergeCommitSha: string | null;
  mergedBy: UserRecord | null;
}

const ok = (body: unknown, status = 200, headers?: Record<string, string>): DoubleResponse => ({
  status,
  body,
  ...(headers ? { headers } : {}),
});
const unprocessable = (message: string, resource = "PullRequest"): DoubleResponse => ({
  status: 422,
  body: {
    message: "Validation Failed",
    errors: [{ resource, code: "custom", message }],
    documentation_url: "https://docs.github.com/rest",
  },
});
const API = "https://api.github.com";
const WEB = "https://github.com";

/** git on the double's bare repository, with a fixed identity and clock (tests stay reproducible). */
export function gitIn(gitDir: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync("git", args, {
    cwd: gitDir,
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_DIR: gitDir,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
    .toString("utf8")
    .trim();
}

export function refSha(gitDir: string, branch: string): string | undefined {
  try {
    return gitIn(gitDir, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}^{commit}`]);
  } catch {
    return undefined;
  }
}

export function pullsOf(d: GitHubDouble): Map<number, PullRecord> {
  return d.state.pulls as unknown as Map<number, PullRecord>;
}

function live(gitDir: string, p: PullRecord, i: IssueRecord): PullRecord {
  if (i.state === "open") {
    p.headSha = refSha(gitDir, p.headRef) ?? p.headSha;
    p.baseSha = refSha(gitDir, p.baseRef) ?? p.baseSha;
  }
  return p;
}

const template = example("pull_request", "closed").pull_request as Record<string, unknown>;

function branchObject(d: GitHubDouble, ref: string, sha: string) {
  const owner = toUser(d.state.user(d.state.owner));
  return { label: `${d.state.owner}:${ref}`, ref, sha, user: owner, repo: toRepository(d.state) };
}

export function toPull(d: GitHubDouble, gitDir: string, p: PullRecord) {
  const i = d.state.issue(p.number);
  live(gitDir, p, i);
  const api = `${API}/repos/${d.state.owner}/${d.state.repo}`;
  const html = `${WEB}/${d.state.owner}/${d.state.repo}/pull/${p.number}`;
  return {
    ...template,
    url: `${api}/pulls/${p.number}`,
    id: i.id,
    node_id: `PR_${i.id}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${p.number}`,
    commits_url: `${api}/pulls/${p.number}/commits`,
    review_comments_url: `${api}/pulls/${p.number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${p.number}/comments`,
    statuses_url: `${api}/statuses/${p.headSha}`,
    number: p.number,
    state: i.state,
    locked: false,
    title: i.title,
    user: toUser(i.user),
    body: i.body,
    // The pull-request schema wants a string description where the issue schema allows null.
    labels: i.labels.map((name) => ({
      ...toLabel(d.state, d.state.ensureLabel(name)),
      description: d.state.ensureLabel(name).description ?? "",
    })),
    milestone: null,
    active_lock_reason: null,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    closed_at: i.closedAt,
    merged_at: p.mergedAt,
    merge_commit_sha: p.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: branchObject(d, p.headRef, p.headSha),
    base: branchObject(d, p.baseRef, p.baseSha),
    _links: {
      self: { href: `${api}/pulls/${p.number}` },
      html: { href: html },
      issue: { href: `${api}/issues/${p.number}` },
      comments: { href: `${api}/issues/${p.number}/comments` },
      review_comments: { href: `${api}/pulls/${p.number}/comments` },
      review_comment: { href: `${api}/pulls/comments{/number}` },
      commits: { href: `${api}/pulls/${p.number}/commits` },
      statuses: { href: `${api}/statuses/${p.headSha}` },
    },
    author_association: i.user.type === "Bot" ? "NONE" : "OWNER",
    auto_merge: null,
    draft: p.draft,
    merged: p.merged,
    mergeable: i.state === "open" ? true : null,
    rebaseable: null,
    mergeable_state: "clean",
    merged_by: p.mergedBy ? toUser(p.mergedBy) : null,
    comments: d.state.commentsOn(p.number).length,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

function pullOf(req: DoubleRequest, d: GitHubDouble): PullRecord | undefined {
  return pullsOf(d).get(Number(req.params.pull_number));
}

/** Opens a PR as `author` would (used by the route and by tests arranging a human's revert PR). */
export function openPull(
  d: GitHubDouble,
  gitDir: string,
  input: {
    title: string;
    body: string | null;
    head: string;
    base: string;
    draft: boolean;
    author: UserRecord;
  },
): PullRecord | string {
  const headSha = refSha(gitDir, input.head);
  const baseSha = refSha(gitDir, input.base);
  if (!headSha) return `head branch ${input.head} does not exist`;
  if (!baseSha) return `base branch ${input.base} does not exist`;
  const existing = [...pullsOf(d).values()].find(
    (p) => p.headRef === input.head && d.state.issue(p.number).state === "open",
  );
  if (existing) return `A pull request already exists for ${d.state.owner}:${input.head}.`;
  const at = d.state.now();
  const issue: IssueRecord = {
    number: d.state.allocateNumber(),
    id: d.state.id(),
    title: input.title,
    body: input.body,
    state: "open",
    stateReason: null,
    labels: [],
    user: input.author,
    createdAt: at,
    updatedAt: at,
    closedAt: null,
    isPullRequest: true,
  };
  d.state.issues.set(issue.number, issue);
  const pull: PullRecord = {
    number: issue.number,
    headRef: input.head,
    baseRef: input.base,
    headSha,
    baseSha,
    draft: input.draft,
    merged: false,
    mergedAt: null,
    mergeCommitSha: null,
    mergedBy: null,
  };
  pullsOf(d).set(pull.number, pull);
  return pull;
}

/** Merges with a real merge commit in the bare repository (GitHub's default "merge" method). */
export function mergePull(
  d: GitHubDouble,
  gitDir: string,
  p: PullRecord,
  by: UserRecord,
): { sha: string } | string {
  const issue = d.state.issue(p.number);
  if (issue.state !== "open") return "Pull Request is not open";
  const head = refSha(gitDir, p.headRef);
  const base = refSha(gitDir, p.baseRef);
  if (!head || !base) return "Head or base branch is missing";
  let tree: string;
  try {
    tree = gitIn(gitDir, ["merge-tree", "--write-tree", base, head]).split("\n")[0]!;
  } catch {
    return "Merge conflict";
  }
  const at = d.state.now();
  const who = {
    GIT_AUTHOR_NAME: by.login,
    GIT_AUTHOR_EMAIL: `${by.id}+${by.login}@users.noreply.github.com`,
    GIT_AUTHOR_DATE: at,
    GIT_COMMITTER_NAME: "GitHub",
    GIT_COMMITTER_EMAIL: "noreply@github.com",
    GIT_COMMITTER_DATE: at,
  };
  const sha = gitIn(
    gitDir,
    [
      "commit-tree",
      tree,
      "-p",
      base,
      "-p",
      head,
      "-m",
      `Merge pull request #${p.number} from ${d.state.owner}/${p.headRef}\n\n${issue.title}`,
    ],
    who,
  );
  gitIn(gitDir, ["update-ref", `refs/heads/${p.baseRef}`, sha, base]);
  Object.assign(p, {
    headSha: head,
    baseSha: base,
    merged: true,
    mergedAt: at,
    mergeCommitSha: sha,
    mergedBy: by,
  });
  Object.assign(issue, { state: "closed", stateReason: "completed", closedAt: at, updatedAt: at });
  return { sha };
}

function commitsBetween(gitDir: string, base: string, head: string) {
  const out = gitIn(gitDir, [
    "log",
    "--reverse",
    "--format=%H%x1f%an%x1f%ae%x1f%cn%x1f%ce%x1f%aI%x1f%cI%x1f%T%x1f%P%x1f%s",
    `${base}..${head}`,
  ]);
  return out === "" ? [] : out.split("\n").map((line) => line.split("\x1f"));
}

function pullRoutes(gitDir: string): Route[] {
  return [
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls",
      handle: (req, d) => {
        const state = req.query.get("state") ?? "open";
        const head = req.query.get("head");
        const base = req.query.get("base");
        const list = [...pullsOf(d).values()]
          .filter((p) => {
            const i = d.state.issue(p.number);
            return (
              (state === "all" || i.state === state) &&
              (!head || `${d.state.owner}:${p.headRef}`.toLowerCase() === head.toLowerCase()) &&
              (!base || p.baseRef === base)
            );
          })
          .sort((a, b) => b.number - a.number);
        const { items, headers } = page(req, list);
        return ok(
          items.map((p) => toPull(d, gitDir, p)),
          200,
          headers,
        );
      },
    },
    {
      method: "POST",
      template: "/repos/{owner}/{repo}/pulls",
      handle: (req, d) => {
        if (!req.actor) return { status: 401, body: { message: "Requires authentication" } };
        const result = openPull(d, gitDir, {
          title: req.body.title,
          body: req.body.body ?? null,
          head: req.body.head,
          base: req.body.base,
          draft: req.body.draft === true,
          author: req.actor,
        });
        if (typeof result === "string") return unprocessable(result);
        return ok(toPull(d, gitDir, result), 201);
      },
    },
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}",
      handle: (req, d) => {
        const p = pullOf(req, d);
        return p ? ok(toPull(d, gitDir, p)) : notFound();
      },
    },
    {
      method: "PATCH",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        const i = d.state.issue(p.number);
        const at = d.state.now();
        if (typeof req.body.title === "string") i.title = req.body.title;
        if (typeof req.body.body === "string") i.body = req.body.body;
        if (req.body.state === "closed" && i.state === "open")
          Object.assign(i, { state: "closed", stateReason: null, closedAt: at });
        if (req.body.state === "open" && i.state === "closed") {
          if (p.merged) return unprocessable("Cannot reopen a merged pull request");
          if (!refSha(gitDir, p.headRef)) return unprocessable("Head branch was deleted");
          Object.assign(i, { state: "open", stateReason: "reopened", closedAt: null });
        }
        i.updatedAt = at;
        return ok(toPull(d, gitDir, p));
      },
    },
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/commits",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        live(gitDir, p, d.state.issue(p.number));
        const api = `${API}/repos/${d.state.owner}/${d.state.repo}`;
        const commits = commitsBetween(gitDir, p.baseSha, p.headSha).map(
          ([sha, an, ae, cn, ce, ad, cd, tree, parents, subject]) => ({
            url: `${api}/commits/${sha}`,
            sha,
            node_id: `C_${sha}`,
            html_url: `${WEB}/${d.state.owner}/${d.state.repo}/commit/${sha}`,
            comments_url: `${api}/commits/${sha}/comments`,
            commit: {
              url: `${api}/git/commits/${sha}`,
              author: { name: an, email: ae, date: ad },
              committer: { name: cn, email: ce, date: cd },
              message: subject,
              comment_count: 0,
              tree: { sha: tree, url: `${api}/git/trees/${tree}` },
            },
            author: null,
            committer: null,
            parents: (parents ?? "")
              .split(" ")
              .filter(Boolean)
              .map((s) => ({ sha: s, url: `${api}/commits/${s}` })),
          }),
        );
        const { items, headers } = page(req, commits);
        return ok(items, 200, headers);
      },
    },
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/files",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        live(gitDir, p, d.state.issue(p.number));
        const out = gitIn(gitDir, ["diff", "--numstat", "--no-renames", `${p.baseSha}...${p.headSha}`]);
        const status = new Map(
          gitIn(gitDir, ["diff", "--name-status", "--no-renames", `${p.baseSha}...${p.headSha}`])
            .split("\n")
            .filter(Boolean)
            .map((l) => [l.slice(2), l[0]]),
        );
        const web = `${WEB}/${d.state.owner}/${d.state.repo}`;
        const files = out
          .split("\n")
          .filter(Boolean)
          .map((line) => {
            const [add, del, filename] = line.split("\t") as [string, string, string];
            const additions = Number(add) || 0;
            const deletions = Number(del) || 0;
            const st = status.get(filename);
            return {
              sha: gitIn(gitDir, [
                "rev-parse",
                st === "D" ? `${p.baseSha}:${filename}` : `${p.headSha}:${filename}`,
              ]),
              filename,
              status: st === "A" ? "added" : st === "D" ? "removed" : "modified",
              additions,
              deletions,
              changes: additions + deletions,
              blob_url: `${web}/blob/${p.headSha}/${filename}`,
              raw_url: `${web}/raw/${p.headSha}/${filename}`,
              contents_url: `${API}/repos/${d.state.owner}/${d.state.repo}/contents/${filename}?ref=${p.headSha}`,
            };
          });
        const { items, headers } = page(req, files);
        return ok(items, 200, headers);
      },
    },
    {
      method: "PUT",
      template: "/repos/{owner}/{repo}/pulls/{pull_number}/merge",
      handle: (req, d) => {
        const p = pullOf(req, d);
        if (!p) return notFound();
        if (!req.actor || !["admin", "maintain", "write"].includes(d.state.permissionOf(req.actor.login))) {
          return {
            status: 403,
            body: {
              message: "Must have push access to merge",
              documentation_url: "https://docs.github.com/rest",
            },
          };
        }
        const result = mergePull(d, gitDir, p, req.actor);
        if (typeof result === "string")
          return {
            status: 405,
            body: { message: result, documentation_url: "https://docs.github.com/rest" },
          };
        return ok({ sha: result.sha, merged: true, message: "Pull Request successfully merged" });
      },
    },
    {
      method: "GET",
      template: "/repos/{owner}/{repo}/git/ref/{ref}",
      handle: (req, d) => {
        const ref = req.params.ref!;
        const branch = ref.replace(/^heads\//, "");
        const sha = ref.startsWith("heads/") ? refSha(gitDir, branch) : undefined;
        if (!sha) return notFound();
        const url = `${API}/repos/${d.state.owner}/${d.state.repo}/git/refs/${ref}`;
        return ok({
          ref: `refs/${ref}`,
          node_id: `REF_${sha.slice(0, 8)}`,
          url,
          object: {
            type: "commit",
            sha,
            url: `${API}/repos/${d.state.owner}/${d.state.repo}/git/commits/${sha}`,
          },
        });
      },
    },
    {
      method: "DELETE",
      template: "/repos/{owner}/{repo}/git/refs/{ref}",
      handle: (req) => {
        const ref = req.params.ref!;
        if (!ref.startsWith("heads/") || !refSha(gitDir, ref.slice(6)))
          return unprocessable("Reference does not exist", "Reference");
        gitIn(gitDir, ["update-ref", "-d", `refs/${ref}`]);
        return { status: 204 };
      },
    },
  ];
}

/** Adds the pull-request routes (and the GraphQL mutation) to a double, over the bare repo at `gitDir`. */
export function addPullRoutes(d: GitHubDouble, gitDir: string): void {
  d.addRoutes(pullRoutes(gitDir));
  d.addRoutes(checkRoutes);
  d.setGraphql?.((body) => handleGraphql(d, body));
}

/**
 * `pull_request.<action>` for a PR the double holds, built on @octokit/webhooks-examples (the
 * example's shape, with the fields that must differ taken from the double).
 */
export function pullPayload(
  d: GitHubDouble,
  gitDir: string,
  action: "closed" | "labeled" | "opened" | "synchronize",
  number: number,
  extra: { sender: string; label?: string },
): Record<string, unknown> {
  const exampleAction = action === "synchronize" ? "synchronize" : action;
  const payload = example("pull_request", exampleAction);
  const p = pullsOf(d).get(number);
  if (!p) throw new Error(`the double has no pull request #${number}`);
  payload.action = action;
  payload.number = number;
  payload.pull_request = { ...payload.pull_request, ...toPull(d, gitDir, p) };
  payload.repository = { ...payload.repository, ...toRepository(d.state) };
  payload.sender = { ...payload.sender, ...toUser(d.state.user(extra.sender)) };
  payload.installation = {
    id: INSTALLATION_ID,
    node_id: `MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9u${INSTALLATION_ID}`,
  };
  if (extra.label) payload.label = toLabel(d.state, d.state.ensureLabel(extra.label));
  else delete payload.label;
  return payload;
}
