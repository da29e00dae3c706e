// Output folders written whole: each folder's files go to a temporary sibling first, and only when
// every folder is complete are they renamed into place, so a failure leaves the targets as they were.
import { mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import type { BankFile } from "../../core/bank/skill.js";
import { writeFolder } from "../../io/fsio/write-folder.js";
import { UsageError, type CliIo } from "./context.js";

/** Refuse a non-empty output folder unless `force` (a usage error, exit 2). */
export async function checkOutputFolder(io: CliIo, flag: string, dir: string, force: boolean): Promise<void> {
  const entries = await readdir(resolve(io.cwd, dir)).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw new UsageError(`${flag} ${dir}: not a folder skillops can write (${e.code ?? e.message})`);
  });
  if (entries.length > 0 && !force)
    throw new UsageError(`${flag} ${dir} exists and is not empty; pass --force to replace it`);
}

export async function writeFoldersWhole(
  io: CliIo,
  folders: readonly { dir: string; files: readonly BankFile[] }[],
): Promise<void> {
  const temps: { target: string; temp: string }[] = [];
  try {
    for (const f of folders) {
      const target = resolve(io.cwd, f.dir);
      await mkdir(dirname(target), { recursive: true });
      const temp = await mkdtemp(join(dirname(target), `.${basename(target)}.coldstart-`));
      temps.push({ target, temp });
      await writeFolder(temp, f.files);
    }
    for (const { target, temp } of temps) {
      await rm(target, { recursive: true, force: true });
      await rename(temp, target);
    }
  } catch (e) {
    for (const { temp } of temps) await rm(temp, { recursive: true, force: true });
    throw e;
  }
}
