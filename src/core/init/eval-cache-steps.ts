// The evaluation cache in the scaffolded evolve workflow (docs/workflows.md "The evaluation cache"):
// restored by a key of what the run measures (the bank's and the pool's content addresses), not of
// the commit, falling back to the newest cache of the scope, so the run after a merge (a new bank, a
// grown pool) starts from the last run's measurements; saved after every job that evaluates (a run,
// a continuation, a shard), whatever its outcome. Never the checkpoint: a run with new cases would
// refuse to resume from it.

/** Where the bank and the pool live (the config's `paths.bank`, `paths.pool`). */
export interface CachedPaths {
  bank: string;
  pool: string;
}

export const DEFAULT_CACHED_PATHS: CachedPaths = { bank: "skill-bank", pool: "regression-pool" };

/** `skillops-eval-<scope>-<bank address>-<pool address>-`: the key prefix of one bank and pool. */
function contentPrefix(scope: string, paths: CachedPaths): string {
  return `skillops-eval-${scope}-\${{ hashFiles('${paths.bank}/**') }}-\${{ hashFiles('${paths.pool}/**') }}-`;
}

function cachePaths(state: string): string {
  return `          path: |
            .skillops-cache
            ${state}/cache
`;
}

/** Restore: this bank and pool's newest cache, else this bank's, else the scope's newest. */
export function evalCacheRestoreStep(state: string, scope: string, paths: CachedPaths): string {
  return `      # Content-addressed evaluation cache (evaluate.cacheDir, and the cache/ inside evolve's --out):
      # executions already run are not paid for again. Keyed by the bank's and the pool's content, not
      # the commit: after a merge the newest cache of the scope is restored (the run before measured
      # the member that was merged). Never the checkpoint: a run with new cases would refuse it.
      - uses: actions/cache/restore@v4
        with:
${cachePaths(state)}          key: ${contentPrefix(scope, paths)}\${{ github.run_id }}
          restore-keys: |
            ${contentPrefix(scope, paths)}
            skillops-eval-${scope}-\${{ hashFiles('${paths.bank}/**') }}-
            skillops-eval-${scope}-
`;
}

/** Save after the job evaluated, even when it failed or handed on (`always()`); `tag` tells jobs of one run apart. */
export function evalCacheSaveStep(state: string, scope: string, paths: CachedPaths, tag = ""): string {
  return `      # Every job that evaluated saves what it ran, a continuation's and a shard's too, under a key of
      # its own (a cache key is written once), found by the restore-keys above.
      - name: save the evaluation cache
        if: \${{ always() }}
        uses: actions/cache/save@v4
        with:
${cachePaths(state)}          key: ${contentPrefix(scope, paths)}\${{ github.run_id }}-\${{ github.run_attempt }}${tag}
`;
}
