// Holm's step-down correction: a run tests every frontier member against the deployed bank, so a
// member's p is adjusted for the others tested with it (FRAMES §A.7.2 tests held-out cases; one test
// per member would call a member "significant" by chance as the frontier grows).
/** Holm-adjusted p-values, in the input's order: p₍ᵢ₎·(m − i + 1), made monotone, capped at 1. */
export function holmAdjusted(ps: readonly number[]): number[] {
  const m = ps.length;
  const order = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach(({ p, i }, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p));
    out[i] = running;
  });
  return out;
}
