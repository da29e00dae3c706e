// File-level tree edits (added for frontier PRs and rollbacks, apps/app/frontier/publish.ts and
// rollback.ts): one commit that writes or deletes individual paths on top of a parent, leaving
// every other entry alone — unlike commitFiles, which replaces a whole folder. Plus what a revert
// needs: the paths a commit changed, and the inverse of those changes applied onto another commit.
import { comparePaths } from "../../core/bank/hash.js";
import { pathProblem } from "../../core/bank/path.js";
import type { Person } from "../../records/person.js";
import { sealMessage } from "../../core/github/commit-seal.js";
import { cacheFor, fs, git, MODE_EXECUTABLE, MODE_FILE, MODE_TREE, resolveCommit } from "./repo.js";

/** A path and its new bytes; null deletes it. */
export interface PathWrite {
  path: string;
  bytes: Uint8Array | null;
  executable?: boolean;
}

interface Entry {
  oid: string;
  mode: string;
}

type TreeEntry = { mode: string; path: string; oid: string; type: "blob" | "tree" | "commit" };

const typeOf = (mode: string): TreeEntry["type"] =>
  mode === MODE_TREE ? "tree" : mode === "160000" ? "commit" : "blob";

/** Applies `edits` (path → entry, null = delete) under `treeOid`; empty folders disappear. */
async function editTree(
  gitdir: string,
  treeOid: string | undefined,
  edits: Map<string, Entry | null>,
): Promise<string | undefined> {
  const entries: TreeEntry[] = treeOid
    ? (await git.readTree({ fs, gitdir, oid: treeOid, cache: cacheFor(gitdir) })).tree
    : [];
  const byName = new Map(entries.map((e) => [e.path, e]));
  const nested = new Map<string, Map<string, Entry | null>>();
  for (const [path, entry] of edits) {
    const slash = path.indexOf("/");
    if (slash === -1) {
      if (byName.get(path)?.type === "tree") throw new Error(`git: cannot write ${path}: it is a folder`);
      if (entry) byName.set(path, { path, oid: entry.oid, mode: entry.mode, type: typeOf(entry.mode) });
      else byName.delete(path);
      continue;
    }
    const head = path.slice(0, slash);
    let sub = nested.get(head);
    if (!sub) nested.set(head, (sub = new Map()));
    sub.set(path.slice(slash + 1), entry);
  }
  for (const [head, sub] of nested) {
    const existing = byName.get(head);
    if (existing && existing.type !== "tree")
      throw new Error(`git: cannot write under ${head}: it is a file`);
    const child = await editTree(gitdir, existing?.oid, sub);
    if (child === undefined) byName.delete(head);
    else byName.set(head, { path: head, oid: child, mode: MODE_TREE, type: "tree" });
  }
  if (byName.size === 0) return undefined;
  const tree = [...byName.values()].sort((a, b) => comparePaths(a.path, b.path));
  return git.writeTree({ fs, gitdir, tree });
}

async function writeCommitOn(
  gitdir: string,
  o: {
    parent: string;
    tree: string | undefined;
    branch: string;
    message: string;
    author: Person;
    timestamp: number;
    seal?: boolean;
  },
): Promise<string> {
  const tree = o.tree ?? (await git.writeTree({ fs, gitdir, tree: [] }));
  const person = { ...o.author, timestamp: o.timestamp, timezoneOffset: 0 };
  const message = o.seal ? sealMessage(o.message, tree, [o.parent]) : o.message;
  const oid = await git.writeCommit({
    fs,
    gitdir,
    commit: {
      tree,
      parent: [o.parent],
      author: person,
      committer: person,
      message: message.endsWith("\n") ? message : `${message}\n`,
    },
  });
  await git.writeRef({
    fs,
    gitdir,
    ref: o.branch.startsWith("refs/") ? o.branch : `refs/heads/${o.branch}`,
    value: oid,
    force: true,
  });
  return oid;
}

export interface CommitChangesOptions {
  gitdir: string;
  parent: string;
  branch: string;
  writes: readonly PathWrite[];
  message: string;
  author: Person;
  /** Seconds since the epoch (the clock is passed in). */
  timestamp: number;
  /** Seal the message (commit-seal.ts), so the app can later tell this commit is its own. */
  seal?: boolean;
}

/** One commit on `parent` with exactly `writes` applied; the branch ref moves to it. */
export async function commitChanges(o: CommitChangesOptions): Promise<string> {
  const bad = o.writes.map((w) => [w.path, pathProblem(w.path)] as const).filter(([, p]) => p !== undefined);
  if (bad.length > 0)
    throw new Error(
      `commitChanges: refusing unsafe paths: ${bad.map(([f, p]) => `${JSON.stringify(f)} (${p})`).join(", ")}`,
    );
  const parent = await resolveCommit(o.gitdir, o.parent);
  const { commit } = await git.readCommit({ fs, gitdir: o.gitdir, oid: parent, cache: cacheFor(o.gitdir) });
  const edits = new Map<string, Entry | null>();
  for (const w of o.writes) {
    edits.set(
      w.path,
      w.bytes === null
        ? null
        : {
            oid: await git.writeBlob({ fs, gitdir: o.gitdir, blob: w.bytes }),
            mode: w.executable ? MODE_EXECUTABLE : MODE_FILE,
          },
    );
  }
  const tree = await editTree(o.gitdir, commit.tree, edits);
  return writeCommitOn(o.gitdir, {
    parent,
    tree,
    branch: o.branch,
    message: o.message,
    author: o.author,
    timestamp: o.timestamp,
    ...(o.seal ? { seal: true } : {}),
  });
}

export interface CommitInfo {
  oid: string;
  tree: string;
  parents: string[];
  authorEmail: string;
  committerEmail: string;
  message: string;
}

export async function commitInfo(gitdir: string, ref: string): Promise<CommitInfo> {
  const oid = await resolveCommit(gitdir, ref);
  const { commit } = await git.readCommit({ fs, gitdir, oid, cache: cacheFor(gitdir) });
  return {
    oid,
    tree: commit.tree,
    parents: commit.parent,
    authorEmail: commit.author.email,
    committerEmail: commit.committer.email,
    message: commit.message,
  };
}

/** Every file path whose entry differs between two commits, with both sides (absent = none). */
export async function changedPaths(
  gitdir: string,
  from: string,
  to: string,
): Promise<Array<{ path: string; before?: Entry; after?: Entry }>> {
  const [a, b] = [await resolveCommit(gitdir, from), await resolveCommit(gitdir, to)];
  const out: Array<{ path: string; before?: Entry; after?: Entry }> = [];
  await git.walk({
    fs,
    gitdir,
    cache: cacheFor(gitdir),
    trees: [git.TREE({ ref: a }), git.TREE({ ref: b })],
    map: async (path, [x, y]) => {
      if (path === ".") return true;
      const [tx, ty] = [await x?.type(), await y?.type()];
      if (tx === "tree" || ty === "tree") {
        if (tx === "tree" && ty === "tree" && (await x!.oid()) === (await y!.oid())) return null; // same subtree: skip
        return true;
      }
      const before = x ? { oid: await x.oid(), mode: ((await x.mode()) ?? 0).toString(8) } : undefined;
      const after = y ? { oid: await y.oid(), mode: ((await y.mode()) ?? 0).toString(8) } : undefined;
      if (before?.oid !== after?.oid || before?.mode !== after?.mode)
        out.push({ path, ...(before ? { before } : {}), ...(after ? { after } : {}) });
      return true;
    },
  });
  return out.sort((p, q) => comparePaths(p.path, q.path));
}

async function entryAt(gitdir: string, commit: string, path: string): Promise<Entry | undefined> {
  try {
    const { commit: c } = await git.readCommit({ fs, gitdir, oid: commit, cache: cacheFor(gitdir) });
    const parts = path.split("/");
    let tree = c.tree;
    for (let i = 0; i < parts.length; i++) {
      const { tree: entries } = await git.readTree({ fs, gitdir, oid: tree, cache: cacheFor(gitdir) });
      const e = entries.find((x) => x.path === parts[i]);
      if (!e) return undefined;
      if (i === parts.length - 1) return { oid: e.oid, mode: e.mode };
      tree = e.oid;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

export interface RevertOptions {
  gitdir: string;
  /** The commit to undo (a merge commit is undone against its first parent). */
  commit: string;
  /** Where the revert commit goes (the default branch's head). */
  onto: string;
  branch: string;
  message: string;
  author: Person;
  timestamp: number;
}

/**
 * `git revert -m 1` without a working tree: every path `commit` changed relative to its first
 * parent goes back to the parent's version on top of `onto`. A path changed again since is a
 * conflict and refuses the whole revert (the message lists the paths), so nothing half-reverts.
 */
export async function revertCommit(o: RevertOptions): Promise<string> {
  const info = await commitInfo(o.gitdir, o.commit);
  const parent = info.parents[0];
  if (!parent) throw new Error(`git: cannot revert ${o.commit.slice(0, 7)}: it has no parent`);
  const onto = await resolveCommit(o.gitdir, o.onto);
  const edits = new Map<string, Entry | null>();
  const conflicts: string[] = [];
  for (const change of await changedPaths(o.gitdir, parent, info.oid)) {
    const now = await entryAt(o.gitdir, onto, change.path);
    const sameAsAfter =
      now?.oid === change.after?.oid && (now === undefined) === (change.after === undefined);
    const sameAsBefore =
      now?.oid === change.before?.oid && (now === undefined) === (change.before === undefined);
    if (sameAsBefore) continue;
    if (!sameAsAfter) conflicts.push(change.path);
    else edits.set(change.path, change.before ?? null);
  }
  if (conflicts.length > 0)
    throw new Error(
      `git: cannot revert ${o.commit.slice(0, 7)} automatically; changed again since: ${conflicts.join(", ")}`,
    );
  const { commit: base } = await git.readCommit({
    fs,
    gitdir: o.gitdir,
    oid: onto,
    cache: cacheFor(o.gitdir),
  });
  const tree = await editTree(o.gitdir, base.tree, edits);
  return writeCommitOn(o.gitdir, {
    parent: onto,
    tree,
    branch: o.branch,
    message: o.message,
    author: o.author,
    timestamp: o.timestamp,
  });
}
