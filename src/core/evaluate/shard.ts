// One shard of an evaluation spread over N jobs (`--shard i/N`, docs/workflows.md "Sharded
// evaluation"): a case belongs to shard 1 + (hash of its id mod N), so the slices are disjoint, cover
// every case, and do not move when cases are added, removed or reordered. Shards therefore write
// disjoint cache keys, and their caches merge by union.
import { sha256Hex } from "../../vocabulary/sha256.js";

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

export class ShardSpecError extends Error {}

/** `i/N` with 1 ≤ i ≤ N; anything else is refused with what was wrong. */
export function parseShard(spec: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(spec);
  if (!m) throw new ShardSpecError(`--shard must be i/N (e.g. 2/4), got ${JSON.stringify(spec)}`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || !Number.isSafeInteger(count))
    throw new ShardSpecError(`--shard ${spec}: N must be at least 1`);
  if (index < 1 || index > count)
    throw new ShardSpecError(
      `--shard ${spec}: i must be between 1 and N (${count}); shards are numbered from 1`,
    );
  return { index, count };
}

/** The shard (1-based) a case id belongs to among `count`. */
export function shardOf(caseId: string, count: number): number {
  // 52 bits of the hash: exact in a double, and uniform enough for any N a matrix can have.
  return 1 + (parseInt(sha256Hex(caseId).slice(0, 13), 16) % count);
}

export function inShard(caseId: string, shard: Shard): boolean {
  return shardOf(caseId, shard.count) === shard.index;
}

export const formatShard = (s: Shard) => `${s.index}/${s.count}`;
