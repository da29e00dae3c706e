// The regression pool on disk: `<root>/<category>/<id>.yml`. The index is built once per run from one
// pass over the files; with a cache file (pool-index-cache.ts, kept out of git under `.skillops-cache/`)
// unchanged files are only hashed, not scanned. Sampling then reads just the sampled cases. Symlinks, non-UTF-8 text and oversized files get a diagnostic and are skipped.
import { createHash } from "node:crypto";
import { mkdir, readdir, realpath, rename, writeFile } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import pLimit from "p-limit";
import { indexCaseFile, readBounded } from "./index-case-file.js";
import { poolIndexCacheLine, readPoolIndexCache, writePoolIndexCache } from "./pool-index-cache.js";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import type { Case } from "../../records/case.js";
import { casePath, escapeReason, parseCase, renderCase } from "../../core/cases/parse-case.js";
import type { PoolEntry, PoolIndex } from "../../core/cases/pool.js";
import { buildPoolIndex, compare, poolEntryOf } from "../../core/cases/pool.js";

export { poolFiles } from "../../core/cases/pool.js";

/** A case file larger than this is refused (cases are small; a huge one is a mistake or an attack). */
export const MAX_CASE_BYTES = 1_000_000;
/** Where CLIs keep the index cache, relative to the repository root (git-ignored with the eval cache). */
export const POOL_INDEX_CACHE = ".skillops-cache/pool-index.tsv";
const io = pLimit(32);

export interface LoadPoolIndexOptions {
  /** Where to keep the parsed-entry cache; absent means no cache (every file parsed once). */
  cacheFile?: string;
}

export interface LoadedPoolIndex {
  index: PoolIndex;
  diagnostics: Diagnostic[];
  /** Files parsed this time vs taken from the cache (unchanged hash). */
  parsed: number;
  reused: number;
  /**
   * With a cache file (every file is hashed then): a sha256 over every indexed path and its bytes'
   * hash, so a resumed run can tell whether the pool changed without reading it again.
   */
  digest?: string;
}

/** The case files under `root`, relative paths, sorted; anything that is not a case gets a diagnostic. */
export async function listPoolFiles(root: string): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const files: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const warn = (file: string, code: string, message: string) =>
    diagnostics.push({ file, line: 0, severity: "error", code, message });
  let top;
  try {
    top = await readdir(root, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { files, diagnostics }; // an empty pool
    throw e;
  }
  for (const d of top) {
    if (d.name.startsWith(".")) continue;
    if (d.isSymbolicLink())
      warn(d.name, "POOL_SYMLINK", "symbolic links are not followed in the regression pool");
    else if (d.isFile() && /\.ya?ml$/i.test(d.name))
      warn(d.name, "CASE_LOCATION", `case files live in <category>/<id>.yml, not at the pool root`);
    if (!d.isDirectory()) continue;
    for (const f of await readdir(join(root, d.name), { withFileTypes: true })) {
      const rel = `${d.name}/${f.name}`;
      if (f.name.startsWith(".")) continue;
      if (f.isSymbolicLink())
        warn(rel, "POOL_SYMLINK", "symbolic links are not followed in the regression pool");
      else if (f.isFile() && /\.ya?ml$/i.test(f.name)) files.push(rel);
      // Other files (input files referenced by cases, READMEs) are allowed beside the cases.
    }
  }
  return { files: files.sort(compare), diagnostics };
}

/** Read one case file as UTF-8 text, or a diagnostic saying why not. */
async function readCaseText(
  root: string,
  rel: string,
): Promise<{ text?: string; bytes?: Buffer; diagnostic?: Diagnostic }> {
  const fail = (code: string, message: string) => ({
    diagnostic: { file: rel, line: 0, severity: "error" as const, code, message },
  });
  // Synchronous, like the index build: a few small reads are quicker than thread-pool round trips.
  const bytes = readBounded(join(root, rel), MAX_CASE_BYTES);
  if (bytes === "symlink")
    return fail("POOL_SYMLINK", "symbolic links are not followed in the regression pool");
  if (typeof bytes === "number")
    return fail("CASE_TOO_LARGE", `${bytes} bytes is over the ${MAX_CASE_BYTES}-byte limit for a case file`);
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), bytes };
  } catch {
    return fail("CASE_ENCODING", "not valid UTF-8 text");
  }
}

/** Files indexed between two yields to the event loop, so a server stays responsive during a build. */
const INDEX_CHUNK = 512;

export async function loadPoolIndex(
  root: string,
  options: LoadPoolIndexOptions = {},
): Promise<LoadedPoolIndex> {
  const { files, diagnostics } = await listPoolFiles(root);
  const hashed = options.cacheFile !== undefined;
  const cache = options.cacheFile ? await readPoolIndexCache(options.cacheFile) : undefined;
  const lines: string[] = [];
  const digest = createHash("sha256");
  const entries: PoolEntry[] = [];
  const intern = interner();
  let parsed = 0;
  let reused = 0;
  for (let i = 0; i < files.length; i++) {
    const rel = files[i]!;
    const hit = cache?.lookup(rel);
    const r = indexCaseFile(root, rel, MAX_CASE_BYTES, hashed, hit?.entry);
    diagnostics.push(...r.diagnostics);
    if (r.fromCache) reused++;
    else if (r.entry || r.fullParse) parsed++;
    if (r.entry) {
      // Category and skill names repeat across the pool: one string each, not one per file.
      const e: PoolEntry = {
        ...r.entry,
        id: copyString(r.entry.id),
        category: intern(r.entry.category),
        skills: r.entry.skills.map(intern),
        ...(r.entry.linkText !== undefined ? { linkText: copyString(r.entry.linkText) } : {}),
      };
      entries.push(e);
      if (r.sha256) {
        digest.update(`${rel}\t${r.sha256}\n`);
        const line = r.fromCache ? hit!.line : poolIndexCacheLine(rel, { ...e, sha256: r.sha256 });
        if (line !== undefined) lines.push(line);
      }
    }
    if (i % INDEX_CHUNK === INDEX_CHUNK - 1) await new Promise((done) => setImmediate(done));
  }
  const built = buildPoolIndex(entries);
  const stale = !cache || parsed > 0 || cache.size !== reused;
  if (options.cacheFile && stale) await writePoolIndexCache(options.cacheFile, lines);
  return {
    index: built.index,
    diagnostics: sortDiagnostics([...diagnostics, ...built.diagnostics]),
    parsed,
    reused,
    ...(hashed ? { digest: digest.digest("hex") } : {}),
  };
}

/** A copy, so the kept string does not pin the whole file text it was sliced from. */
function copyString(s: string): string {
  return (" " + s).slice(1);
}

function interner(): (s: string) => string {
  const seen = new Map<string, string>();
  return (s) => {
    const hit = seen.get(s);
    if (hit !== undefined) return hit;
    const own = copyString(s);
    seen.set(own, own);
    return own;
  };
}

/**
 * Parse the given entries' files (e.g. a sample) in full: this is where a case is validated against
 * the schema (the index only scanned it). Each failure is a diagnostic naming the file, never a throw.
 */
export async function readCases(
  root: string,
  entries: readonly (Pick<PoolEntry, "path"> & Partial<PoolEntry>)[],
): Promise<{ cases: Case[]; diagnostics: Diagnostic[] }> {
  const diagnostics: Diagnostic[] = [];
  const out = await Promise.all(
    entries.map((e) =>
      io(async (): Promise<Case | undefined> => {
        let read;
        try {
          read = await readCaseText(root, e.path);
        } catch (err) {
          diagnostics.push({
            file: e.path,
            line: 0,
            severity: "error",
            code: "CASE_READ",
            message: (err as Error).message,
          });
          return undefined;
        }
        if (read.diagnostic) return void diagnostics.push(read.diagnostic);
        const r = parseCase(read.text!, e.path);
        diagnostics.push(...r.diagnostics);
        const stale = r.case && staleEntry(e, r.case);
        if (stale) return void diagnostics.push(stale);
        return r.case;
      }),
    ),
  );
  return { cases: out.filter((c): c is Case => c !== undefined), diagnostics: sortDiagnostics(diagnostics) };
}

/**
 * The index was built from a line scan (or an older cache); the full parse of a sampled case must
 * agree with it, or the sample was drawn on wrong data (the file changed since the index was built).
 */
function staleEntry(e: Partial<PoolEntry> & Pick<PoolEntry, "path">, c: Case): Diagnostic | undefined {
  const differs =
    (e.id !== undefined && e.id !== c.id) ||
    (e.category !== undefined && e.category !== c.category) ||
    (e.skills !== undefined && e.skills.join("\n") !== c.skills.join("\n")) ||
    (e.id !== undefined && (e.draft === true) !== (c.provenance.draft === true));
  if (!differs) return undefined;
  return {
    file: e.path,
    line: 0,
    severity: "error",
    code: "CASE_INDEX_STALE",
    message: `the pool index says id "${e.id}", category "${e.category}", skills [${e.skills?.join(", ")}] but the file says "${c.id}", "${c.category}", [${c.skills.join(", ")}]; rebuild the index (the file changed since)`,
  };
}

/** Every case of the pool, with every file's diagnostics (one bad file never hides another's). */
export async function readPool(root: string): Promise<{ cases: Case[]; diagnostics: Diagnostic[] }> {
  const listed = await listPoolFiles(root);
  const read = await readCases(
    root,
    listed.files.map((path) => ({ path })),
  );
  const dup = buildPoolIndex(read.cases.map(poolEntryOf)).diagnostics;
  const dupPaths = new Set(dup.map((d) => d.file));
  return {
    cases: read.cases.filter((c) => !dupPaths.has(casePath(c))),
    diagnostics: sortDiagnostics([...listed.diagnostics, ...read.diagnostics, ...dup]),
  };
}

/**
 * Write one case to `<root>/<category>/<id>.yml` (temp file + rename, so a crash never leaves half a
 * case). Refuses a case whose id is already used in another category rather than shadowing it.
 */
export async function writeCase(root: string, c: Case): Promise<string> {
  const rel = casePath(c);
  const text = renderCase(c);
  const { files } = await listPoolFiles(root);
  const clash = files.find((f) => f !== rel && f.replace(/^[^/]+\//, "").replace(/\.ya?ml$/i, "") === c.id);
  if (clash) throw new Error(`case id "${c.id}" is already used by ${clash}; ids are unique across the pool`);
  await writeAtomically(join(root, rel), text);
  return rel;
}

/**
 * A case's input files, path → text: inline `content` as is, otherwise read from the case's folder
 * `<root>/<category>/<id>/` (a folder per case, so input files never collide between cases and a
 * `.yml` input is never mistaken for a case). Fits `evaluate`'s `resolveFiles` option:
 * `resolveFiles: (c) => resolveCaseFiles(poolRoot, c)`. Escaping paths, symlinks, oversized and
 * non-UTF-8 files throw an error that names the case and the file.
 */
export async function resolveCaseFiles(root: string, c: Case): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of c.task.files) {
    if (f.content !== undefined) {
      out[f.path] = f.content;
      continue;
    }
    const why = escapeReason(f.path);
    if (why) throw new Error(`case ${c.id}: input file "${f.path}" ${why}`);
    const rel = `${c.category}/${c.id}/${f.path}`;
    // A symlinked folder on the way could lead anywhere: the real path must stay under the pool.
    const [real, base] = await Promise.all([
      realpath(join(root, rel)).catch(() => undefined),
      realpath(root),
    ]);
    if (real !== undefined && !real.startsWith(base + sep))
      throw new Error(`case ${c.id}: input file ${rel} resolves outside the pool (symbolic link)`);
    const read = await readCaseText(root, rel).catch((e: Error) => ({
      diagnostic: { message: e.message } as Diagnostic,
      text: undefined,
    }));
    if (read.text === undefined)
      throw new Error(`case ${c.id}: input file ${rel}: ${read.diagnostic?.message ?? "unreadable"}`);
    out[f.path] = read.text;
  }
  return out;
}

async function writeAtomically(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  return ds.sort((a, b) => compare(a.file, b.file) || a.line - b.line || compare(a.code, b.code));
}
