// `skillops matrix`: prints the evolve workflow's job matrix from .github/skillops.yml (used by the
// workflow's plan job; see docs/workflows.md). Declared in matrix-command.ts.
import { MatrixError, parseRunsOn, planMatrix } from "../../core/init/plan-matrix.js";
import { loadConfigFile } from "./config-file.js";
import { UsageError, type CliContext } from "./context.js";

export interface MatrixFlags {
  config: string;
  runsOn: string;
  githubOutput?: boolean;
  only?: string;
}

/** Prints the matrix; exit 1 when the config cannot give one (its message on stderr). */
export async function runMatrix(
  ctx: CliContext,
  opts: MatrixFlags,
  configExplicit: boolean,
): Promise<number> {
  let override: string[] | undefined;
  try {
    override = parseRunsOn(opts.runsOn);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  try {
    const config = await loadConfigFile(ctx.io, opts.config, configExplicit);
    const planned = planMatrix(config, override);
    const matrix = opts.only ? { include: planned.include.filter((j) => j.scope === opts.only) } : planned;
    if (matrix.include.length === 0)
      throw new MatrixError(`--only ${opts.only}: no such scope in the matrix`);
    // The evolve workflow's shard jobs, one per number (docs/workflows.md "Sharded evaluation").
    const shards = Array.from({ length: config.evolve.shards }, (_, i) => i + 1);
    ctx.io.stdout(
      opts.githubOutput
        ? `matrix=${JSON.stringify(matrix)}\nshards=${JSON.stringify(shards)}\n`
        : `${JSON.stringify(matrix, null, 2)}\n`,
    );
    return 0;
  } catch (e) {
    if (!(e instanceof MatrixError)) throw e;
    ctx.io.stderr(`error: ${e.message}\n`);
    return 1;
  }
}
