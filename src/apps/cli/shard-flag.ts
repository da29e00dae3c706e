// `--shard i/N` (eval, and evolve's shard jobs): core/evaluate/shard.ts's parse, as a usage error.
import { parseShard, ShardSpecError, type Shard } from "../../core/evaluate/shard.js";
import { UsageError } from "./context.js";

export function shardFlag(spec: string): Shard {
  try {
    return parseShard(spec);
  } catch (e) {
    if (e instanceof ShardSpecError) throw new UsageError(e.message);
    throw e;
  }
}
