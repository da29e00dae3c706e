// The on-disk, content-addressed store behind the evaluation cache: `<dir>/<key[0..2]>/<key>.json`.
// Each execution is written as soon as it finishes, to a temporary file renamed into place, so an
// interrupted run keeps every finished execution and never leaves a half-written entry. A workflow
// keeps the folder between runs (actions/cache) to skip executions already done.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { EvalCache } from "./cache.js";
import type { RunResult } from "./runner.js";

const KEY = /^[0-9a-f]{64}$/;

function entryPath(dir: string, key: string): string {
  if (!KEY.test(key)) throw new Error(`cache key must be a sha256 hex digest, got ${JSON.stringify(key)}`);
  return join(dir, key.slice(0, 2), `${key}.json`);
}

export function createDiskCache(dir: string): EvalCache {
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
        const entry = JSON.parse(text) as { key?: string; result?: RunResult };
        // A corrupt or foreign entry is a miss: the execution simply runs again.
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
