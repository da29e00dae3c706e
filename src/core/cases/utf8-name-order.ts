// Names kept as UTF-8 bytes (one buffer, an end offset per name), put in the order `compare` in
// pool.ts gives their strings, without making a string per name: at 1,000,000 case files the
// strings of one folder (and the V8 sort over them) were most of a pool listing's heap and time.
//
// An MSD radix sort over the bytes. Byte order is code-point order, which is `compare`'s (UTF-16
// code unit) order except between U+E000–U+FFFF and the supplementary planes; a name with a lead
// byte from 0xEE up (either side of that split) makes `utf8NameOrder` return undefined so that the
// caller sorts those names as strings.

/** Below this many names a bucket is finished by insertion sort. */
const SMALL = 24;

/**
 * The order of names `0..count-1` (name i is `bytes[ends[i-1] (0 for i = 0), ends[i])`), or undefined
 * when a name holds a byte from 0xEE up.
 */
export function utf8NameOrder(bytes: Uint8Array, ends: Int32Array, count: number): Int32Array | undefined {
  const starts = new Int32Array(count);
  for (let i = 1; i < count; i++) starts[i] = ends[i - 1]!;
  const last = count > 0 ? ends[count - 1]! : 0;
  for (let b = 0; b < last; b++) if (bytes[b]! >= 0xee) return undefined;
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  const sorter = { bytes, starts, ends, order, scratch: new Int32Array(count), counts: [], firsts: [] };
  radix(sorter, 0, count, 0);
  return order;
}

interface Sorter {
  bytes: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  order: Int32Array;
  scratch: Int32Array;
  /** Per depth, bucket sizes then ends, and bucket starts: reused (a pair per bucket was most of the time). */
  counts: Int32Array[];
  firsts: Int32Array[];
}

/** Sorts `order[lo, hi)`, whose names share their first `depth` bytes. */
function radix(s: Sorter, lo: number, hi: number, depth: number): void {
  const { bytes, starts, ends, order, scratch } = s;
  for (;;) {
    if (hi - lo <= SMALL) return insertion(s, lo, hi, depth);
    // Keys: the byte at `depth` plus one, 0 past a name's end (a shorter name sorts first).
    const counts = (s.counts[depth] ??= new Int32Array(257));
    let min = 256;
    let max = 0;
    for (let i = lo; i < hi; i++) {
      const name = order[i]!;
      const at = starts[name]! + depth;
      const key = at < ends[name]! ? bytes[at]! + 1 : 0;
      counts[key]!++;
      if (key < min) min = key;
      if (key > max) max = key;
    }
    if (min === max) {
      // A byte every name shares (a common prefix such as "case-"): nothing to move, look further.
      counts[min] = 0;
      if (min === 0) return;
      depth++;
      continue;
    }
    const firsts = (s.firsts[depth] ??= new Int32Array(257));
    for (let k = min, at = lo; k <= max; k++) {
      firsts[k] = at;
      at += counts[k]!;
      counts[k] = firsts[k]!;
    }
    for (let i = lo; i < hi; i++) {
      const name = order[i]!;
      const at = starts[name]! + depth;
      scratch[counts[at < ends[name]! ? bytes[at]! + 1 : 0]!++] = name;
    }
    order.set(scratch.subarray(lo, hi), lo);
    // counts[k] is now bucket k's end. Bucket 0 holds names that ended here: complete and equal so
    // far, so already in order.
    for (let k = Math.max(min, 1); k <= max; k++)
      if (counts[k]! - firsts[k]! > 1) radix(s, firsts[k]!, counts[k]!, depth + 1);
    counts.fill(0, min, max + 1);
    return;
  }
}

function insertion(s: Sorter, lo: number, hi: number, depth: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const name = s.order[i]!;
    let j = i - 1;
    for (; j >= lo && before(s, name, s.order[j]!, depth); j--) s.order[j + 1] = s.order[j]!;
    s.order[j + 1] = name;
  }
}

/** Whether name `a` sorts before name `b` (both sharing their first `depth` bytes). */
function before(s: Sorter, a: number, b: number, depth: number): boolean {
  const aEnd = s.ends[a]!;
  const bEnd = s.ends[b]!;
  let i = s.starts[a]! + depth;
  let j = s.starts[b]! + depth;
  for (; i < aEnd && j < bEnd; i++, j++) {
    const x = s.bytes[i]!;
    const y = s.bytes[j]!;
    if (x !== y) return x < y;
  }
  return i === aEnd && j < bEnd;
}
