// The store index's compact table (location-table.ts): it must answer exactly as the Map of hex keys
// it replaces — every key read back with its last location, absent keys missed, first insertion order
// kept — including keys whose first bytes collide and across its growth.
import { describe, expect, it } from "vitest";
import type { LineKind } from "../../src/io/cache/log-line.js";
import { type Location, LocationTable } from "../../src/io/cache/location-table.js";
import { sha256Hex } from "../../src/vocabulary/sha256.js";

const key = (i: number) => sha256Hex(`key ${i}`);
const KINDS: LineKind[] = [" ", "E", "P"];
const at = (i: number): Location => ({
  segment: i % 7,
  // Past 2^32, as a long-lived segment may be.
  offset: i * 1_000_003 + (i % 3) * 2 ** 33,
  length: 83 + i,
  kind: KINDS[i % 3]!,
});

describe("LocationTable", () => {
  it("reads every key back, through its growth, as a Map does", () => {
    const table = new LocationTable();
    const map = new Map<string, Location>();
    for (let i = 0; i < 5000; i++) {
      table.set(key(i), at(i));
      map.set(key(i), at(i));
    }
    expect(table.size).toBe(5000);
    for (const [k, v] of map) expect(table.get(k)).toEqual(v);
    expect([...table.keys()]).toEqual([...map.keys()]);
  });

  it("misses absent keys", () => {
    const table = new LocationTable();
    expect(table.get(key(0))).toBeUndefined();
    for (let i = 0; i < 300; i++) table.set(key(i), at(i));
    for (let i = 300; i < 600; i++) {
      expect(table.has(key(i))).toBe(false);
      expect(table.get(key(i))).toBeUndefined();
    }
  });

  it("keeps the last location of a key, at its first position", () => {
    const table = new LocationTable();
    table.set(key(1), at(1));
    table.set(key(2), at(2));
    table.set(key(1), at(9));
    expect(table.size).toBe(2);
    expect(table.get(key(1))).toEqual(at(9));
    expect([...table.keys()]).toEqual([key(1), key(2)]);
  });

  it("tells apart keys that share their first bytes (same probe start)", () => {
    const table = new LocationTable();
    // Same first 8 bytes: every one starts probing at the same slot, whatever the table size.
    const prefix = "ab".repeat(8);
    const colliding = Array.from({ length: 400 }, (_, i) => prefix + sha256Hex(`c${i}`).slice(16));
    colliding.forEach((k, i) => table.set(k, at(i)));
    colliding.forEach((k, i) => expect(table.get(k)).toEqual(at(i)));
    expect(table.get(prefix + "0".repeat(48))).toBeUndefined();
    // Differing in the last byte only.
    const last = `${"7".repeat(62)}0`;
    table.set(`${last}0`, at(1));
    expect(table.get(`${last}1`)).toBeUndefined();
    expect(table.get(`${last}0`)).toEqual(at(1));
  });

  it("refuses a key that is not a lower-case sha256 hex digest", () => {
    const table = new LocationTable();
    expect(() => table.set("../x", at(0))).toThrow(/sha256 hex digest/);
    expect(() => table.get(key(0).toUpperCase())).toThrow(/sha256 hex digest/);
    expect(() => table.has(key(0).slice(1))).toThrow(/sha256 hex digest/);
  });
});
