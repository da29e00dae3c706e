// Column storage for the pool index (src/core/cases/pool.ts): a growable Int32Array and a table of
// case ids kept as UTF-8 bytes in one buffer with an open-addressing hash over row numbers. At
// 1,000,000 cases one JS string plus one Map slot per id cost ~90 B a case; here an id costs its
// bytes and 12 B of typed arrays, and the garbage collector has nothing to walk.

/** An Int32Array that grows by doubling; `view()` is the filled part. */
export class Int32Column {
  private data: Int32Array;
  length = 0;

  /** `capacity`: the length expected, when known (a grown column briefly holds its old copy too). */
  constructor(capacity = 256) {
    this.data = new Int32Array(Math.max(capacity, 16));
  }

  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }

  at(i: number): number {
    return this.data[i]!;
  }

  /** A trimmed copy (the spare capacity is released). */
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Case ids by row: append-only, unique, looked up by value. */
export class IdTable {
  private bytes: Uint8Array;
  private used = 0;
  /** Byte offset after row i's id. */
  private readonly ends: Int32Column;
  /** Open addressing: a row number, or -1 for an empty slot; kept at most half full. */
  private slots: Int32Array;
  private scratch = new Uint8Array(256);

  /**
   * `capacity`: how many ids are expected, when known. Sized for them up front, the table is never
   * rehashed and the row column never copied (at 1,000,000 ids each doubling held old and new at once).
   * `byteCapacity`: their UTF-8 bytes in all, when known (the byte buffer is then not grown either:
   * at 1,000,000 ids its last doubling held 8 MB and 16 MB at once, and kept 5 MB spare).
   */
  constructor(capacity = 0, byteCapacity = 0) {
    this.bytes = new Uint8Array(Math.max(1 << 16, byteCapacity));
    this.ends = new Int32Column(capacity || 256);
    let slots = 1 << 10;
    while (slots < capacity * 2) slots *= 2;
    this.slots = new Int32Array(slots).fill(-1);
  }

  get size(): number {
    return this.ends.length;
  }

  idAt(row: number): string {
    return decoder.decode(this.bytes.subarray(this.start(row), this.ends.at(row)));
  }

  /** The row holding `id`, or -1. */
  rowOf(id: string): number {
    const key = this.encode(id);
    return this.slotRow(key, this.probe(key));
  }

  /** Appends `id` as the next row and returns -1, or returns the row that already holds it. */
  add(id: string): number {
    const key = this.encode(id);
    const slot = this.probe(key);
    const existing = this.slotRow(key, slot);
    if (existing >= 0) return existing;
    this.append(key);
    this.slots[slot] = this.size - 1;
    if (this.size * 2 > this.slots.length) this.rehash();
    return -1;
  }

  /**
   * `id`'s UTF-8 bytes in a reused buffer (valid until the next call): `TextEncoder.encode` made an
   * ArrayBuffer per id, a million of them for the garbage collector at 1,000,000 cases.
   */
  private encode(id: string): Uint8Array {
    if (this.scratch.length < id.length * 3) this.scratch = new Uint8Array(id.length * 3);
    return this.scratch.subarray(0, encoder.encodeInto(id, this.scratch).written);
  }

  private start(row: number): number {
    return row === 0 ? 0 : this.ends.at(row - 1);
  }

  private append(key: Uint8Array): void {
    if (this.used + key.length > this.bytes.length) {
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + key.length));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(key, this.used);
    this.used += key.length;
    this.ends.push(this.used);
  }

  /** The slot holding `key`'s row, or the empty slot where it would go. */
  private probe(key: Uint8Array): number {
    const mask = this.slots.length - 1;
    let slot = hash(key, 0, key.length) & mask;
    while (this.slots[slot] !== -1 && !this.equals(this.slots[slot]!, key)) slot = (slot + 1) & mask;
    return slot;
  }

  private slotRow(key: Uint8Array, slot: number): number {
    const row = this.slots[slot]!;
    return row >= 0 && this.equals(row, key) ? row : -1;
  }

  private equals(row: number, key: Uint8Array): boolean {
    const from = this.start(row);
    if (this.ends.at(row) - from !== key.length) return false;
    // From the end: ids often share a prefix ("case-000…") and differ in their last bytes.
    for (let i = key.length - 1; i >= 0; i--) if (this.bytes[from + i] !== key[i]) return false;
    return true;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = this.slots.length - 1;
    for (let row = 0; row < this.size; row++) {
      let slot = hash(this.bytes, this.start(row), this.ends.at(row)) & mask;
      while (this.slots[slot] !== -1) slot = (slot + 1) & mask;
      this.slots[slot] = row;
    }
  }

  /**
   * Drops the spare capacity once every id is in, when it is most of the buffer: the copy lives
   * beside the old buffer until a collection (at 1,000,000 ids, 11 MB more at the build's peak).
   */
  trim(): void {
    if (this.used * 2 < this.bytes.length) this.bytes = this.bytes.slice(0, this.used);
  }
}

/** FNV-1a over bytes[from, to). */
function hash(bytes: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}
