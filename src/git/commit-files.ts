// Write a bank as a commit without a working tree: blobs, then one tree per folder bottom-up, then
// the path from the prefix up to the root, keeping every other entry of the parent's tree. The
// branch ref is moved to the new commit. Same inputs → same commit id (the timestamp is an input).
import { comparePaths } from "../bank/hash.js";
import { pathProblem } from "../bank/path.js";
import type { BankFile } from "../bank/skill.js";
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
}

function buildFolders(files: readonly BankFile[]): Folder {
  const root: Folder = { files: new Map(), folders: new Map() };
  for (const f of files) {
    const parts = f.path.split("/");
    const name = parts.pop()!;
    let folder = root;
    for (const p of parts) {
      let next = folder.folders.get(p);
      if (!next) folder.folders.set(p, (next = { files: new Map(), folders: new Map() }));
      folder = next;
    }
    if (folder.folders.has(name)) throw new Error(`commitFiles: ${f.path} is both a file and a folder`);
    folder.files.set(name, f);
  }
  return root;
}

async function writeFolderTree(gitdir: string, folder: Folder): Promise<string> {
  const entries: TreeEntry[] = [];
  for (const [name, sub] of folder.folders) {
    if (folder.files.has(name)) throw new Error(`commitFiles: ${name} is both a file and a folder`);
    entries.push({ mode: MODE_TREE, path: name, oid: await writeFolderTree(gitdir, sub), type: "tree" });
  }
  for (const [name, f] of folder.files) {
    const oid = await git.writeBlob({ fs, gitdir, blob: f.bytes });
    entries.push({ mode: f.executable ? MODE_EXECUTABLE : MODE_FILE, path: name, oid, type: "blob" });
  }
  entries.sort((a, b) => comparePaths(a.path, b.path));
  return git.writeTree({ fs, gitdir, tree: entries });
}

/** Replace the entry at `parts` under `treeOid` with `newOid` (undefined removes it). */
async function replaceAt(gitdir: string, treeOid: string | undefined, parts: string[], newOid: string | undefined): Promise<string | undefined> {
  if (parts.length === 0) return newOid;
  const [head, ...rest] = parts as [string, ...string[]];
  const entries: TreeEntry[] = treeOid ? (await git.readTree({ fs, gitdir, oid: treeOid, cache: cacheFor(gitdir) })).tree : [];
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
  const bad = opts.files.map((f) => [f.path, pathProblem(f.path)] as const).filter(([, p]) => p !== undefined);
  if (bad.length > 0) throw new Error(`commitFiles: refusing unsafe paths: ${bad.map(([f, p]) => `${JSON.stringify(f)} (${p})`).join(", ")}`);
  const prefix = opts.prefix.replace(/^\/+|\/+$/g, "");
  const prefixParts = prefix === "" ? [] : prefix.split("/");
  const badPrefix = prefix === "" ? undefined : pathProblem(prefix);
  if (badPrefix) throw new Error(`commitFiles: bad prefix ${JSON.stringify(prefix)}: ${badPrefix}`);

  const parent = opts.parent === null ? undefined : await resolveCommit(gitdir, opts.parent);
  const parentTree = parent ? (await git.readCommit({ fs, gitdir, oid: parent, cache: cacheFor(gitdir) })).commit.tree : undefined;
  const subtree = opts.files.length === 0 ? undefined : await writeFolderTree(gitdir, buildFolders(opts.files));
  const tree = (await replaceAt(gitdir, parentTree, prefixParts, subtree)) ?? (await git.writeTree({ fs, gitdir, tree: [] }));
  const person = { ...opts.author, timestamp: opts.timestamp, timezoneOffset: 0 };
  const oid = await git.writeCommit({
    fs, gitdir,
    commit: { tree, parent: parent ? [parent] : [], author: person, committer: person, message: opts.message.endsWith("\n") ? opts.message : `${opts.message}\n` },
  });
  const ref = opts.branch.startsWith("refs/") ? opts.branch : `refs/heads/${opts.branch}`;
  await git.writeRef({ fs, gitdir, ref, value: oid, force: true });
  return oid;
}
