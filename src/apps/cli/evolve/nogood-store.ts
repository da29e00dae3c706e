// The nogoods in git (docs/nogoods.md): one file per nogood, `<dir>/<id>.json` (default
// `.skillops/nogoods/` at the repository root, beside the bank, not in it, so it never changes a
// candidate's hash). The id is the hash of the edits, so two sibling PRs or runs that learn different
// nogoods add different files and never conflict, and two that learn the same one write the same bytes.
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  checkNogoodFile,
  MAX_NOGOOD_CHARS,
  NogoodFileError,
} from "../../../core/nogoods/nogood-file-check.js";
import type { Nogood } from "../../../records/nogood.js";
import { NOGOODS_DIR, nogoodFileName, serialiseNogood } from "../../../records/nogood-file.js";

export { NOGOODS_DIR, NogoodFileError };

/** Every `<id>.json` under `dir` (none when it does not exist), each checked against its schema and id. */
export async function readNogoods(dir: string): Promise<Nogood[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".json")).sort();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw e;
  }
  return Promise.all(names.map((name) => readOne(join(dir, name), name)));
}

/** One file, its size checked before it is read (a UTF-8 character is at least one byte). */
export async function readOne(path: string, name: string): Promise<Nogood> {
  const { size } = await stat(path);
  if (size > 4 * MAX_NOGOOD_CHARS)
    throw new NogoodFileError(`nogood ${path}: ${size} bytes, over the cap; it was not read`);
  return checkNogoodFile(path, name, await readFile(path, "utf8"));
}

/** Writes each nogood as `<id>.json`; returns the paths of the files that were new. */
export async function writeNogoods(dir: string, nogoods: readonly Nogood[]): Promise<string[]> {
  if (nogoods.length === 0) return [];
  await mkdir(dir, { recursive: true });
  const have = new Set(await readdir(dir));
  const written: string[] = [];
  for (const n of nogoods) {
    const name = nogoodFileName(n);
    if (have.has(name)) continue;
    await writeFile(join(dir, name), serialiseNogood(n));
    written.push(join(dir, name));
  }
  return written;
}
