// The model-call memo (docs/engine.md "Model-call reuse"): every chat call of an evaluation run is
// kept under (case, run index, sha256 of the canonical request, occurrence of that request within the
// run). A child's run i that sends exactly the request its parent's run i sent gets the parent's
// response without a model call; a stateless model's answer depends only on the request, so the run
// is still a valid sample. Hits report their original usage (deployment cost is counted as if nothing
// were reused) and add it to `reused`, so the run's spend can be told apart from its cost.
import type { ChatRequest, ChatResult, Model } from "../llm/model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";

/** Content-addressed storage of model responses (memory here, disk in cache-store.ts). */
export interface ModelMemoStore {
  get(key: string): Promise<ChatResult | undefined>;
  put(key: string, value: ChatResult): Promise<void>;
}

/** Which run a memoised model serves: the occurrence count is per (case, run index). */
export interface MemoScope {
  caseId: string;
  runIndex: number;
  /** The model and settings behind the calls (OpenAIModel.settingsKey("agent")). */
  settings: string;
}

export interface MemoKeyInput extends MemoScope {
  /** sha256 of the canonical request. */
  request: string;
  /** 0 for the first time this exact request is sent in this run, 1 for the second, … */
  occurrence: number;
}

/** The full request as the endpoint would see it: role, messages, tools, seed, and any other field. */
export function requestHash(request: ChatRequest): string {
  return sha256Hex(canonicalJson({ v: 1, request }));
}

export function memoKey(k: MemoKeyInput): string {
  return sha256Hex(
    canonicalJson({
      v: 1,
      case: k.caseId,
      run: k.runIndex,
      settings: k.settings,
      request: k.request,
      occurrence: k.occurrence,
    }),
  );
}

export interface MemoisedModel extends Model {
  /** Tokens of the calls this run took from the memo (paid by an earlier run, not by this one). */
  reused(): Tokens;
  /** How many calls came from the memo. */
  hits(): number;
}

/**
 * `model` for one run, reusing stored responses. Only `chat` is memoised (the agent's calls);
 * `structured` goes straight through. A call that throws is never stored, so it is asked again.
 */
export function memoiseModel(model: Model, store: ModelMemoStore, scope: MemoScope): MemoisedModel {
  const seen = new Map<string, number>();
  let reused: Tokens = ZERO_TOKENS;
  let hits = 0;
  return {
    structured: (request) => model.structured(request),
    async chat(request) {
      const request_ = requestHash(request);
      const occurrence = seen.get(request_) ?? 0;
      seen.set(request_, occurrence + 1);
      const key = memoKey({ ...scope, request: request_, occurrence });
      const stored = await store.get(key);
      if (stored) {
        reused = addTokens(reused, stored.usage);
        hits++;
        return stored;
      }
      const result = await model.chat(request);
      // A refusal is not kept: the next run asks again rather than replaying it for ever.
      if (result.message.refusal === undefined) await store.put(key, result);
      return result;
    },
    reused: () => reused,
    hits: () => hits,
  };
}

/** An in-memory memo (tests, benchmarks, one process); the proxy's stores raw answers instead. */
export function createMemoryMemo<T = ChatResult>(): {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  size(): number;
} {
  const map = new Map<string, T>();
  return {
    get: async (key) => map.get(key),
    put: async (key, value) => {
      map.set(key, value);
    },
    size: () => map.size,
  };
}
