// The case files of a pool on disk (`<root>/<category>/<id>.yml`), listed in path order and kept as
// UTF-8 bytes in shared memory rather than one JS string per file: at 1,000,000 cases the strings
// and their array were ~50 MB of heap, the bytes are ~15 MB, and a stat worker (stat-pass.ts) reads
// them without a copy. Only one folder's names are ever strings at once (to sort them).
import { opendirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../core/bank/diagnostic.js";

/** One category folder's case files: names (without the folder) as UTF-8 bytes, sorted. */
export interface ListedFolder {
  name: string;
  /** The names' bytes, one after another (shared, so a worker can read them). */
  bytes: SharedArrayBuffer;
  /** Byte offset after each name. */
  ends: SharedArrayBuffer;
  count: number;
}

/** The pool's case files in path order, by folder. */
export class PoolFileList {
  readonly count: number;
  private readonly views: { bytes: Buffer; ends: Int32Array; first: number }[];
  private current = 0;

  constructor(readonly folders: readonly ListedFolder[]) {
    let first = 0;
    this.views = folders.map((f) => {
      const view = { bytes: Buffer.from(f.bytes), ends: new Int32Array(f.ends), first };
      first += f.count;
      return view;
    });
    this.count = first;
  }

  /** File `i`'s path relative to the root (`<folder>/<name>`); quickest when called in order. */
  pathAt(i: number): string {
    let f = this.current;
    while (f > 0 && i < this.views[f]!.first) f--;
    while (f + 1 < this.views.length && i >= this.views[f + 1]!.first) f++;
    this.current = f;
    const { bytes, ends, first } = this.views[f]!;
    const j = i - first;
    // join() makes one flat string; a concatenation keeps both halves alive behind a cons string.
    return [this.folders[f]!.name, bytes.toString("utf8", j === 0 ? 0 : ends[j - 1], ends[j])].join("/");
  }

  paths(): string[] {
    return Array.from({ length: this.count }, (_, i) => this.pathAt(i));
  }
}

const isCase = (name: string) => /\.ya?ml$/i.test(name);

/** The case files under `root`, in path order; anything that is not a case gets a diagnostic. */
export function listPoolFolders(root: string): { list: PoolFileList; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const warn = (file: string, code: string, message: string) =>
    diagnostics.push({ file, line: 0, severity: "error", code, message });
  let top;
  try {
    top = readdirSync(root, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { list: new PoolFileList([]), diagnostics }; // an empty pool
    throw e;
  }
  const folders: string[] = [];
  for (const d of top) {
    if (d.name.startsWith(".")) continue;
    if (d.isSymbolicLink())
      warn(d.name, "POOL_SYMLINK", "symbolic links are not followed in the regression pool");
    else if (d.isFile() && isCase(d.name))
      warn(d.name, "CASE_LOCATION", `case files live in <category>/<id>.yml, not at the pool root`);
    else if (d.isDirectory()) folders.push(d.name);
  }
  // Path order: a folder's paths all start with `name/`, so folders sort by that (`a-b/` before `a/`).
  const ordered = folders.map((name) => `${name}/`).sort();
  const listed = ordered.map((slashed) => listFolder(root, slashed.slice(0, -1), warn));
  return { list: new PoolFileList(listed.filter((f) => f.count > 0)), diagnostics };
}

function listFolder(
  root: string,
  name: string,
  warn: (file: string, code: string, message: string) => void,
): ListedFolder {
  const names: string[] = [];
  const dir = opendirSync(join(root, name), { bufferSize: 256 });
  try {
    // One entry at a time: `readdir` of a 700,000-file folder held a Dirent object per file at once.
    for (let f = dir.readSync(); f !== null; f = dir.readSync()) {
      if (f.name.startsWith(".")) continue;
      if (f.isSymbolicLink())
        warn(`${name}/${f.name}`, "POOL_SYMLINK", "symbolic links are not followed in the regression pool");
      else if (f.isFile() && isCase(f.name)) names.push(f.name);
      // Other files (input files referenced by cases, READMEs) are allowed beside the cases.
    }
  } finally {
    dir.closeSync();
  }
  // The default sort orders strings by UTF-16 code units, as pool.ts's `compare` does.
  names.sort();
  let total = 0;
  for (const n of names) total += Buffer.byteLength(n);
  const bytes = new SharedArrayBuffer(total);
  const ends = new SharedArrayBuffer(4 * names.length);
  const into = Buffer.from(bytes);
  const endsView = new Int32Array(ends);
  let at = 0;
  for (let i = 0; i < names.length; i++) {
    at += into.write(names[i]!, at, "utf8");
    endsView[i] = at;
  }
  return { name, bytes, ends, count: names.length };
}
