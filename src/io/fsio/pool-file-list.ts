// The case files of a pool on disk (`<root>/<category>/<id>.yml`), listed in path order and kept as
// UTF-8 bytes in shared memory rather than one JS string per file: at 1,000,000 cases the strings
// and their array were ~50 MB of heap, the bytes are ~15 MB, and a stat worker (stat-pass.ts) reads
// them without a copy. Names are sorted as bytes (utf8-name-order.ts): no string per file is kept.
import { opendirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { compare } from "../../core/cases/pool.js";
import { Int32Column } from "../../core/cases/pool-columns.js";
import { utf8NameOrder } from "../../core/cases/utf8-name-order.js";

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
  /** The names' UTF-8 bytes in all (without their folders). */
  readonly nameBytes: number;
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
    this.nameBytes = folders.reduce((n, f) => n + f.bytes.byteLength, 0);
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
  const names = new NameBytes();
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
  return { name, ...names.sorted() };
}

/**
 * A folder's names as UTF-8 bytes while it is read: kept as strings until sorted, 700,000 names and
 * the sort's work were ~80 MB of heap that the process kept for the rest of the build.
 */
class NameBytes {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;
  private readonly ends = new Int32Column();

  push(name: string): void {
    if (this.used + 3 * name.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.bytes.length, this.used + 3 * name.length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(name, this.used);
    this.ends.push(this.used);
  }

  /** The names in `compare` order, in shared memory. */
  sorted(): Pick<ListedFolder, "bytes" | "ends" | "count"> {
    const count = this.ends.length;
    const ends = this.ends.done();
    const order = utf8NameOrder(this.bytes, ends, count) ?? this.orderAsStrings(ends);
    // Each name copied natively into ordinary memory, then into shared memory in one piece (not a
    // JS loop over the bytes of the shared buffer).
    const sortedBytes = Buffer.allocUnsafe(this.used);
    const sortedEnds = new Int32Array(count);
    let at = 0;
    for (let i = 0; i < count; i++) {
      const n = order[i]!;
      at += this.bytes.copy(sortedBytes, at, n === 0 ? 0 : ends[n - 1]!, ends[n]!);
      sortedEnds[i] = at;
    }
    const bytes = new SharedArrayBuffer(this.used);
    new Uint8Array(bytes).set(sortedBytes);
    const shared = new Int32Array(new SharedArrayBuffer(4 * count));
    shared.set(sortedEnds);
    return { bytes, ends: shared.buffer as SharedArrayBuffer, count };
  }

  /** The order by strings, for a folder with names the byte order does not sort as `compare` does. */
  private orderAsStrings(ends: Int32Array): Int32Array {
    const text = (n: number) => this.bytes.toString("utf8", n === 0 ? 0 : ends[n - 1], ends[n]);
    const names = Array.from({ length: ends.length }, (_, n) => text(n));
    return Int32Array.from(names.map((_, n) => n).sort((a, b) => compare(names[a]!, names[b]!)));
  }
}
