// The regression pool of a `skillops evolve` run: indexed once by a line scan (cached as
// `pool-index.tsv` in the execution cache's folder), each case's file read only when it is sampled or
// chosen as an anchor (src/core/evolve/pool-cases.ts). A file the index cannot read (unreadable, not a
// case, a duplicate id, a malformed id/category/skills block) refuses the run up front, as before; one
// whose other fields are invalid stops the run when it is sampled, naming the file.
import { stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { poolIndexBuilder, type PoolIndex } from "../../../core/cases/pool.js";
import type { Config } from "../../../core/config/config.js";
import { lazyPool, type PoolCases } from "../../../core/evolve/pool-cases.js";
import { loadPoolIndex, readCases } from "../../../io/fsio/pool-store.js";
import { UsageError, type CliIo } from "../context.js";

export interface EvolvePool {
  pool: PoolCases;
  /** Content hash of the pool's files (a resume compares it). */
  hash: string;
  root: string;
}

/** --pool DIR must exist; the config's default folder may be missing (an empty pool). */
export async function evolvePool(
  io: CliIo,
  flag: string | undefined,
  dir: string,
  config: Config,
): Promise<EvolvePool> {
  const root = resolve(io.cwd, dir);
  const exists = await stat(root).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!exists && flag) throw new UsageError(`--pool ${flag}: no such folder`);
  const cacheFile = join(resolve(io.cwd, config.evaluate.cacheDir), "pool-index.tsv");
  const loaded = await loadPoolIndex(root, { cacheFile });
  const errors = loaded.diagnostics.filter((d) => d.severity === "error");
  if (errors.length)
    throw new Error(
      `--pool ${dir}: ${errors.length} invalid case file(s), first: ${errors[0]!.file}:${errors[0]!.line}: ${errors[0]!.message}`,
    );
  const index = withoutDraftEntries(io, dir, loaded.index);
  return { pool: lazyPool(index, (entries) => readCases(root, entries)), hash: loaded.digest ?? "", root };
}

/** Drafts are never sampled: the same warning as for a folder of cases read in full (cases/draft.ts). */
function withoutDraftEntries(io: CliIo, dir: string, index: PoolIndex): PoolIndex {
  // By rows: a pool without drafts (the usual case) never builds an object per case.
  const drafts = index.draftRows();
  if (drafts.length === 0) return index;
  const names = drafts.slice(0, 5).map((row) => index.idAt(row));
  io.stderr(
    `warning: --pool ${dir}: skipped ${drafts.length} draft case(s) not yet accepted by a maintainer (${names.join(", ")}${drafts.length > 5 ? ", …" : ""}); to accept one, review it and delete its \`draft: true\` line (or re-run the ingest with --accept)\n`,
  );
  const skip = new Set(drafts);
  const builder = poolIndexBuilder();
  for (let row = 0; row < index.size; row++) if (!skip.has(row)) builder.add(index.entryAt(row));
  return builder.finish().index;
}
