// Write a bank as a commit without a working tree: blobs, then one tree per folder bottom-up, then
// the path from the prefix up to the root, keeping every other entry of the parent's tree. The
// branch ref is moved to the new commit. Same inputs → same commit id (the timestamp is an input).
// Tree ids are computed by hashing first, so unchanged subtrees (most of a bank) write nothing.
import { createHash } from "node:crypto";
import { comparePaths } from "../../core/bank/hash.js";
import { pathProblem } from "../../core/bank/path.js";
import type { BankFile } from "../../core/bank/skill.js";
import { cacheFor, fs, git, MODE_EXECUTABLE, MODE_FILE, MODE_TREE, resolveCommit } from "./repo.js";

export interface CommitFilesOptions {
  gitdir: string;
  /** Branch, full ref or commit id of the parent; null for a first commit. */
  parent: string | null;
  /** Branch to create or move (`skillops/frontier/abcd1234` or `refs/heads/...`). */
  branch: string;
  /** Folder the files replace, e.g. `skill-bank` ("" = the whole tree). */
  prefix: string;
  files: readonly BankFile[];
  message: string;
  author: { name: string; email: string };
  /** Seconds since the epoch (pass the clock in). */
  timestamp: number;
}

type TreeEntry = { mode: string; path: string; oid: string; type: "blob" | "tree" | "commit" };

interface Folder {
  files: Map<string, BankFile>;
  folders: Map<string, Folder>;
  /** Object id of this folder's tree, computed by hashing (no I/O). */
  oid?: string;
}

function buildFolders(files: readonly BankFile[]): Folder {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const f of files) {
    const parts = f.path.split("/");
    const name = parts.pop()!;
    let folder = root;
    for (const p of parts) {
      if (folder.files.has(p)) throw new Error(`commitFiles: ${p} is both a file and a folder`);
      let next = folder.folders.get(p);
      if (!next) folder.folders.set(p, (next = { files: new Map(), folders: new Map() }));
      folder = next;
    }
    if (folder.folders.has(name)) throw new Error(`commitFiles: ${f.path} is both a file and a folder`);
    folder.files.set(name, f);
  }
  return root;
}

function gitObjectId(type: "blob" | "tree", body: Uint8Array): string {
  return createHash("sha1").update(`${type} ${body.length}\0`).update(body).digest("hex");
}

/** Git orders tree entries as if folder names ended in "/". */
function gitOrder(a: TreeEntry, b: TreeEntry): number {
  return comparePaths(a.type === "tree" ? `${a.path}/` : a.path, b.type === "tree" ? `${b.path}/` : b.path);
}

function folderEntries(folder: Folder): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const [name, sub] of folder.folders)
    entries.push({ mode: MODE_TREE, path: name, oid: sub.oid!, type: "tree" });
  for (const [name, f] of folder.files) {
    entries.push({
      mode: f.executable ? MODE_EXECUTABLE : MODE_FILE,
      path: name,
      oid: gitObjectId("blob", f.bytes),
      type: "blob",
    });
  }
  return entries.sort(gitOrder);
}

/** Compute every folder's tree id bottom-up by hashing, as git would, without writing anything. */
function hashFolders(folder: Folder): string {
  for (const sub of folder.folders.values()) hashFolders(sub);
  const body = Buffer.concat(
    folderEntries(folder).map((e) =>
      Buffer.concat([Buffer.from(`${e.mode.replace(/^0/, "")} ${e.path}\0`), Buffer.from(e.oid, "hex")]),
    ),
  );
  folder.oid = gitObjectId("tree", body);
  return folder.oid;
}

/** Write the objects of `folder` that the parent's tree at the same place does not already have. */
async function writeFolderTree(
  gitdir: string,
  folder: Folder,
  parentOid: string | undefined,
): Promise<string> {
  if (folder.oid === parentOid && parentOid !== undefined) return parentOid; // unchanged subtree: objects exist
  const cache = cacheFor(gitdir);
  const before = new Map<string, TreeEntry>();
  if (parentOid)
    for (const e of (await git.readTree({ fs, gitdir, oid: parentOid, cache })).tree) before.set(e.path, e);
  for (const [name, sub] of folder.folders) {
    const old = before.get(name);
    await writeFolderTree(gitdir, sub, old?.type === "tree" ? old.oid : undefined);
  }
  const entries = folderEntries(folder);
  for (const e of entries) {
    if (e.type === "blob" && before.get(e.path)?.oid !== e.oid)
      await git.writeBlob({ fs, gitdir, blob: folder.files.get(e.path)!.bytes });
  }
  const oid = await git.writeTree({ fs, gitdir, tree: entries });
  if (oid !== folder.oid)
    throw new Error(`commitFiles: tree id mismatch (${oid} written, ${folder.oid} computed)`);
  return oid;
}

/** The tree id at `parts` under `treeOid`, if there is a tree there. */
async function subtreeAt(
  gitdir: string,
  treeOid: string | undefined,
  parts: readonly string[],
): Promise<string | undefined> {
  let oid = treeOid;
  for (const part of parts) {
    if (oid === undefined) return undefined;
    const entry = (await git.readTree({ fs, gitdir, oid, cache: cacheFor(gitdir) })).tree.find(
      (e) => e.path === part,
    );
    oid = entry?.type === "tree" ? entry.oid : undefined;
  }
  return oid;
}

/** Replace the entry at `parts` under `treeOid` with `newOid` (undefined removes it). */
async function replaceAt(
  gitdir: string,
  treeOid: string | undefined,
  parts: string[],
  newOid: string | undefined,
): Promise<string | undefined> {
  if (parts.length === 0) return newOid;
  const [head, ...rest] = parts as [string, ...string[]];
  const entries: TreeEntry[] = treeOid
    ? (await git.readTree({ fs, gitdir, oid: treeOid, cache: cacheFor(gitdir) })).tree
    : [];
  const existing = entries.find((e) => e.path === head);
  if (existing && existing.type !== "tree" && rest.length > 0) {
    throw new Error(`commitFiles: cannot write under ${head}: it is a file in the parent tree`);
  }
  const child = await replaceAt(gitdir, existing?.type === "tree" ? existing.oid : undefined, rest, newOid);
  const kept = entries.filter((e) => e.path !== head);
  if (child !== undefined) kept.push({ mode: MODE_TREE, path: head, oid: child, type: "tree" });
  return git.writeTree({ fs, gitdir, tree: kept });
}

export async function commitFiles(opts: CommitFilesOptions): Promise<string> {
  const { gitdir } = opts;
  const bad = opts.files
    .map((f) => [f.path, pathProblem(f.path)] as const)
    .filter(([, p]) => p !== undefined);
  if (bad.length > 0)
    throw new Error(
      `commitFiles: refusing unsafe paths: ${bad.map(([f, p]) => `${JSON.stringify(f)} (${p})`).join(", ")}`,
    );
  const prefix = opts.prefix.replace(/^\/+|\/+$/g, "");
  const prefixParts = prefix === "" ? [] : prefix.split("/");
  const badPrefix = prefix === "" ? undefined : pathProblem(prefix);
  if (badPrefix) throw new Error(`commitFiles: bad prefix ${JSON.stringify(prefix)}: ${badPrefix}`);

  const parent = opts.parent === null ? undefined : await resolveCommit(gitdir, opts.parent);
  const parentTree = parent
    ? (await git.readCommit({ fs, gitdir, oid: parent, cache: cacheFor(gitdir) })).commit.tree
    : undefined;
  let subtree: string | undefined;
  if (opts.files.length > 0) {
    const root = buildFolders(opts.files);
    hashFolders(root);
    subtree = await writeFolderTree(gitdir, root, await subtreeAt(gitdir, parentTree, prefixParts));
  }
  const tree =
    (await replaceAt(gitdir, parentTree, prefixParts, subtree)) ??
    (await git.writeTree({ fs, gitdir, tree: [] }));
  const person = { ...opts.author, timestamp: opts.timestamp, timezoneOffset: 0 };
  const oid = await git.writeCommit({
    fs,
    gitdir,
    commit: {
      tree,
      parent: parent ? [parent] : [],
      author: person,
      committer: person,
      message: opts.message.endsWith("\n") ? opts.message : `${opts.message}\n`,
    },
  });
  const ref = opts.branch.startsWith("refs/") ? opts.branch : `refs/heads/${opts.branch}`;
  await git.writeRef({ fs, gitdir, ref, value: oid, force: true });
  return oid;
}
