// The double's in-memory repository: issues (pull requests share their numbers), comments,
// labels, reactions, collaborators, workflow dispatches, files and check runs. Route files read
// and write it; tests arrange it directly (a human filing an issue) and assert on it afterwards.
export type Permission = "admin" | "maintain" | "write" | "triage" | "read" | "none";

export interface UserRecord {
  login: string;
  id: number;
  type: "User" | "Bot";
}

export interface IssueRecord {
  number: number;
  id: number;
  title: string;
  body: string | null;
  state: "open" | "closed";
  stateReason: "completed" | "not_planned" | "reopened" | null;
  labels: string[];
  user: UserRecord;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  /** Set when the number belongs to a pull request (the pull routes keep the PR fields in `pulls`). */
  isPullRequest: boolean;
}

export interface CommentRecord {
  id: number;
  issueNumber: number;
  body: string;
  user: UserRecord;
  createdAt: string;
  updatedAt: string;
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

export interface ReactionRecord {
  id: number;
  subject: { kind: "issue" | "comment"; id: number };
  content: string;
  user: UserRecord;
  createdAt: string;
}

export interface IssueEventRecord {
  id: number;
  issueNumber: number;
  event: "labeled" | "unlabeled" | "closed" | "reopened";
  actor: UserRecord;
  label?: { name: string; color: string };
  createdAt: string;
}

export interface DispatchRecord {
  workflowId: string;
  ref: string;
  inputs: Record<string, unknown>;
  actor: string;
}

export interface WorkflowRunRecord {
  id: number;
  runNumber: number;
  workflowId: string;
  event: string;
  status: "queued" | "in_progress" | "completed";
  conclusion: "success" | "failure" | "cancelled" | null;
  headBranch: string;
  displayTitle: string;
  createdAt: string;
  updatedAt: string;
}

export interface DoubleStateOptions {
  owner: string;
  repo: string;
  defaultBranch?: string;
  /** The app's slug: its bot user `<slug>[bot]` is what installation-token requests act as. Always
   * given, so no test leans on a default name (a real app has its own). */
  appSlug: string;
  /** The app's id: what `GET /app` answers and the `iss` its JWT must carry (Probot's tests use 1). */
  appId?: number;
  /** Fixed start of the double's clock; each write advances it by one second. */
  startTime?: string;
}

export class DoubleState {
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch: string;
  readonly appSlug: string;
  readonly appId: number;
  readonly repoId = 1296269;
  readonly issues = new Map<number, IssueRecord>();
  readonly comments: CommentRecord[] = [];
  readonly labels = new Map<string, LabelRecord>();
  readonly reactions: ReactionRecord[] = [];
  /** Explicit permissions; anyone not listed has `read` (a public repository). */
  readonly collaborators = new Map<string, Permission>();
  readonly dispatches: DispatchRecord[] = [];
  readonly events: IssueEventRecord[] = [];
  /** Workflow runs; a dispatch queues one, tests move them along (e.g. to completed). */
  readonly workflowRuns: WorkflowRunRecord[] = [];
  /** Files per branch: branch → path → text. A `readFile` hook may serve them from git instead. */
  readonly files = new Map<string, Map<string, string>>();
  /** Pull-request fields per number; owned by the pull-request route file. */
  readonly pulls = new Map<number, Record<string, unknown>>();
  /** Check runs; owned by the check-run route file. */
  readonly checkRuns: Array<Record<string, unknown>> = [];
  readonly users = new Map<string, UserRecord>();
  /** Token → login, for requests' Authorization headers. */
  readonly tokens = new Map<string, string>();
  private nextNumber = 1;
  private nextId = 1000;
  private clock: number;

  constructor(options: DoubleStateOptions) {
    this.owner = options.owner;
    this.repo = options.repo;
    this.defaultBranch = options.defaultBranch ?? "main";
    this.appSlug = options.appSlug;
    this.appId = options.appId ?? 1;
    this.clock = Date.parse(options.startTime ?? "2026-01-05T09:00:00Z");
    this.user(this.owner);
    this.collaborators.set(this.owner, "admin");
    this.user(this.botLogin, "Bot");
  }

  get botLogin(): string {
    return `${this.appSlug}[bot]`;
  }

  /** The next timestamp of the double's clock (deterministic). */
  now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  id(): number {
    this.nextId += 1;
    return this.nextId;
  }

  /** Issues and pull requests share one sequence of numbers, as on GitHub. */
  allocateNumber(): number {
    return this.nextNumber++;
  }

  user(login: string, type: "User" | "Bot" = login.endsWith("[bot]") ? "Bot" : "User"): UserRecord {
    let u = this.users.get(login.toLowerCase());
    if (!u) {
      u = { login, id: this.id(), type };
      this.users.set(login.toLowerCase(), u);
    }
    return u;
  }

  permissionOf(login: string): Permission {
    if (login.toLowerCase() === this.botLogin.toLowerCase()) return "write";
    for (const [name, p] of this.collaborators) if (name.toLowerCase() === login.toLowerCase()) return p;
    return "read";
  }

  /** A token that makes requests act as `login` (tests use it to act as humans through the API). */
  tokenFor(login: string): string {
    const token = `ghu_${login.replace(/[^a-zA-Z0-9]/g, "")}_${this.id()}`;
    this.tokens.set(token, login);
    this.user(login);
    return token;
  }

  /** Arrange an issue as a human would file it (no webhook is sent; the test delivers one). */
  openIssue(input: { title: string; body: string | null; author: string; labels?: string[] }): IssueRecord {
    const at = this.now();
    for (const name of input.labels ?? []) this.ensureLabel(name);
    const issue: IssueRecord = {
      number: this.allocateNumber(),
      id: this.id(),
      title: input.title,
      body: input.body,
      state: "open",
      stateReason: null,
      labels: [...(input.labels ?? [])],
      user: this.user(input.author),
      createdAt: at,
      updatedAt: at,
      closedAt: null,
      isPullRequest: false,
    };
    this.issues.set(issue.number, issue);
    return issue;
  }

  issue(number: number): IssueRecord {
    const issue = this.issues.get(number);
    if (!issue) throw new Error(`the double has no issue #${number}`);
    return issue;
  }

  /** A label as GitHub's UI would create it (grey, no description) when absent. */
  ensureLabel(name: string, color = "ededed", description: string | null = null): LabelRecord {
    const found = this.findLabel(name);
    if (found) return found;
    const label = { id: this.id(), name, color, description };
    this.labels.set(name.toLowerCase(), label);
    return label;
  }

  findLabel(name: string): LabelRecord | undefined {
    return this.labels.get(name.toLowerCase());
  }

  /** Someone adds a label (a human in the UI: the test then delivers `issues.labeled`). */
  labelIssue(number: number, name: string, actor: string = this.owner): LabelRecord {
    const label = this.ensureLabel(name);
    const issue = this.issue(number);
    if (!issue.labels.some((l) => l.toLowerCase() === name.toLowerCase())) {
      issue.labels.push(label.name);
      this.events.push({
        id: this.id(),
        issueNumber: number,
        event: "labeled",
        actor: this.user(actor),
        label: { name: label.name, color: label.color },
        createdAt: this.now(),
      });
    }
    issue.updatedAt = this.now();
    return label;
  }

  addComment(issueNumber: number, author: string, body: string): CommentRecord {
    const at = this.now();
    const comment = {
      id: this.id(),
      issueNumber,
      body,
      user: this.user(author),
      createdAt: at,
      updatedAt: at,
    };
    this.comments.push(comment);
    return comment;
  }

  commentsOn(issueNumber: number): CommentRecord[] {
    return this.comments.filter((c) => c.issueNumber === issueNumber);
  }

  setFile(path: string, content: string, branch = this.defaultBranch): void {
    let tree = this.files.get(branch);
    if (!tree) {
      tree = new Map();
      this.files.set(branch, tree);
    }
    tree.set(path, content);
  }

  getFile(path: string, branch = this.defaultBranch): string | undefined {
    return this.files.get(branch)?.get(path);
  }
}
