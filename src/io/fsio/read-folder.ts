// Read a folder into BankFiles without trusting it: symlinks are reported and never followed,
// paths must stay inside the root, text files must be UTF-8, and over-size files are reported
// instead of loaded. A file that is reported is not in `files`, so callers must not write the
// bank back while there are errors (that would drop the file).
import { lstat, readdir, readFile, realpath } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { decodeUtf8 } from "../../core/bank/bank.js";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { comparePaths } from "../../core/bank/hash.js";
import { isTextPath, pathProblem } from "../../core/bank/path.js";

export { isTextPath };
import type { BankFile } from "../../core/bank/skill.js";

export const DEFAULT_MAX_FILE_BYTES = 2 * 1024 * 1024;
const SKIPPED_DIRS = new Set([".git", "node_modules"]);
export interface ReadFolderOptions {
  maxFileBytes?: number;
}

export async function readFolder(
  root: string,
  opts: ReadFolderOptions = {},
): Promise<{ files: BankFile[]; diagnostics: Diagnostic[] }> {
  const maxBytes = opts.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const files: BankFile[] = [];
  const diagnostics: Diagnostic[] = [];
  const base = await realpath(root);
  const report = (file: string, code: string, message: string) =>
    diagnostics.push({ file, line: 0, severity: "error", code, message });

  const visit = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true });
    entries.sort((a, b) => comparePaths(a.name, b.name));
    for (const entry of entries) {
      const abs = join(dir, entry.name);
      const rel = relative(base, abs).split(sep).join("/");
      if (rel.startsWith("../") || rel === "..") {
        report(rel, "FS_PATH_ESCAPES", "path resolves outside the bank folder; not read");
        continue;
      }
      const stat = await lstat(abs);
      if (stat.isSymbolicLink()) {
        report(rel, "FS_SYMLINK", "symbolic link; not followed (copy the file into the bank instead)");
        continue;
      }
      if (stat.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) await visit(abs);
        continue;
      }
      if (!stat.isFile()) {
        report(rel, "FS_NOT_A_FILE", "not a regular file (device, socket or pipe); not read");
        continue;
      }
      const problem = pathProblem(rel);
      if (problem) {
        report(rel, "FS_PATH_INVALID", `${problem}; not read`);
        continue;
      }
      if (stat.size > maxBytes) {
        report(rel, "FS_FILE_TOO_LARGE", `file is ${stat.size} bytes; the limit is ${maxBytes}; not read`);
        continue;
      }
      const bytes = new Uint8Array(await readFile(abs));
      if (isTextPath(rel) && decodeUtf8(bytes) === undefined) {
        report(rel, "FS_NOT_UTF8", "text file is not valid UTF-8; not read");
        continue;
      }
      const file: BankFile = { path: rel, bytes };
      if ((stat.mode & 0o111) !== 0) file.executable = true;
      files.push(file);
    }
  };
  await visit(base);
  files.sort((a, b) => comparePaths(a.path, b.path));
  return { files, diagnostics };
}
