// SkillRepo (port.ts) over Octokit's REST client: the one interface handlers act through. It speaks
// skillops' vocabulary (issues, owned comments, labels, permissions), so handlers stay "payload →
// pure decision → act" and tests can drive them against the GitHub double.
//
// Pull requests, refs, check runs and merges are a separate section (src/io/github-api/repo-pulls.ts,
// owned by the frontier-PR side); `createSkillRepo` composes both.
import { folderMethods } from "./repo-folders.js";
import { LABELS, isSkillopsLabel, type LabelName, type LabelSpec } from "../../core/github/labels.js";
import {
  ROLES_BY_RANK,
  type Comment,
  type Issue,
  type IssuesRepo,
  type RepoCoords,
  type RepoRole,
  type SkillRepo,
} from "../../core/github/port.js";
import { createPullsRepo } from "./repo-pulls.js";
import { updateCommentReadingIssue } from "./comment-readback.js";
import { status, type RestClient } from "./rest-client.js";

export function createSkillRepo(octokit: RestClient, coords: RepoCoords): SkillRepo {
  return { ...createPullsRepo(octokit, coords), ...createIssuesRepo(octokit, coords) };
}

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

/** What GitHub gives a label that adding it to an issue created: its default colour, no description. */
const AUTO_CREATED_COLOR = "ededed";

/** A label as an add that created it left it (its colour and description not given yet). */
export const isAutoCreatedLabel = (label: { color?: string; description?: string | null }): boolean =>
  !label.description && label.color?.toLowerCase() === AUTO_CREATED_COLOR;

interface EnsureLabel {
  /** Creates a skillops label with its colour and description the first time it is used. */
  (spec: LabelSpec): Promise<void>;
  /**
   * After an add (which creates a missing label itself) instead of a read before it: gives a label
   * the add created, as the add answered it, its colour and description.
   */
  settle(
    spec: LabelSpec,
    answered: { color?: string; description?: string | null } | undefined,
  ): Promise<void>;
  /** Creates a skillops label with its colour and description unless it exists: one request, no read. */
  create(spec: LabelSpec): Promise<void>;
}

function labelEnsurer(octokit: RestClient, { owner, repo }: RepoCoords): EnsureLabel {
  const ensured = new Set<string>();
  const createLabel = async (spec: LabelSpec) => {
    try {
      await octokit.rest.issues.createLabel({
        owner,
        repo,
        name: spec.name,
        color: spec.color,
        description: spec.description,
      });
    } catch (createError) {
      if (status(createError) !== 422) throw createError; // it exists (made meanwhile by another delivery)
    }
    ensured.add(spec.name);
  };
  const ensure = async (spec: LabelSpec) => {
    if (ensured.has(spec.name)) return;
    try {
      await octokit.rest.issues.getLabel({ owner, repo, name: spec.name });
      ensured.add(spec.name);
    } catch (error) {
      if (status(error) !== 404) throw error;
      await createLabel(spec);
    }
  };
  const settle: EnsureLabel["settle"] = async (spec, answered) => {
    if (ensured.has(spec.name)) return;
    if (answered && isAutoCreatedLabel(answered))
      await octokit.rest.issues.updateLabel({
        owner,
        repo,
        name: spec.name,
        color: spec.color,
        description: spec.description,
      });
    ensured.add(spec.name);
  };
  const create = async (spec: LabelSpec) => {
    if (!ensured.has(spec.name)) await createLabel(spec);
  };
  return Object.assign(ensure, { settle, create });
}

/** Issues. */
function issueMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  ensureLabel: EnsureLabel,
): Pick<IssuesRepo, "getIssue" | "listIssues" | "createIssue" | "updateIssue"> {
  return {
    async getIssue(number) {
      const { data } = await octokit.rest.issues.get({ owner, repo, issue_number: number });
      return toIssue(data as RawIssue);
    },
    async listIssues({ labels, state, includePullRequests, firstPage }) {
      const query = {
        owner,
        repo,
        state: state ?? "open",
        per_page: Math.min(firstPage ?? 100, 100),
        ...(labels?.length ? { labels: labels.join(",") } : {}),
      };
      const data =
        firstPage === undefined
          ? await octokit.paginate(octokit.rest.issues.listForRepo, query)
          : (await octokit.rest.issues.listForRepo(query)).data;
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
      for (const name of patch.labels ?? []) if (isSkillopsLabel(name)) await ensureLabel(LABELS[name]);
      await octokit.rest.issues.update({
        owner,
        repo,
        issue_number: number,
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.body !== undefined ? { body: patch.body } : {}),
        ...(patch.state ? { state: patch.state } : {}),
        ...(patch.stateReason ? { state_reason: patch.stateReason } : {}),
        ...(patch.labels ? { labels: patch.labels } : {}),
      });
    },
  };
}

type RawComment = {
  id: number;
  node_id?: string;
  body?: string | null;
  user: { login: string; type?: string } | null;
};

function toComment(raw: RawComment): Comment {
  return {
    id: raw.id,
    body: raw.body ?? "",
    author: raw.user?.login ?? "ghost",
    authorIsBot: raw.user?.type === "Bot",
    ...(raw.node_id ? { nodeId: raw.node_id } : {}),
  };
}

/** Comments on issues and pull requests. */
function commentMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
): Pick<
  IssuesRepo,
  "listComments" | "createComment" | "updateComment" | "updateCommentReadingIssue" | "deleteComment"
> {
  return {
    async listComments(number) {
      const data = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: number,
        per_page: 100,
      });
      return data.map(toComment);
    },
    async createComment(number, body) {
      const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: number, body });
      return toComment(data);
    },
    async updateComment(id, body) {
      await octokit.rest.issues.updateComment({ owner, repo, comment_id: id, body });
    },
    updateCommentReadingIssue: (comment, body) => updateCommentReadingIssue(octokit, comment.nodeId, body),
    async deleteComment(id) {
      try {
        await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id });
      } catch (error) {
        if (status(error) !== 404) throw error;
      }
    },
  };
}

/** Adds labels in one request: the add creates a missing label, which is then given its colour (rarely). */
async function addIssueLabels(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  ensureLabel: EnsureLabel,
  number: number,
  labels: string[],
): Promise<void> {
  if (labels.length === 0) return;
  const { data } = await octokit.rest.issues.addLabels({ owner, repo, issue_number: number, labels });
  for (const name of labels)
    if (name in LABELS)
      await ensureLabel.settle(
        LABELS[name as LabelName],
        data.find((l) => l.name.toLowerCase() === name.toLowerCase()),
      );
}

/** Labels, who did what, and reactions. */
function labelAndPeopleMethods(
  octokit: RestClient,
  { owner, repo }: RepoCoords,
  ensureLabel: EnsureLabel,
): Pick<
  IssuesRepo,
  "addLabels" | "ensureLabels" | "removeLabel" | "labelledBy" | "roleOf" | "reactToComment" | "reactToIssue"
> {
  return {
    addLabels: (number, labels) => addIssueLabels(octokit, { owner, repo }, ensureLabel, number, labels),
    async ensureLabels(names) {
      for (const name of names) await ensureLabel.create(LABELS[name]);
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
    ...commentMethods(octokit, coords),
    ...labelAndPeopleMethods(octokit, coords, ensureLabel),
    ...repoMethods(octokit, coords),
    ...folderMethods(octokit, coords),
  };
}
