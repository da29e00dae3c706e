// The regression pool on disk: `<root>/<category>/<id>.yml`. The index is built once per run from one
// pass over the files; with a cache file (pool-index-cache.ts, kept out of git under `.skillops-cache/`)
// a file whose stat signature is unchanged is not even read (file-signature.ts; the lstat calls run on
// worker threads beside the merge, stat-pass.ts), a changed one is hashed and scanned only when its
// bytes changed. The file list is kept as bytes (pool-file-list.ts). Sampling then reads just the sampled cases. Symlinks, non-UTF-8 text and oversized files get a diagnostic and are skipped.
import { createHash } from "node:crypto";
import { mkdir, realpath, rename, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { dirname, join, sep } from "node:path";
import pLimit from "p-limit";
import { fileSignature, UNTRUSTED } from "./file-signature.js";
import { listPoolFolders } from "./pool-file-list.js";
import { STAT_WORKER_MIN_FILES, statPass } from "./stat-pass.js";
import { indexCaseFile, readBounded } from "./index-case-file.js";
import {
  poolIndexCacheLine,
  poolIndexCacheWriter,
  readPoolIndexCache,
  type CachedEntry,
} from "./pool-index-cache.js";
import { systemClock, type Clock } from "../../vocabulary/clock.js";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import type { Case } from "../../records/case.js";
import { casePath, escapeReason, parseCase, renderCase } from "../../core/cases/parse-case.js";
import type { PoolEntry, PoolIndex } from "../../core/cases/pool.js";
import {
  buildPoolIndex,
  compare,
  poolEntryOf,
  poolIndexBuilder,
  type PoolIndexBuilder,
} from "../../core/cases/pool.js";

export { poolFiles } from "../../core/cases/pool.js";

/** A case file larger than this is refused (cases are small; a huge one is a mistake or an attack). */
export const MAX_CASE_BYTES = 1_000_000;
/** Where CLIs keep the index cache, relative to the repository root (git-ignored with the eval cache). */
export const POOL_INDEX_CACHE = ".skillops-cache/pool-index.tsv";
const io = pLimit(32);

export interface LoadPoolIndexOptions {
  /** Where to keep the parsed-entry cache; absent means no cache (every file parsed once). */
  cacheFile?: string;
  /** The time file signatures are taken at (how fresh a file is: file-signature.ts); the system's by default. */
  clock?: Clock;
  /**
   * Threads that lstat the files beside the build (stat-pass.ts); 0 runs them inline. By default
   * none below STAT_WORKER_MIN_FILES files, else one fewer than the CPUs (at least 1, at most 3).
   */
  statWorkers?: number;
}

export interface LoadedPoolIndex {
  index: PoolIndex;
  diagnostics: Diagnostic[];
  /** Files parsed this time vs taken from the cache (unchanged stat signature or hash). */
  parsed: number;
  reused: number;
  /** With a cache file: files read and hashed this time (the others were trusted by their stat signature). */
  hashed: number;
  /**
   * With a cache file: a sha256 over every indexed path and its bytes' hash (the cached hash for a
   * file whose stat signature is unchanged), so a resumed run can tell whether the pool changed.
   */
  digest?: string;
}

/** The case files under `root`, relative paths, sorted; anything that is not a case gets a diagnostic. */
export async function listPoolFiles(root: string): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const { list, diagnostics } = listPoolFolders(root);
  return { files: list.paths(), diagnostics };
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

function statWorkersFor(files: number): number {
  // One per spare CPU: on 2 cores a second worker made a 1,000,000-case build ~10% faster but its
  // peak ~7 MB higher, within 4 MB of the 200 MB target.
  return files < STAT_WORKER_MIN_FILES ? 0 : Math.min(3, Math.max(1, availableParallelism() - 1));
}

/** Files indexed between two yields to the event loop, so a server stays responsive during a build. */
const INDEX_CHUNK = 512;

export async function loadPoolIndex(
  root: string,
  options: LoadPoolIndexOptions = {},
): Promise<LoadedPoolIndex> {
  const { list, diagnostics } = listPoolFolders(root);
  const { cacheFile } = options;
  const cache = cacheFile !== undefined ? readPoolIndexCache(cacheFile) : undefined;
  const writer = cacheFile !== undefined ? poolIndexCacheWriter(cacheFile, cache) : undefined;
  const nowMs = cacheFile !== undefined ? (options.clock ?? systemClock)().getTime() : undefined;
  const digest = createHash("sha256");
  // The digest's lines, a chunk at a time: one update per file cost more than the hashing.
  let digestLines = "";
  // Entries go straight into the columns (in path order, as listed): no object per case is kept.
  // A case's id is its file name less ".yml": the id column is sized from the names.
  const builder = poolIndexBuilder(list.count, list.nameBytes - 4 * list.count);
  // With a cache, every file's lstat (on worker threads for a large pool), in path order.
  const stats =
    nowMs !== undefined ? statPass(root, list, options.statWorkers ?? statWorkersFor(list.count)) : undefined;
  const counts = { parsed: 0, reused: 0, hashed: 0 };
  try {
    for (let i = 0; i < list.count; i++) {
      const rel = list.pathAt(i);
      const hit = cache?.lookup(rel);
      const stat = stats && nowMs !== undefined ? fileSignature(stats.at(i), nowMs) : undefined;
      if (hit && stat !== undefined && stat !== UNTRUSTED && hit.entry.stat === stat) {
        // Unchanged since its line was written (nearly every file of a large pool): not read, and
        // its cached entry goes into the columns as it is (no object per file on this path).
        counts.reused++;
        builder.add(hit.entry);
        digestLines += rel + "\t" + hit.entry.sha256 + "\n";
        writer?.add(hit.line, true);
      } else digestLines += indexOne(root, rel, hit, stat, nowMs, { builder, writer, counts, diagnostics });
      if (i % INDEX_CHUNK === INDEX_CHUNK - 1) {
        digest.update(digestLines);
        digestLines = "";
        await new Promise((done) => setImmediate(done));
      }
    }
    digest.update(digestLines);
  } finally {
    await stats?.close();
    writer?.finish();
  }
  const built = builder.finish();
  return {
    index: built.index,
    diagnostics: sortDiagnostics([...diagnostics, ...built.diagnostics]),
    ...counts,
    ...(nowMs !== undefined ? { digest: digest.digest("hex") } : {}),
  };
}

/** Where `indexOne` puts what it finds. */
interface IndexSink {
  builder: PoolIndexBuilder;
  writer: ReturnType<typeof poolIndexCacheWriter> | undefined;
  counts: { parsed: number; reused: number; hashed: number };
  diagnostics: Diagnostic[];
}

/**
 * One file whose stat signature does not match its cached line (or has none): read, hashed when
 * there is a cache, and summarised (the cached entry still serves when the bytes hash the same).
 * Returns its line for the digest ("" when it has none).
 */
function indexOne(
  root: string,
  rel: string,
  hit: { entry: CachedEntry; line: string } | undefined,
  stat: string | undefined,
  nowMs: number | undefined,
  { builder, writer, counts, diagnostics }: IndexSink,
): string {
  const r = indexCaseFile(root, rel, MAX_CASE_BYTES, nowMs !== undefined, hit?.entry);
  diagnostics.push(...r.diagnostics);
  if (r.fromCache) counts.reused++;
  else if (r.entry || r.fullParse) counts.parsed++;
  if (nowMs !== undefined) counts.hashed++;
  const line =
    nowMs !== undefined && r.entry && r.sha256
      ? poolIndexCacheLine(rel, { ...r.entry, sha256: r.sha256, stat: stat ?? UNTRUSTED })
      : undefined;
  if (line !== undefined || hit) writer?.add(line, line !== undefined && line === hit?.line);
  if (!r.entry) return "";
  builder.add(r.entry);
  return r.sha256 ? rel + "\t" + r.sha256 + "\n" : "";
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
