// The on-disk, content-addressed stores behind the evaluation cache and the model-call memo: each is
// an append-only log (log-store.ts), one segment file per writing process, so a run adds O(1) files
// however many executions it stores. A finished entry is on disk as soon as it exists (one append), so
// an interrupted run keeps every one. An execution's transcript repeats the skills' text; each long
// string is stored once per segment (log-parts.ts), so an entry costs about its own bytes. A workflow
// keeps the folder between runs (actions/cache) to skip work already done; segments of the first
// format (whole values) and entries of the one-file-per-entry layout are still read.
import type { ChatResult } from "../../core/llm/model.js";
import type { EvalCache } from "../../core/evaluate/cache.js";
import type { ModelMemoStore } from "../../core/evaluate/model-memo.js";
import type { ProxyStore } from "../runners/model-proxy.js";
import type { RunResult } from "../../core/evaluate/runner.js";
import { createLogStore, type Closable } from "./log-store.js";

export function createDiskCache(dir: string): EvalCache & Closable {
  return createLogStore<RunResult>(dir);
}

/** The model-call memo, kept beside the execution cache (the CLI uses `<out>/cache/memo`). */
export function createDiskMemo(dir: string): ModelMemoStore & Closable {
  return createLogStore<ChatResult>(dir);
}

/** The command runner's recording proxy's answers, beside the memo (`<out>/cache/proxy`). */
export function createDiskProxyStore(dir: string): ProxyStore & Closable {
  return createLogStore(dir);
}
