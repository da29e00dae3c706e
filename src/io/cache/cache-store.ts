// The on-disk, content-addressed stores behind the evaluation cache and the model-call memo:
// `<dir>/<key[0..2]>/<key>.json`. Each entry is written as soon as it exists, to a temporary file
// renamed into place, so an interrupted run keeps every finished entry and never leaves a
// half-written one. A workflow keeps the folder between runs (actions/cache) to skip work already done.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ChatResult } from "../../core/llm/model.js";
import type { EvalCache } from "../../core/evaluate/cache.js";
import type { ModelMemoStore } from "../../core/evaluate/model-memo.js";
import type { ProxyStore } from "../runners/model-proxy.js";
import type { RunResult } from "../../core/evaluate/runner.js";

const KEY = /^[0-9a-f]{64}$/;

function entryPath(dir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`cache key must be a sha256 hex digest, got ${JSON.stringify(key)}`);
  return join(dir, key.slice(0, 2), `${key}.json`);
}

interface DiskStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
}

function createDiskStore<T>(dir: string): DiskStore<T> {
  return {
    async get(key) {
      let text: string;
      try {
        text = await readFile(entryPath(dir, key), "utf8");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw err;
      }
      try {
        const entry = JSON.parse(text) as { key?: string; result?: T };
        // A corrupt or foreign entry is a miss: the work simply runs again.
        return entry.key === key && entry.result ? entry.result : undefined;
      } catch {
        return undefined;
      }
    },
    async put(key, result) {
      const file = entryPath(dir, key);
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      await writeFile(tmp, JSON.stringify({ key, result }));
      await rename(tmp, file);
    },
  };
}

export function createDiskCache(dir: string): EvalCache {
  return createDiskStore<RunResult>(dir);
}

/** The model-call memo, kept beside the execution cache (the CLI uses `<out>/cache/memo`). */
export function createDiskMemo(dir: string): ModelMemoStore {
  return createDiskStore<ChatResult>(dir);
}

/** The command runner's recording proxy's answers, beside the memo (`<out>/cache/proxy`). */
export function createDiskProxyStore(dir: string): ProxyStore {
  return createDiskStore(dir);
}
