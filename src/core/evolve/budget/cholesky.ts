// Cholesky factorisation of a symmetric positive definite matrix and the solves on it, for the
// skill-effect posterior (skill-effects.ts, effect-posterior.ts). Pure core.

/** L with A = L·Lᵀ; throws when A is not positive definite. */
export function cholesky(A: readonly (readonly number[])[]): number[][] {
  const n = A.length;
  const L = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = A[i]![j]!;
      for (let k = 0; k < j; k++) sum -= L[i]![k]! * L[j]![k]!;
      if (i === j) {
        if (sum <= 0) throw new Error("skill effects: the run covariance is not positive definite");
        L[i]![i] = Math.sqrt(sum);
      } else L[i]![j] = sum / L[j]![j]!;
    }
  return L;
}

/** z with L·z = b (forward substitution). */
export function forwardSolve(L: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const z = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= L[i]![k]! * z[k]!;
    z[i] = sum / L[i]![i]!;
  }
  return z;
}

/** x with L·Lᵀ·x = b. */
export function choleskySolve(L: readonly (readonly number[])[], b: readonly number[]): number[] {
  const n = b.length;
  const z = forwardSolve(L, b);
  const x = new Array<number>(n).fill(0);
  for (let i = n - 1; i >= 0; i--) {
    let sum = z[i]!;
    for (let k = i + 1; k < n; k++) sum -= L[k]![i]! * x[k]!;
    x[i] = sum / L[i]![i]!;
  }
  return x;
}
