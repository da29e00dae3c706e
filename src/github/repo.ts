// SkillRepo: the one interface handlers act through. It speaks skillops' vocabulary (issues,
// owned comments, labels, permissions) over Octokit's REST client, so handlers stay "payload →
// pure decision → act" and tests can drive them against the GitHub double.
//
// Pull requests, refs, check runs and merges are a separate section (src/github/repo-pulls.ts,
// owned by the frontier-PR side); `SkillRepo` composes both.
import type { ProbotOctokit } from "probot";
import { LABELS, type LabelName, type LabelSpec } from "./labels.js";
import { createPullsRepo, type PullsRepo } from "./repo-pulls.js";

export type RestClient = InstanceType<typeof ProbotOctokit>;

export interface RepoCoords {
  owner: string;
  repo: string;
}

/** Repository roles from least to most; custom roles fall back to their base role. */
export const ROLES_BY_RANK = ["none", "read", "triage", "write", "maintain", "admin"] as const;
export type RepoRole = (typeof ROLES_BY_RANK)[number];

export function roleAtLeast(role: RepoRole, needed: RepoRole): boolean {
  return ROLES_BY_RANK.indexOf(role) >= ROLES_BY_RANK.indexOf(needed);
}

export interface Issue {
  number: number;
  title: string;
  body: string;
  state: "open" | "closed";
  labels: string[];
  author: string;
  authorIsBot: boolean;
  isPullRequest: boolean;
  /** For pull requests listed as issues: when it was merged (null: not merged). */
  mergedAt: string | null;
  url: string;
  updatedAt: string;
}

export interface Comment {
  id: number;
  body: string;
  author: string;
  authorIsBot: boolean;
}

export interface WorkflowRun {
  number: number;
  title: string;
  status: string;
  conclusion: string | null;
  url: string;
  createdAt: string;
}

export type Reaction = "+1" | "-1" | "laugh" | "confused" | "heart" | "hooray" | "rocket" | "eyes";

export interface IssuesRepo extends RepoCoords {
  getIssue(number: number): Promise<Issue>;
  /** Open (or all) issues carrying every label in `labels`; pull requests only when asked for. */
  listIssues(query: {
    labels?: string[];
    state?: "open" | "closed" | "all";
    includePullRequests?: boolean;
  }): Promise<Issue[]>;
  createIssue(input: { title: string; body: string; labels?: LabelName[] }): Promise<Issue>;
  updateIssue(
    number: number,
    patch: {
      title?: string;
      body?: string;
      state?: "open" | "closed";
      stateReason?: "completed" | "not_planned" | "reopened";
    },
  ): Promise<void>;
  listComments(number: number): Promise<Comment[]>;
  createComment(number: number, body: string): Promise<Comment>;
  updateComment(id: number, body: string): Promise<void>;
  /** Adds labels, creating any skillops label first with its colour and description. */
  addLabels(number: number, labels: string[]): Promise<void>;
  /** Removes a label; an already-removed label (404) is fine. */
  removeLabel(number: number, label: string): Promise<void>;
  /** Who last added `label` to the issue (from its events), to check their permission. */
  labelledBy(number: number, label: string): Promise<string | undefined>;
  /** The user's role on this repository, asked of the API (never inferred from a label). */
  roleOf(login: string): Promise<RepoRole>;
  reactToComment(commentId: number, reaction: Reaction): Promise<void>;
  reactToIssue(number: number, reaction: Reaction): Promise<void>;
  /** The latest runs of `.github/workflows/<file>`, newest first; [] when the workflow does not exist. */
  listWorkflowRuns(file: string, limit: number): Promise<WorkflowRun[]>;
  /** Starts a `workflow_dispatch` run of `.github/workflows/<file>` on `ref`. */
  dispatchWorkflow(file: string, ref: string, inputs?: Record<string, string>): Promise<void>;
  /** A file's text on `ref` (default branch when absent); null when it does not exist. */
  readFile(path: string, ref?: string): Promise<string | null>;
  defaultBranch(): Promise<string>;
}

/** Everything handlers act through: the issue side (this file) and the pull-request side (repo-pulls.ts). */
export type SkillRepo = IssuesRepo & PullsRepo;

export function createSkillRepo(octokit: RestClient, coords: RepoCoords): SkillRepo {
  return { ...createPullsRepo(octokit, coords), ...createIssuesRepo(octokit, coords) };
}

const status = (error: unknown): number | undefined => (error as { status?: number }).status;

type RawIssue = {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  labels: Array<string | { name?: string }>;
  user: { login: string; type?: string } | null;
  pull_request?: { merged_at?: string | null } | null;
  html_url: string;
  updated_at: string;
};

function toIssue(raw: RawIssue): Issue {
  return {
    number: raw.number,
    title: raw.title,
    body: raw.body ?? "",
    state: raw.state === "closed" ? "closed" : "open",
    labels: raw.labels.map((l) => (typeof l === "string" ? l : (l.name ?? ""))).filter(Boolean),
    author: raw.user?.login ?? "ghost",
    authorIsBot: raw.user?.type === "Bot",
    isPullRequest: raw.pull_request !== undefined && raw.pull_request !== null,
    mergedAt: raw.pull_request?.merged_at ?? null,
    url: raw.html_url,
    updatedAt: raw.updated_at,
  };
}

type EnsureLabel = (spec: LabelSpec) => Promise<void>;

/** Creates a skillops label with its colour and description the first time it is used. */
function labelEnsurer(octokit: RestClient, { owner, repo }: RepoCoords): EnsureLabel {
  const ensured = new Set<string>();
  return async (spec) => {
    if (ensured.has(spec.name)) return;
    try {
      await octokit.rest.issues.getLabel({ owner, repo, name: spec.name });
    } catch (error) {
      if (status(error) !== 404) throw error;
      try {
        await octokit.rest.issues.createLabel({
          owner,
          repo,
          name: spec.name,
          color: spec.color,
          description: spec.description,
        });
      } catch (createError) {
        if (status(createError) !== 422) throw createError; // created meanwhile by another delivery
      }
    }
    ensured.add(spec.name);
  };
}

/** Issues and comments. */
function issueMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  ensureLabel: EnsureLabel,
): Pick<
  IssuesRepo,
  | "getIssue"
  | "listIssues"
  | "createIssue"
  | "updateIssue"
  | "listComments"
  | "createComment"
  | "updateComment"
> {
  return {
    async getIssue(number) {
      const { data } = await octokit.rest.issues.get({ owner, repo, issue_number: number });
      return toIssue(data as RawIssue);
    },
    async listIssues({ labels, state, includePullRequests }) {
      const data = await octokit.paginate(octokit.rest.issues.listForRepo, {
        owner,
        repo,
        state: state ?? "open",
        per_page: 100,
        ...(labels?.length ? { labels: labels.join(",") } : {}),
      });
      return (data as RawIssue[]).map(toIssue).filter((i) => includePullRequests || !i.isPullRequest);
    },
    async createIssue({ title, body, labels }) {
      for (const name of labels ?? []) await ensureLabel(LABELS[name]);
      const { data } = await octokit.rest.issues.create({
        owner,
        repo,
        title,
        body,
        ...(labels?.length ? { labels } : {}),
      });
      return toIssue(data as RawIssue);
    },
    async updateIssue(number, patch) {
      await octokit.rest.issues.update({
        owner,
        repo,
        issue_number: number,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.body !== undefined ? { body: patch.body } : {}),
        ...(patch.state ? { state: patch.state } : {}),
        ...(patch.stateReason ? { state_reason: patch.stateReason } : {}),
      });
    },
    async listComments(number) {
      const data = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: number,
        per_page: 100,
      });
      return data.map((c) => ({
        id: c.id,
        body: c.body ?? "",
        author: c.user?.login ?? "ghost",
        authorIsBot: c.user?.type === "Bot",
      }));
    },
    async createComment(number, body) {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body });
      return {
        id: data.id,
        body: data.body ?? "",
        author: data.user?.login ?? "ghost",
        authorIsBot: data.user?.type === "Bot",
      };
    },
    async updateComment(id, body) {
      await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body });
    },
  };
}

/** Labels, who did what, and reactions. */
function labelAndPeopleMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  ensureLabel: EnsureLabel,
): Pick<
  IssuesRepo,
  "addLabels" | "removeLabel" | "labelledBy" | "roleOf" | "reactToComment" | "reactToIssue"
> {
  return {
    async addLabels(number, labels) {
      for (const name of labels) if (name in LABELS) await ensureLabel(LABELS[name as LabelName]);
      if (labels.length > 0)
        await octokit.rest.issues.addLabels({ owner, repo, issue_number: number, labels });
    },
    async removeLabel(number, label) {
      try {
        await octokit.rest.issues.removeLabel({ owner, repo, issue_number: number, name: label });
      } catch (error) {
        if (status(error) !== 404) throw error;
      }
    },
    async labelledBy(number, label) {
      const events = await octokit.paginate(octokit.rest.issues.listEvents, {
        owner,
        repo,
        issue_number: number,
        per_page: 100,
      });
      const labelled = events.filter(
        (e) =>
          e.event === "labeled" &&
          (e as { label?: { name?: string } }).label?.name?.toLowerCase() === label.toLowerCase(),
      );
      return labelled.at(-1)?.actor?.login;
    },
    async roleOf(login) {
      const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
        owner,
        repo,
        username: login,
      });
      const named = (data.role_name ?? "") as RepoRole;
      if ((ROLES_BY_RANK as readonly string[]).includes(named)) return named;
      const base = data.permission as RepoRole; // a custom role: its legacy base role
      return (ROLES_BY_RANK as readonly string[]).includes(base) ? base : "none";
    },
    async reactToComment(commentId, reaction) {
      await octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: commentId,
        content: reaction,
      });
    },
    async reactToIssue(number, reaction) {
      await octokit.rest.reactions.createForIssue({ owner, repo, issue_number: number, content: reaction });
    },
  };
}

/** Workflows and files. */
function repoMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
): Pick<IssuesRepo, "listWorkflowRuns" | "dispatchWorkflow" | "readFile" | "defaultBranch"> {
  return {
    async listWorkflowRuns(file, limit) {
      try {
        const { data } = await octokit.rest.actions.listWorkflowRuns({
          owner,
          repo,
          workflow_id: file,
          per_page: Math.min(limit, 100),
        });
        return data.workflow_runs.map((r) => ({
          number: r.run_number,
          title: r.display_title,
          status: r.status ?? "unknown",
          conclusion: r.conclusion ?? null,
          url: r.html_url,
          createdAt: r.created_at,
        }));
      } catch (error) {
        if (status(error) === 404) return [];
        throw error;
      }
    },
    async dispatchWorkflow(file, ref, inputs) {
      await octokit.rest.actions.createWorkflowDispatch({
        owner,
        repo,
        workflow_id: file,
        ref,
        ...(inputs ? { inputs } : {}),
      });
    },
    async readFile(path, ref) {
      try {
        const { data } = await octokit.rest.repos.getContent({
          owner,
          repo,
          path,
          ...(ref ? { ref } : {}),
          mediaType: { format: "raw" },
        });
        return typeof data === "string" ? data : null;
      } catch (error) {
        if (status(error) === 404) return null;
        throw error;
      }
    },
    async defaultBranch() {
      const { data } = await octokit.rest.repos.get({ owner, repo });
      return data.default_branch;
    },
  };
}

export function createIssuesRepo(octokit: RestClient, coords: RepoCoords): IssuesRepo {
  const ensureLabel = labelEnsurer(octokit, coords);
  return {
    owner: coords.owner,
    repo: coords.repo,
    ...issueMethods(octokit, coords, ensureLabel),
    ...labelAndPeopleMethods(octokit, coords, ensureLabel),
    ...repoMethods(octokit, coords),
  };
}
