// A run record as a resumed run must reproduce it: decisions and figures identical, apart from what
// was executed vs served from the cache (and so the agent tokens actually spent), because work
// redone after a kill hits the cache (and so `reuse`, which says where each execution came from, and
// a site check's `executions`, which counts the runs it did not find cached).
import type { RunRecord } from "../../src/records/run-record.js";

export const resumeComparable = (r: RunRecord) => ({
  ...r,
  iterations: r.iterations.map((it) =>
    it.confirmations ? { ...it, confirmations: it.confirmations.map((c) => ({ ...c, executions: 0 })) } : it,
  ),
  executions: {
    ...r.executions,
    run: 0,
    savedByCache: 0,
    reuse: undefined,
    modelTokens: { ...r.executions.modelTokens!, spent: 0 },
  },
  tokens: { ...r.tokens, agent: undefined },
});
