// skillops cache merge DIR... --into DIR: the union of shard caches (io/cache/merge-stores.ts).
// Exit 0 merged, 1 a key held with two different values (nothing written), 2 usage error.
import { resolve } from "node:path";
import { MergeConflictError, MergeSourceError, mergeStores } from "../../../io/cache/merge-stores.js";
import { UsageError, type CliContext } from "../context.js";

export interface MergeFlags {
  into?: string;
}

export async function runMerge(ctx: CliContext, dirs: readonly string[], flags: MergeFlags): Promise<number> {
  const { io } = ctx;
  if (!flags.into) throw new UsageError("cache merge needs --into DIR, the folder to merge into");
  const into = resolve(io.cwd, flags.into);
  const sources = dirs.map((d) => resolve(io.cwd, d));
  if (sources.includes(into)) throw new UsageError(`--into ${flags.into} is also a source`);
  try {
    const { added, already } = await mergeStores(sources, into);
    const total = Object.values(added).reduce((s, n) => s + n, 0);
    const per = Object.entries(added).map(([store, n]) => `${store || "executions"} ${n}`);
    io.stderr(
      `merged ${dirs.length} cache folder(s) into ${flags.into}: ${total} new entr${total === 1 ? "y" : "ies"} (${per.join(", ") || "none"}), ${already} already there\n`,
    );
    return 0;
  } catch (e) {
    if (e instanceof MergeSourceError) throw new UsageError(e.message);
    if (!(e instanceof MergeConflictError)) throw e;
    io.stderr(`error: ${e.message}\n`);
    return 1;
  }
}
