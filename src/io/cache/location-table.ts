// The in-memory index of a store (log-segments.ts): sha256 key → where its line is. A run of a large
// world indexes a few hundred thousand entries and parts; as a Map of 64-character hex strings to
// location objects that was ~130 bytes of V8 heap per key, the largest structure alive, and the heap
// grows in proportion to what is alive (heap-growth.ts). Here each key is its 32 raw bytes and each
// location four numbers, in typed arrays outside the V8 heap (~50 bytes a key, plus the slots), found
// by open addressing on the digest's first four bytes (a sha256 is already uniformly spread).
import { KEY, type LineKind } from "./log-line.js";

export interface Location {
  segment: number;
  offset: number;
  length: number;
  kind: LineKind;
}

const KEY_BYTES = 32;
const FIRST_CAPACITY = 256;

/** Hex sha256 digest → Location; keys keep their first insertion order, as a Map's do. */
export class LocationTable {
  #size = 0;
  #keys = new Uint8Array(FIRST_CAPACITY * KEY_BYTES);
  #segment = new Uint32Array(FIRST_CAPACITY);
  #offset = new Float64Array(FIRST_CAPACITY);
  #length = new Float64Array(FIRST_CAPACITY);
  #kind = new Uint8Array(FIRST_CAPACITY);
  /** Entry number + 1 per slot (0: empty); at most half full, so a probe ends soon. */
  #slots = new Int32Array(FIRST_CAPACITY * 2);
  /** The digest being looked up, decoded once per call. */
  readonly #probe = Buffer.alloc(KEY_BYTES);

  get size(): number {
    return this.#size;
  }

  has(key: string): boolean {
    return this.#find(key) >= 0;
  }

  get(key: string): Location | undefined {
    const i = this.#find(key);
    if (i < 0) return undefined;
    return {
      segment: this.#segment[i]!,
      offset: this.#offset[i]!,
      length: this.#length[i]!,
      kind: String.fromCharCode(this.#kind[i]!) as LineKind,
    };
  }

  /** Records `key` at `at`, replacing its location when present (the last line of a key wins). */
  set(key: string, at: Location): void {
    let i = this.#find(key);
    if (i < 0) {
      if (this.#size === this.#kind.length) this.#growEntries();
      if ((this.#size + 1) * 2 > this.#slots.length) this.#growSlots();
      i = this.#size++;
      this.#keys.set(this.#probe, i * KEY_BYTES);
      this.#slots[this.#emptySlotFor(this.#probe)] = i + 1;
    }
    this.#segment[i] = at.segment;
    this.#offset[i] = at.offset;
    this.#length[i] = at.length;
    this.#kind[i] = at.kind.charCodeAt(0);
  }

  /** The keys (hex), in first insertion order. */
  *keys(): IterableIterator<string> {
    for (let i = 0; i < this.#size; i++)
      yield Buffer.from(this.#keys.buffer, i * KEY_BYTES, KEY_BYTES).toString("hex");
  }

  /** The entry number of `key`, or -1; leaves its bytes in #probe. */
  #find(key: string): number {
    // Lower-case hex only, so that the table holds the same keys a Map of the strings would.
    if (!KEY.test(key))
      throw new Error(`a store key must be a sha256 hex digest, got ${JSON.stringify(key)}`);
    this.#probe.write(key, "hex");
    const mask = this.#slots.length - 1;
    for (let s = firstSlot(this.#probe, mask); ; s = (s + 1) & mask) {
      const at = this.#slots[s]!;
      if (at === 0) return -1;
      if (this.#sameKey(at - 1)) return at - 1;
    }
  }

  #sameKey(i: number): boolean {
    const keys = this.#keys;
    const probe = this.#probe;
    const base = i * KEY_BYTES;
    for (let b = 0; b < KEY_BYTES; b++) if (keys[base + b] !== probe[b]) return false;
    return true;
  }

  /** The first empty slot on `digest`'s probe sequence. */
  #emptySlotFor(digest: Uint8Array): number {
    const mask = this.#slots.length - 1;
    let s = firstSlot(digest, mask);
    while (this.#slots[s] !== 0) s = (s + 1) & mask;
    return s;
  }

  #growEntries(): void {
    const capacity = this.#kind.length * 2;
    const grow = <A extends Uint8Array | Uint32Array | Float64Array>(a: A, n: number): A => {
      const b = new (a.constructor as new (n: number) => A)(n);
      b.set(a);
      return b;
    };
    this.#keys = grow(this.#keys, capacity * KEY_BYTES);
    this.#segment = grow(this.#segment, capacity);
    this.#offset = grow(this.#offset, capacity);
    this.#length = grow(this.#length, capacity);
    this.#kind = grow(this.#kind, capacity);
  }

  #growSlots(): void {
    this.#slots = new Int32Array(this.#slots.length * 2);
    for (let i = 0; i < this.#size; i++)
      this.#slots[this.#emptySlotFor(this.#keys.subarray(i * KEY_BYTES, (i + 1) * KEY_BYTES))] = i + 1;
  }
}

/** Where a digest's probe sequence starts: its first four bytes, a uniformly spread number. */
function firstSlot(digest: Uint8Array, mask: number): number {
  return (digest[0]! | (digest[1]! << 8) | (digest[2]! << 16) | (digest[3]! << 24)) & mask;
}
