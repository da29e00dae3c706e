// Read the files of a commit's tree (optionally a sub-folder) as BankFiles, without a working tree.
// Symlinks, submodules, over-size blobs, non-UTF-8 text and unsafe paths are reported, not loaded.
import pLimit from "p-limit";
import { loadBank, type LoadBankOptions, decodeUtf8 } from "../../core/bank/bank.js";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { comparePaths } from "../../core/bank/hash.js";
import { isTextPath, pathProblem } from "../../core/bank/path.js";
import type { BankFile, SkillBank } from "../../core/bank/skill.js";
import {
  cacheFor,
  fs,
  git,
  MODE_EXECUTABLE,
  MODE_SUBMODULE,
  MODE_SYMLINK,
  MODE_TREE,
  resolveCommit,
} from "./repo.js";

export const DEFAULT_MAX_BLOB_BYTES = 2 * 1024 * 1024;

export interface ReadTreeOptions {
  gitdir: string;
  /** Branch, full ref or commit id. */
  ref: string;
  /** Folder inside the tree, e.g. `skill-bank`; paths come back relative to it. */
  prefix?: string;
  maxFileBytes?: number;
}

/** Thrown by readTree when the tree holds something that cannot be loaded faithfully. */
export class TreeReadError extends Error {
  constructor(readonly diagnostics: Diagnostic[]) {
    super(diagnostics.map((d) => `${d.file}: ${d.code} ${d.message}`).join("\n"));
  }
}

type Report = (file: string, code: string, message: string) => void;
interface BlobEntry {
  path: string;
  oid: string;
  executable: boolean;
}

export async function readTreeChecked(
  opts: ReadTreeOptions,
): Promise<{ files: BankFile[]; diagnostics: Diagnostic[]; commit: string }> {
  const { gitdir } = opts;
  const cache = cacheFor(gitdir);
  const commit = await resolveCommit(gitdir, opts.ref);
  const prefix = (opts.prefix ?? "").replace(/^\/+|\/+$/g, "");
  const files: BankFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const report: Report = (file, code, message) =>
    diagnostics.push({ file, line: 0, severity: "error", code, message });

  let root: string;
  try {
    root = (
      await git.readTree({ fs, gitdir, oid: commit, filepath: prefix === "" ? undefined : prefix, cache })
    ).oid;
  } catch (e) {
    if (e instanceof Error && (e as { code?: string }).code === "NotFoundError")
      return { files, diagnostics, commit };
    throw e;
  }
  // Walk the trees first, then read the blobs with bounded concurrency (loose objects are one
  // file read + inflate each, which overlaps well).
  const blobs = await listBlobs(gitdir, cache, root, report);
  const limit = pLimit(16);
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_BLOB_BYTES;
  await Promise.all(
    blobs.map((b) =>
      limit(async () => {
        const file = await loadBlob(gitdir, cache, b, maxBytes, report);
        if (file) files.push(file);
      }),
    ),
  );
  diagnostics.sort((a, b) => comparePaths(a.file, b.file));
  files.sort((a, b) => comparePaths(a.path, b.path));
  return { files, diagnostics, commit };
}

/** Every loadable blob below `root`; links, submodules and unsafe paths are reported instead. */
async function listBlobs(gitdir: string, cache: object, root: string, report: Report): Promise<BlobEntry[]> {
  const blobs: BlobEntry[] = [];
  const visit = async (treeOid: string, base: string): Promise<void> => {
    const { tree } = await git.readTree({ fs, gitdir, oid: treeOid, cache });
    for (const entry of tree) {
      const path = base === "" ? entry.path : `${base}/${entry.path}`;
      if (entry.mode === MODE_TREE) await visit(entry.oid, path);
      else if (entry.mode === MODE_SYMLINK)
        report(path, "GIT_SYMLINK", "symbolic link in the tree; not followed");
      else if (entry.mode === MODE_SUBMODULE)
        report(path, "GIT_SUBMODULE", "submodule in the tree; not loaded");
      else if (pathProblem(path)) report(path, "GIT_PATH_INVALID", `${pathProblem(path)}; not loaded`);
      else blobs.push({ path, oid: entry.oid, executable: entry.mode === MODE_EXECUTABLE });
    }
  };
  await visit(root, "");
  return blobs;
}

/** One blob as a bank file, or undefined (reported) when too large or not valid UTF-8 text. */
async function loadBlob(
  gitdir: string,
  cache: object,
  b: BlobEntry,
  maxBytes: number,
  report: Report,
): Promise<BankFile | undefined> {
  const { blob } = await git.readBlob({ fs, gitdir, oid: b.oid, cache });
  if (blob.length > maxBytes) {
    report(
      b.path,
      "GIT_FILE_TOO_LARGE",
      `file is ${blob.length} bytes; the limit is ${maxBytes}; not loaded`,
    );
    return undefined;
  }
  if (isTextPath(b.path) && decodeUtf8(blob) === undefined) {
    report(b.path, "GIT_NOT_UTF8", "text file is not valid UTF-8; not loaded");
    return undefined;
  }
  const file: BankFile = { path: b.path, bytes: blob };
  if (b.executable) file.executable = true;
  return file;
}

/** The files under `prefix` at `ref`; throws TreeReadError if any could not be loaded faithfully. */
export async function readTree(opts: ReadTreeOptions): Promise<BankFile[]> {
  const { files, diagnostics } = await readTreeChecked(opts);
  if (diagnostics.length > 0) throw new TreeReadError(diagnostics);
  return files;
}

/** Load a bank from a git tree at any ref. */
export async function loadBankFromGit(
  opts: ReadTreeOptions & LoadBankOptions,
): Promise<{ bank: SkillBank; diagnostics: Diagnostic[]; commit: string }> {
  const read = await readTreeChecked(opts);
  const { bank, diagnostics } = loadBank(read.files, { mode: opts.mode ?? "lenient" });
  return { bank, diagnostics: [...read.diagnostics, ...diagnostics], commit: read.commit };
}
