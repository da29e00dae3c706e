// Regression-pool sampling (docs/case-format.md, FRAMES §A.9.2) and anchor retrieval (§3.4). Works on the
// PoolIndex only; cost grows with the sample and the targeted skills' case lists, not with |ℛ|
// (sparse draws use rejection sampling instead of shuffling a whole category).
import type { Rng } from "../../vocabulary/rng.js";
import type { PoolEntry, PoolIndex } from "./pool.js";
import { compare } from "./pool.js";

export interface RegressionSampleRequest {
  index: PoolIndex;
  /** Size of the current evaluation set (the run's cases); the budget is proportional to it, not to |ℛ|. */
  evalSetSize: number;
  /** Budget as a fraction of evalSetSize (config `evolve.regressionSample`, default 0.5). */
  fraction?: number;
  /** Skills the candidate changed; their cases form the targeted layer (i). */
  modifiedSkills: readonly string[];
  /** Ids never sampled: the rewriter's anchors and the current cases themselves. */
  exclude?: Iterable<string>;
  rng: Rng;
  /** Largest share of the budget layer (i) may take (default 1: targeted cases come first). */
  targetedShare?: number;
}

export interface RegressionSample {
  /** Layer (i): cases of the modified skills, drawn round-robin across those skills. */
  targeted: PoolEntry[];
  /** Layer (ii): the rest of the budget, stratified by category. */
  stratified: PoolEntry[];
  budget: number;
}

/** The two layers, concatenated: targeted first, then stratified. No entry appears twice. */
export function sampleRegression(req: RegressionSampleRequest): PoolEntry[] {
  const s = sampleRegressionLayers(req);
  return [...s.targeted, ...s.stratified];
}

export function sampleRegressionLayers(req: RegressionSampleRequest): RegressionSample {
  const { index, rng } = req;
  const fraction = req.fraction ?? 0.5;
  if (!(fraction >= 0) || !Number.isFinite(fraction))
    throw new RangeError(`fraction must be a finite number ≥ 0, got ${fraction}`);
  if (!Number.isInteger(req.evalSetSize) || req.evalSetSize < 0)
    throw new RangeError(`evalSetSize must be an integer ≥ 0, got ${req.evalSetSize}`);
  // Rows, not ids: an excluded id that is not in the pool cannot be drawn anyway.
  const taken = excludedRows(index, req.exclude);
  const budget = Math.min(Math.round(fraction * req.evalSetSize), index.size - taken.size);

  const share = Math.min(Math.max(req.targetedShare ?? 1, 0), 1);
  const targeted = drawTargeted(
    index,
    [...new Set(req.modifiedSkills)].sort(compare),
    Math.floor(budget * share),
    taken,
    rng,
  );
  const stratified = drawStratified(index, budget - targeted.length, taken, rng);
  const entry = (row: number) => index.entryAt(row);
  return { targeted: targeted.map(entry), stratified: stratified.map(entry), budget };
}

function excludedRows(index: PoolIndex, exclude: Iterable<string> | undefined): Set<number> {
  const rows = new Set<number>();
  for (const id of exclude ?? []) {
    const row = index.rowOf(id);
    if (row >= 0) rows.add(row);
  }
  return rows;
}

/** Round-robin over the modified skills so each one's dependents are checked, not just the largest's. */
function drawTargeted(
  index: PoolIndex,
  skills: string[],
  budget: number,
  taken: Set<number>,
  rng: Rng,
): number[] {
  const out: number[] = [];
  if (budget <= 0) return out;
  const queues = skills.map((s) => drawFrom(index.skillRows(s), budget, taken, rng, false));
  for (let round = 0; out.length < budget; round++) {
    let progressed = false;
    for (const q of queues) {
      const row = q[round];
      if (row === undefined) continue;
      progressed = true;
      if (taken.has(row) || out.length >= budget) continue;
      taken.add(row);
      out.push(row);
    }
    if (!progressed) break;
  }
  // Cases shared between skills can leave the queues short; top up from whatever is still untaken.
  if (out.length < budget) {
    const rest = new Set(skills.flatMap((s) => [...index.skillRows(s)]));
    const rows = Int32Array.from(rest).sort(); // rows are in path order
    out.push(...drawFrom(rows, budget - out.length, taken, rng, true));
  }
  return out;
}

/**
 * Equal shares per category, capped by what each category has left, the surplus passed on to the
 * others ("water-filling"): a minority category such as `special` gets as many draws as any other
 * until it runs out, so it is never under-represented however large `general` grows.
 */
function drawStratified(index: PoolIndex, budget: number, taken: Set<number>, rng: Rng): number[] {
  if (budget <= 0) return [];
  const available = new Map<string, number>();
  for (const [c, rows] of index.categoryRows) available.set(c, rows.length);
  for (const row of taken) {
    const c = index.categoryAt(row);
    available.set(c, (available.get(c) ?? 0) - 1);
  }
  const alloc = allocateEqually(available, budget, rng);
  const out: number[] = [];
  for (const [c, n] of alloc)
    out.push(...drawFrom(index.categoryRows.get(c) ?? new Int32Array(0), n, taken, rng, true));
  return out;
}

/** Split `budget` across categories by water-filling; ties in the last round broken by rng. */
export function allocateEqually(
  available: ReadonlyMap<string, number>,
  budget: number,
  rng: Rng,
): Map<string, number> {
  const alloc = new Map<string, number>();
  let active = [...available.entries()]
    .filter(([, n]) => n > 0)
    .map(([c]) => c)
    .sort(compare);
  let remaining = budget;
  while (remaining > 0 && active.length > 0) {
    const each = Math.floor(remaining / active.length);
    if (each === 0) {
      for (const c of rng.shuffle(active).slice(0, remaining)) alloc.set(c, (alloc.get(c) ?? 0) + 1);
      break;
    }
    for (const c of active) {
      const give = Math.min(each, (available.get(c) ?? 0) - (alloc.get(c) ?? 0));
      alloc.set(c, (alloc.get(c) ?? 0) + give);
      remaining -= give;
    }
    active = active.filter((c) => (alloc.get(c) ?? 0) < (available.get(c) ?? 0));
  }
  return alloc;
}

export interface AnchorRequest {
  index: PoolIndex;
  /** The skill about to be rewritten. */
  skill: string;
  /** How many anchors (config `evolve.anchorsPerSkill`, default 3). */
  count: number;
  rng: Rng;
  /** Ids not to use, e.g. the run's own cases. */
  exclude?: Iterable<string>;
}

/**
 * Anchors: pool cases whose resolution depends on `skill`, given to the rewriter as constraints.
 * Drawn round-robin across categories so the few anchors cover different kinds of behaviour.
 */
export function selectAnchors(req: AnchorRequest): PoolEntry[] {
  const { index } = req;
  const excluded = excludedRows(index, req.exclude);
  const byCategory = new Map<string, number[]>();
  for (const row of index.skillRows(req.skill)) {
    if (excluded.has(row)) continue;
    const c = index.categoryAt(row);
    byCategory.set(c, [...(byCategory.get(c) ?? []), row]);
  }
  const queues = [...byCategory.keys()].sort(compare).map((c) => req.rng.shuffle(byCategory.get(c) ?? []));
  const out: PoolEntry[] = [];
  for (let round = 0; out.length < req.count; round++) {
    const before = out.length;
    for (const q of queues) {
      const row = q[round];
      if (row !== undefined && out.length < req.count) out.push(index.entryAt(row));
    }
    if (out.length === before) break;
  }
  return out;
}

/**
 * Up to `k` of `rows` not in `taken`, uniformly without replacement. When `claim` is set the chosen
 * rows are added to `taken`. Sparse draws probe random positions (cost ∝ k); dense ones filter and
 * shuffle (cost ∝ |rows|).
 */
function drawFrom(rows: Int32Array, k: number, taken: Set<number>, rng: Rng, claim: boolean): number[] {
  if (k <= 0 || rows.length === 0) return [];
  const out: number[] = [];
  if (rows.length >= 8 * k) {
    const seen = new Set<number>();
    for (let tries = 0; out.length < k && tries < 16 * k + 64; tries++) {
      const i = rng.int(rows.length);
      if (seen.has(i)) continue;
      seen.add(i);
      const row = rows[i]!;
      if (taken.has(row)) continue;
      out.push(row);
      if (claim) taken.add(row);
    }
    if (out.length === k) return out;
    // Too many probes hit taken rows: fall through to the exact method for the remainder.
    const chosen = new Set(out);
    return [
      ...out,
      ...drawDense(
        rows.filter((row) => !chosen.has(row)),
        k - out.length,
        taken,
        rng,
        claim,
      ),
    ];
  }
  return drawDense(rows, k, taken, rng, claim);
}

function drawDense(rows: Int32Array, k: number, taken: Set<number>, rng: Rng, claim: boolean): number[] {
  const out: number[] = [];
  for (const row of rng.shuffle([...rows.filter((row) => !taken.has(row))])) {
    if (out.length >= k) break;
    out.push(row);
    if (claim) taken.add(row);
  }
  return out;
}
