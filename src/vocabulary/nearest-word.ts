// "Did you mean …?" for a mistyped key: the known word nearest by edit distance, when it is near
// enough to be a typo. Written here because it is twenty lines; no dependency carries it.

/** Longest word compared; a longer one is no typo of a key (and the cost stays bounded). */
const MAX_WORD = 64;

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
 * neighbouring characters each cost 1 (`evalaute` is one swap from `evaluate`).
 */
export function editDistance(a: string, b: string): number {
  let before = new Array<number>(b.length + 1).fill(0);
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
    }
    [before, prev] = [prev, row];
  }
  return prev[b.length]!;
}

/**
 * The candidate nearest to `word` (case ignored), if within a third of its length (at least 1);
 * the first of equally near ones.
 */
export function nearestWord(word: string, candidates: readonly string[]): string | undefined {
  if (word.length > MAX_WORD) return undefined;
  const limit = Math.max(1, Math.floor(word.length / 3));
  let best: { word: string; distance: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === word || Math.abs(candidate.length - word.length) > limit) continue;
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= limit && (best === undefined || distance < best.distance))
      best = { word: candidate, distance };
  }
  return best?.word;
}
