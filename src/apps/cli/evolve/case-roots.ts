// The folder each case's input files and command items resolve against: an accepted case's is the
// accepted cases' folder (--cases; the pool's when the cases came from GitHub issues), any other
// measured case is a pool case and resolves against the pool's folder (--pool, else config `pool`).
// The run (evolve-inputs.ts) and its shard jobs (evolve-shard.ts) resolve through this one function,
// so a shard runs a case's commands from the folder the run would have.
import { resolve } from "node:path";
import type { Config } from "../../../core/config/config.js";
import type { Case } from "../../../records/case.js";
import type { CliIo } from "../context.js";
import type { EvolveFlags } from "./evolve-flags.js";

export function caseRoots(
  io: Pick<CliIo, "cwd">,
  f: Pick<EvolveFlags, "cases" | "pool">,
  config: Pick<Config, "pool">,
  accepted: Iterable<string>,
): (c: Pick<Case, "id">) => string {
  const poolRoot = resolve(io.cwd, f.pool ?? config.pool);
  const casesRoot = f.cases ? resolve(io.cwd, f.cases) : poolRoot;
  const ids = new Set(accepted);
  return (c) => (ids.has(c.id) ? casesRoot : poolRoot);
}
