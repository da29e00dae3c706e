// The cases the pre-gate audit checks a child against: the evolution cases and the pool cases this run
// has shown a model so far. The audit looks for text copied from a case into a skill, and a rewrite can
// copy only what a model was shown: diagnosers and the consolidator see the evolution cases, a rewriter
// its anchors, the agent (and the model auditor's traces) the sampled pool cases. Every pool case
// reaches a role through PoolCases.load, so `loaded()` is that set; a pool case never loaded was never
// shown, and a lazy pool never reads it for the audit. `skillops audit` still checks every case given.
import { caseFields, type CaseField } from "../../audit/case-texts.js";
import type { PoolEntry } from "../../cases/pool.js";
import type { Case } from "../../../records/case.js";
import type { RunContext } from "../context.js";

/** Per run: each case's fields, computed once (input files may live beside the case files). */
const fieldsByRun = new WeakMap<RunContext["in"], Map<string, Promise<CaseField[]>>>();

export async function auditCases(ctx: RunContext): Promise<CaseField[]> {
  let cache = fieldsByRun.get(ctx.in);
  if (!cache) fieldsByRun.set(ctx.in, (cache = new Map()));
  const shown = [...ctx.in.cases, ...(await shownPoolCases(ctx))];
  const resolve = ctx.deps.resolveFiles;
  for (const c of shown)
    if (!cache.has(c.id))
      // A case whose files cannot be read is audited on its inline texts; its evaluation reports why.
      cache.set(
        c.id,
        resolve
          ? resolve(c).then(
              (f) => caseFields(c, f),
              () => caseFields(c),
            )
          : Promise.resolve(caseFields(c)),
      );
  return (await Promise.all(shown.map((c) => cache.get(c.id)!))).flat();
}

/**
 * The pool cases loaded so far, plus those the record names as shown before a resume (anchors and
 * samples of earlier iterations), read again: a resumed run audits as the uninterrupted one would.
 */
async function shownPoolCases(ctx: RunContext): Promise<readonly Case[]> {
  const loaded = ctx.pool.loaded();
  const have = new Set(loaded.map((c) => c.id));
  const recorded = ctx.state.iterations.flatMap((it) => [
    ...it.rewrites.flatMap((r) => r.anchors),
    ...(it.child?.sample ?? []),
  ]);
  const missing = [...new Set(recorded)]
    .filter((id) => !have.has(id))
    .map((id) => ctx.pool.index.byId.get(id))
    .filter((e): e is PoolEntry => e !== undefined);
  if (missing.length === 0) return loaded;
  await ctx.pool.load(missing);
  return ctx.pool.loaded();
}
