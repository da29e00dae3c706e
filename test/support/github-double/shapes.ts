// Response bodies shaped like GitHub's (every field the OpenAPI description requires), built from
// the double's records. The server validates each one against the description before sending it.
import type {
  CommentRecord,
  DoubleState,
  IssueRecord,
  LabelRecord,
  ReactionRecord,
  UserRecord,
} from "./state.js";

const API = "https://api.github.com";
const WEB = "https://github.com";

export function toUser(u: UserRecord) {
  const url = `${API}/users/${encodeURIComponent(u.login)}`;
  return {
    login: u.login,
    id: u.id,
    node_id: `U_${u.id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${u.id}?v=4`,
    gravatar_id: "",
    url,
    html_url: `${WEB}/${u.type === "Bot" ? "apps/" + u.login.replace(/\[bot\]$/, "") : u.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: u.type,
    site_admin: false,
  };
}

export function toLabel(state: DoubleState, l: LabelRecord) {
  return {
    id: l.id,
    node_id: `LA_${l.id}`,
    url: `${API}/repos/${state.owner}/${state.repo}/labels/${encodeURIComponent(l.name)}`,
    name: l.name,
    description: l.description,
    color: l.color,
    default: false,
  };
}

function authorAssociation(state: DoubleState, u: UserRecord): string {
  if (u.login === state.owner) return "OWNER";
  if (u.type === "Bot") return "NONE";
  return state.collaborators.has(u.login) ? "COLLABORATOR" : "NONE";
}

export function toIssue(state: DoubleState, i: IssueRecord) {
  const repoApi = `${API}/repos/${state.owner}/${state.repo}`;
  const url = `${repoApi}/issues/${i.number}`;
  const kind = i.isPullRequest ? "pull" : "issues";
  return {
    id: i.id,
    node_id: `I_${i.id}`,
    url,
    repository_url: repoApi,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${WEB}/${state.owner}/${state.repo}/${kind}/${i.number}`,
    number: i.number,
    state: i.state,
    state_reason: i.stateReason,
    title: i.title,
    body: i.body,
    user: toUser(i.user),
    labels: i.labels.map((name) => toLabel(state, state.ensureLabel(name))),
    assignee: null,
    assignees: [],
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: state.commentsOn(i.number).length,
    ...(i.isPullRequest
      ? {
          pull_request: {
            url: `${repoApi}/pulls/${i.number}`,
            html_url: `${WEB}/${state.owner}/${state.repo}/pull/${i.number}`,
            diff_url: `${WEB}/${state.owner}/${state.repo}/pull/${i.number}.diff`,
            patch_url: `${WEB}/${state.owner}/${state.repo}/pull/${i.number}.patch`,
            merged_at: mergedAt(state, i.number),
          },
        }
      : {}),
    closed_at: i.closedAt,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    author_association: authorAssociation(state, i.user),
  };
}

/** The PR route file keeps `merged_at` (or `mergedAt`) in `state.pulls`. */
function mergedAt(state: DoubleState, n: number): string | null {
  const pull = state.pulls.get(n);
  const v = pull?.merged_at ?? pull?.mergedAt;
  return typeof v === "string" ? v : null;
}

export function toComment(state: DoubleState, c: CommentRecord) {
  const repoApi = `${API}/repos/${state.owner}/${state.repo}`;
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    url: `${repoApi}/issues/comments/${c.id}`,
    html_url: `${WEB}/${state.owner}/${state.repo}/issues/${c.issueNumber}#issuecomment-${c.id}`,
    body: c.body,
    user: toUser(c.user),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    issue_url: `${repoApi}/issues/${c.issueNumber}`,
    author_association: authorAssociation(state, c.user),
  };
}

export function toReaction(r: ReactionRecord) {
  return {
    id: r.id,
    node_id: `REA_${r.id}`,
    user: toUser(r.user),
    content: r.content,
    created_at: r.createdAt,
  };
}

/** The `<name>_url` fields of a repository object, each `<api>/repos/<owner>/<repo>/<name>`. */
const REPOSITORY_URLS = [
  "archive",
  "assignees",
  "blobs",
  "branches",
  "collaborators",
  "comments",
  "commits",
  "compare",
  "contents",
  "contributors",
  "deployments",
  "downloads",
  "events",
  "forks",
  "git_commits",
  "git_refs",
  "git_tags",
  "hooks",
  "issue_comment",
  "issue_events",
  "issues",
  "keys",
  "labels",
  "languages",
  "merges",
  "milestones",
  "notifications",
  "pulls",
  "releases",
  "stargazers",
  "statuses",
  "subscribers",
  "subscription",
  "tags",
  "teams",
  "trees",
];

/** The `repository` object of webhook payloads and `GET /repos/{owner}/{repo}`. */
export function toRepository(state: DoubleState) {
  const owner = toUser(state.user(state.owner));
  const api = `${API}/repos/${state.owner}/${state.repo}`;
  const urls = Object.fromEntries(REPOSITORY_URLS.map((k) => [`${k}_url`, `${api}/${k}`]));
  return {
    id: state.repoId,
    node_id: `R_${state.repoId}`,
    name: state.repo,
    full_name: `${state.owner}/${state.repo}`,
    owner,
    private: false,
    html_url: `${WEB}/${state.owner}/${state.repo}`,
    description: "A skill bank evolved by skillops",
    fork: false,
    url: api,
    ...urls,
    git_url: `git://github.com/${state.owner}/${state.repo}.git`,
    ssh_url: `git@github.com:${state.owner}/${state.repo}.git`,
    clone_url: `${WEB}/${state.owner}/${state.repo}.git`,
    svn_url: `${WEB}/${state.owner}/${state.repo}`,
    mirror_url: null,
    homepage: null,
    language: null,
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    network_count: 0,
    subscribers_count: 0,
    size: 1,
    default_branch: state.defaultBranch,
    open_issues_count: [...state.issues.values()].filter((i) => i.state === "open").length,
    open_issues: [...state.issues.values()].filter((i) => i.state === "open").length,
    has_issues: true,
    has_projects: true,
    has_wiki: true,
    has_pages: false,
    has_downloads: true,
    has_discussions: false,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: "2026-01-05T09:00:00Z",
    created_at: "2026-01-01T09:00:00Z",
    updated_at: "2026-01-05T09:00:00Z",
    visibility: "public",
  };
}
