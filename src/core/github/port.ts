// The port: the types handlers act through and the environments they are given. Types only, so
// handlers, renderers and adapters can all depend on it without depending on each other
// (repo.ts and repo-pulls.ts implement SkillRepo; deploy/ and frontier/ share FrontierEnv).
import type { Config } from "../config/config.js";
import type { Converter } from "../feedback/to-case.js";
import type { Person } from "../../records/person.js";
import type { LabelName } from "./labels.js";
import { type Clock } from "../../vocabulary/clock.js";

export interface RepoCoords {
  owner: string;
  repo: string;
}

/**
 * Repository roles from least to most: the one ranking, which permissions.ts compares by and the
 * API adapter checks answers against. Custom roles fall back to their base role.
 */
export const ROLES_BY_RANK = ["none", "read", "triage", "write", "maintain", "admin"] as const;
export type RepoRole = (typeof ROLES_BY_RANK)[number];

// ---------------------------------------------------------------------------------------------
// Issues, comments, labels, people, workflows and files.

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
  /** GitHub's global id (GraphQL's `id`, REST's `node_id`), where the read gave it. */
  nodeId?: string;
}

/** An issue and its comments as one request read them back; comments undefined past one page. */
export interface IssueReadBack {
  issue: Issue;
  comments?: Comment[];
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
  /**
   * Open (or all) issues carrying every label in `labels`, newest first; pull requests only when
   * asked for. `firstPage` (≤ 100) reads one page only, so the cost does not grow with the backlog.
   */
  listIssues(query: {
    labels?: string[];
    state?: "open" | "closed" | "all";
    includePullRequests?: boolean;
    firstPage?: number;
  }): Promise<Issue[]>;
  createIssue(input: { title: string; body: string; labels?: LabelName[] }): Promise<Issue>;
  updateIssue(
    number: number,
    patch: {
      title?: string;
      body?: string;
      state?: "open" | "closed";
      stateReason?: "completed" | "not_planned" | "reopened";
      /** Replaces all labels (skillops labels are created first), saving a separate label request. */
      labels?: string[];
    },
  ): Promise<void>;
  listComments(number: number): Promise<Comment[]>;
  createComment(number: number, body: string): Promise<Comment>;
  /**
   * `createComment`, then `labels` added to the same issue, in one request that runs the two writes
   * in that order (GraphQL's mutations), so a label never precedes the comment. `labelled` is false
   * when the labels were not added (one this repository cannot name by its global id yet, GitHub
   * refused them): the caller adds them itself. Absent where a repository cannot.
   */
  createCommentAddingLabels?(
    number: number,
    body: string,
    labels: readonly string[],
  ): Promise<{ comment: Comment; labelled: boolean }>;
  updateComment(id: number, body: string): Promise<void>;
  /**
   * Edits a comment and reads its issue back in the same request (GraphQL): the issue and its
   * comments as they are after the edit. Absent where a repository cannot (the caller then writes
   * and reads the REST way, as it does when this throws).
   */
  updateCommentReadingIssue?(comment: { id: number; nodeId: string }, body: string): Promise<IssueReadBack>;
  /** Deletes a comment; one already deleted (404, e.g. by a concurrent instance) is fine. */
  deleteComment(id: number): Promise<void>;
  /** Adds labels, creating any skillops label first with its colour and description. */
  addLabels(number: number, labels: string[]): Promise<void>;
  /**
   * Creates each of these labels that the repository does not have, with its colour and description
   * (one request each); one it has is left as it is.
   */
  ensureLabels(labels: readonly LabelName[]): Promise<void>;
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
  /**
   * Every file under each folder on the default branch, in one request whatever their number; a
   * folder that does not exist has none. `text` is null for a file not returned as text (binary, too
   * large, or deeper than `FOLDER_DEPTH` levels, then listed as its folder `a/b/c/d/`).
   */
  readTextFolders(dirs: readonly string[]): Promise<FolderText[]>;
  defaultBranch(): Promise<string>;
}

/** Levels of folders `readTextFolders` descends below each folder it reads. */
export const FOLDER_DEPTH = 4;

export interface FolderText {
  dir: string;
  /** Paths relative to `dir`. */
  files: Array<{ path: string; text: string | null }>;
}

// ---------------------------------------------------------------------------------------------
// Pull requests, branches, PR commits and check runs.

export interface ExistingPull {
  number: number;
  state: "open" | "closed";
  merged: boolean;
  draft: boolean;
  headRef: string;
  headSha: string;
  baseRef: string;
  title: string;
  body: string;
  labels: string[];
  author: string;
  /** Set once merged. */
  mergeCommitSha?: string | null;
}

/** An approving review of a pull request: who, and of which commit (a later push is not approved). */
export interface PullApproval {
  login: string;
  commitId: string;
}

export interface PullCommit {
  sha: string;
  authorName: string;
  authorEmail: string;
  committerEmail: string;
  /** GitHub login of the author when GitHub could map the email; null otherwise. */
  authorLogin: string | null;
}

export interface CheckRunInput {
  name: string;
  headSha: string;
  conclusion: "success" | "failure" | "neutral";
  title: string;
  summary: string;
  text?: string;
}

/** A check run started in progress (`startCheckRun`), later rewritten or completed. */
export interface CheckRunStart {
  name: string;
  headSha: string;
  title: string;
  summary: string;
}

/** A rewrite of a check run's output; with a conclusion it completes the run. */
export interface CheckRunUpdate {
  title: string;
  summary: string;
  conclusion?: CheckRunInput["conclusion"];
}

export interface CheckRunSummary {
  id: number;
  name: string;
  headSha: string;
  conclusion: string | null;
  title: string | null;
  summary: string | null;
}

export interface PullsRepo extends RepoCoords {
  /** Every PR (open and closed, or only open ones) whose head branch starts with `prefix`. */
  listPulls(prefix: string, state?: "open" | "all"): Promise<ExistingPull[]>;
  getPull(number: number): Promise<ExistingPull & { nodeId: string }>;
  /** Opens a PR; a 422 "already exists" returns the open PR for that head instead (`existed: true`). */
  createPull(input: {
    title: string;
    body: string;
    head: string;
    base: string;
    draft: boolean;
  }): Promise<{ number: number; existed: boolean }>;
  updatePull(
    number: number,
    patch: { title?: string; body?: string; state?: "open" | "closed" },
  ): Promise<void>;
  listPullCommits(number: number): Promise<PullCommit[]>;
  /** The paths a PR changes (every page; GitHub lists at most 3,000 files). */
  listPullFiles(number: number): Promise<string[]>;
  /** The approving reviews of a PR (every page), oldest first. */
  listPullApprovals(number: number): Promise<PullApproval[]>;
  /** GraphQL `markPullRequestReadyForReview`: REST cannot take a PR out of draft. */
  markReadyForReview(nodeId: string): Promise<void>;
  /** Head commit of a branch, or undefined when the branch does not exist. */
  branchHead(branch: string): Promise<string | undefined>;
  /** Deletes a branch; an already-deleted one is fine. */
  deleteBranch(branch: string): Promise<void>;
  createCheckRun(input: CheckRunInput): Promise<number>;
  /** Creates a check run with status `in_progress`; returns its id. */
  startCheckRun(input: CheckRunStart): Promise<number>;
  /** Rewrites a check run's output; a conclusion completes it. */
  updateCheckRun(id: number, update: CheckRunUpdate): Promise<void>;
  listCheckRuns(sha: string, name: string): Promise<CheckRunSummary[]>;
}

/** Everything handlers act through: the issue side (repo.ts) and the pull-request side (repo-pulls.ts). */
export type SkillRepo = IssuesRepo & PullsRepo;

// ---------------------------------------------------------------------------------------------
// What handlers are given.

/** Work that must not run on the webhook's request path; work-queue.ts implements it. */
export interface WorkQueue {
  enqueue(key: string, job: () => Promise<void>): void;
  /**
   * Runs `work` now, or after the exclusive work for the same key already under way: deliveries
   * and jobs for one issue or PR (`exclusiveKey`) run one after another within this process.
   * Not re-entrant: work holding a key must not wait for the same key.
   */
  exclusive<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Resolves when nothing is pending or running. */
  drain(): Promise<void>;
  /** Errors of failed jobs, newest last (jobs never take the process down). */
  readonly failures: Array<{ key: string; error: unknown }>;
}

/** Git access for pushing branches: frontier PRs, the knowledge PR, rollback reverts. */
export interface PublishGit {
  /** A scratch bare repository (isomorphic-git writes objects there before pushing). */
  gitdir: string;
  /** The repository's clone URL, without credentials. */
  url: string;
  /** Installation token: pushes made with it trigger the PR's workflows (GITHUB_TOKEN's would not). */
  token: string;
}

/** What feedback conversion acts through (the ingest sweep and the issue handlers). */
export interface FeedbackEnv {
  repo: SkillRepo;
  config: Config;
  converter: Converter;
  now: Clock;
  /** The app's own login (e.g. `skillops[bot]`): only its comments count as owned. */
  botLogin: string;
}

/** What the issue, comment and dashboard handlers act through for one event. */
export interface HandlerEnv {
  repo: SkillRepo;
  /** The validated config, or the problems that make it invalid. */
  config: { ok: true; config: Config } | { ok: false; problems: string[] };
  converter: Converter;
  queue: WorkQueue;
  now: Clock;
  botLogin: string;
  /** Updates the rolling knowledge PR; queued after a conversion produced advice (needs git access). */
  publishKnowledge?: () => Promise<unknown>;
  /** Asks for a (coalesced) dashboard refresh, e.g. after a conversion failed or recovered. */
  refreshDashboard?: () => void;
  /** True when the install has no model (no `models:` endpoint with its key): the dashboard says so. */
  noModel?: boolean;
}

/** What the frontier-PR handlers (deploy, select, rollback, stale checks) act through. */
export interface FrontierEnv {
  repo: SkillRepo;
  botLogin: string;
  /** The identity of the app's commits (foreign-commit detection, revert commits). */
  author: Person;
  bankDir: string;
  /** Commit times of reverts. */
  now: Clock;
  /** Git access for `/skillops rollback` (a scratch gitdir, the clone URL, an installation token). */
  git?: () => Promise<PublishGit>;
  refreshDashboard?: () => Promise<unknown>;
}
