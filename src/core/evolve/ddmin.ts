// Delta debugging (Zeller & Hildebrandt, "Simplifying and Isolating Failure-Inducing Input", ddmin):
// reduce a failing set to a 1-minimal failing subset, one whose every single-element removal passes.
// The test may answer `undefined` (it could not run: the budget is spent); the search then stops and
// returns the smallest failing set found so far, marked not minimal. The full set is known to fail
// and the empty set is taken to pass (it is the parent, already admitted); neither is tested.

export interface DdminResult<T> {
  subset: T[];
  /** True when the subset is 1-minimal; false when the test ran out before that was shown. */
  minimal: boolean;
  /** Tests actually run (repeats are answered from memory). */
  tests: number;
}

export type FailureTest<T> = (subset: readonly T[]) => Promise<boolean | undefined>;

/** `c` cut into `n` nearly equal consecutive parts. */
function split(c: readonly number[], n: number): number[][] {
  const parts: number[][] = [];
  let start = 0;
  for (let i = 0; i < n; i++) {
    const end = start + Math.floor((c.length - start) / (n - i));
    parts.push(c.slice(start, end));
    start = end;
  }
  return parts.filter((p) => p.length > 0);
}

export async function ddmin<T>(items: readonly T[], fails: FailureTest<T>): Promise<DdminResult<T>> {
  const memo = new Map<string, boolean>();
  let tests = 0;
  const test = async (subset: readonly number[]): Promise<boolean | undefined> => {
    const key = subset.join(",");
    if (memo.has(key)) return memo.get(key);
    const verdict = await fails(subset.map((i) => items[i]!));
    if (verdict === undefined) return undefined;
    tests++;
    memo.set(key, verdict);
    return verdict;
  };
  let c = items.map((_, i) => i);
  let n = 2;
  const done = (minimal: boolean): DdminResult<T> => ({ subset: c.map((i) => items[i]!), minimal, tests });
  while (c.length >= 2) {
    const parts = split(c, n);
    const candidates = [
      ...parts,
      ...(parts.length > 2 ? parts.map((p) => c.filter((i) => !p.includes(i))) : []),
    ];
    let next: { c: number[]; n: number } | undefined;
    for (const [j, subset] of candidates.entries()) {
      const verdict = await test(subset);
      if (verdict === undefined) return done(false);
      if (verdict) {
        next = { c: subset, n: j < parts.length ? 2 : Math.max(n - 1, 2) };
        break;
      }
    }
    if (next) ({ c, n } = next);
    else if (n >= c.length) break;
    else n = Math.min(c.length, 2 * n);
  }
  return done(true);
}
