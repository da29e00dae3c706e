// The content-addressed cache of agent executions (docs/eval-record.md, docs/engine.md "Evaluation savings"):
// a key is the sha256 of a canonical form of exactly what determines an execution — the skills
// visible to the agent, the case as the agent sees it, the runner's settings and the run index — so
// re-evaluations of the baseline, identical children and revisits are not executed again.
import type { Skill } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { RunResult } from "./runner.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";

/**
 * The key's form. 2: skills and files in the order shown (1 sorted them, so an entry may hold an
 * execution whose prompt listed them otherwise; no key of version 1 is looked up again).
 */
export const CACHE_KEY_VERSION = 2;

export interface EvalCache {
  get(key: string): Promise<RunResult | undefined>;
  put(key: string, value: RunResult): Promise<void>;
  /**
   * An execution this run made elsewhere (a shard job, docs/workflows.md "Sharded evaluation") and
   * has not yet read: it counts as executed here, as it would have been in one job, then is put.
   */
  claim?(key: string): Promise<RunResult | undefined>;
  /**
   * Told of every execution once the cache is done with it: served (`hit`) or run (`ran`, and put
   * where it could be), with the key's parts, so a layer can count reuse (cache-reuse.ts).
   */
  seen?(key: string, input: CacheKeyInput, how: "hit" | "ran"): Promise<void>;
}

export interface CacheKeyInput {
  skills: readonly Skill[];
  case: Case;
  /** The case's resolved input files (relative path → content). */
  files?: Record<string, string>;
  settingsKey: string;
  runIndex: number;
}

/**
 * The agent sees a skill's SKILL.md text, its auxiliary files (by content hash) and its knowledge;
 * it sees the case's prompt and input files, never its diagnosis, rubric or provenance — so editing
 * a rubric re-scores cached outputs instead of re-running them. Skills, auxiliary files and input
 * files are hashed in the order the agent is shown them: the reference runner lists them in its
 * prompts in that order, so the same skills in another order are another execution (a working scope
 * retrieved for other cases reorders them), and serving one for the other would change what every
 * later step reads (issue 45).
 */
export function cacheKey(input: CacheKeyInput): string {
  const skills = input.skills.map((s) => ({
    name: s.name,
    source: s.source,
    auxiliary: s.auxiliary.map((a) => [a.path, a.sha256]),
    knowledge: s.knowledge.map((k) => k.text),
  }));
  const files = Object.entries(
    input.files ?? Object.fromEntries(input.case.task.files.map((f) => [f.path, f.content ?? null])),
  );
  return sha256Hex(
    canonicalJson({
      v: CACHE_KEY_VERSION,
      skills,
      case: { id: input.case.id, prompt: input.case.task.prompt, files },
      settings: input.settingsKey,
      run: input.runIndex,
    }),
  );
}

/** An in-memory cache (tests, one process). */
export function createMemoryCache(): EvalCache & { size(): number } {
  const map = new Map<string, RunResult>();
  return {
    get: async (key) => map.get(key),
    put: async (key, value) => {
      map.set(key, value);
    },
    size: () => map.size,
  };
}
