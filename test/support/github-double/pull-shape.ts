// The REST shape of a pull request, built on @octokit/webhooks-examples' pull request (so every
// field the schema wants is there) with the fields that must differ taken from the double.
import { live, type PullRecord } from "./pull-record.js";
import type { GitHubDouble } from "./route.js";
import { toLabel, toRepository, toUser } from "./shapes.js";
import { example } from "./webhooks.js";

const API = "https://api.github.com";
const WEB = "https://github.com";

const template = example("pull_request", "closed").pull_request as Record<string, unknown>;

function branchObject(d: GitHubDouble, ref: string, sha: string) {
  const owner = toUser(d.state.user(d.state.owner));
  return { label: `${d.state.owner}:${ref}`, ref, sha, user: owner, repo: toRepository(d.state) };
}

/** The URL fields of a pull request and its `_links`. */
function pullUrls(d: GitHubDouble, p: PullRecord) {
  const api = `${API}/repos/${d.state.owner}/${d.state.repo}`;
  const html = `${WEB}/${d.state.owner}/${d.state.repo}/pull/${p.number}`;
  return {
    url: `${api}/pulls/${p.number}`,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${api}/issues/${p.number}`,
    commits_url: `${api}/pulls/${p.number}/commits`,
    review_comments_url: `${api}/pulls/${p.number}/comments`,
    review_comment_url: `${api}/pulls/comments{/number}`,
    comments_url: `${api}/issues/${p.number}/comments`,
    statuses_url: `${api}/statuses/${p.headSha}`,
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
  };
}

export function toPull(d: GitHubDouble, gitDir: string, p: PullRecord) {
  const i = d.state.issue(p.number);
  live(gitDir, p, i);
  return {
    ...template,
    ...pullUrls(d, p),
    id: i.id,
    node_id: `PR_${i.id}`,
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
