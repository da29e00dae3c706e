// The configured `policy:` paths (Markdown files, or folders of them) as files of a git tree, and
// whether a pushed path falls under them. Paths are repository-relative, `/`-separated.
import { readTreeChecked } from "../../../io/git/read-tree.js";

const trim = (p: string) => p.replace(/^\.?\/+|\/+$/g, "");

/** True when `path` is one of the policy entries or lies in a folder one names, and is Markdown. */
export function isPolicyPath(path: string, entries: readonly string[]): boolean {
  if (!/\.md$/i.test(path)) return false;
  return entries.map(trim).some((e) => e !== "" && (path === e || path.startsWith(`${e}/`)));
}

/** The files under a folder; none when the path is absent or names a file (isomorphic-git's ObjectTypeError). */
async function readFolder(gitdir: string, ref: string, prefix: string) {
  try {
    return (await readTreeChecked({ gitdir, ref, prefix })).files;
  } catch (e) {
    if ((e as { code?: string }).code === "ObjectTypeError") return [];
    throw e;
  }
}

export interface PolicyFile {
  path: string;
  bytes: Uint8Array;
}

/** The Markdown policy files at `ref`, sorted by path; an entry naming nothing yields nothing. */
export async function readPolicyFiles(
  gitdir: string,
  ref: string,
  entries: readonly string[],
): Promise<PolicyFile[]> {
  const found = new Map<string, Uint8Array>();
  for (const entry of entries.map(trim).filter(Boolean)) {
    const folder = await readFolder(gitdir, ref, entry);
    for (const f of folder) found.set(`${entry}/${f.path}`, f.bytes);
    if (folder.length > 0) continue;
    // Not a folder: the entry may be one file in its parent folder.
    const slash = entry.lastIndexOf("/");
    const parent = await readTreeChecked({ gitdir, ref, prefix: slash < 0 ? "" : entry.slice(0, slash) });
    const name = entry.slice(slash + 1);
    const file = parent.files.find((f) => f.path === name);
    if (file) found.set(entry, file.bytes);
  }
  return [...found]
    .filter(([path]) => isPolicyPath(path, entries))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([path, bytes]) => ({ path, bytes }));
}
