// What `skillops evolve` keeps under --out: checkpoint.jsonl (one line appended after every
// iteration), run-record.json, and frontier/<hash8>/ with each member's bank.
import { appendFile, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Checkpoint, parseCheckpoint } from "../../../core/evolve/checkpoint.js";
import { createCheckpointLog, foldCheckpointLog } from "../../../core/evolve/checkpoint-log.js";
import type { EvolveResult } from "../../../core/evolve/run.js";
import { writeFolder } from "../../../io/fsio/write-folder.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

/** The checkpoint's file under --out (an append-only log, checkpoint-log.ts). */
export const CHECKPOINT_FILE = "checkpoint.jsonl";
/** The single-JSON checkpoint of earlier versions: still resumed from, replaced at the first write. */
const LEGACY_CHECKPOINT_FILE = "checkpoint.json";

/** Removes the checkpoint (--fresh), in either format. */
export async function removeCheckpoint(out: string): Promise<void> {
  for (const name of [CHECKPOINT_FILE, LEGACY_CHECKPOINT_FILE]) await rm(join(out, name), { force: true });
}

/** The checkpoint under --out and the file it came from (the legacy one is still read). */
export async function readCheckpoint(
  out: string,
): Promise<{ checkpoint: Checkpoint; file: string } | undefined> {
  for (const [name, parse] of [
    [CHECKPOINT_FILE, foldCheckpointLog],
    [LEGACY_CHECKPOINT_FILE, (text: string) => parseCheckpoint(JSON.parse(text))],
  ] as const) {
    const text = await readFile(join(out, name), "utf8").catch(() => undefined);
    if (text === undefined) continue;
    try {
      return { checkpoint: parse(text), file: name };
    } catch (e) {
      throw new Error(
        `${join(out, name)}: not a usable checkpoint (${(e as Error).message.split("\n")[0]}); remove it or pass --fresh`,
        { cause: e },
      );
    }
  }
  return undefined;
}

/**
 * Appends one line per checkpoint; the first of a process (and any the log cannot express as an
 * append) is a whole snapshot written then renamed, so a kill never leaves half a snapshot, and a
 * line torn by a kill is dropped by that rewrite when the run resumes.
 */
export function checkpointWriter(out: string): (cp: Checkpoint) => Promise<void> {
  const log = createCheckpointLog();
  return async (cp) => {
    const { rewrite, text } = log.encode(cp);
    if (!rewrite) return appendFile(join(out, CHECKPOINT_FILE), text);
    const tmp = join(out, `${CHECKPOINT_FILE}.tmp`);
    await writeFile(tmp, text);
    await rename(tmp, join(out, CHECKPOINT_FILE));
    await rm(join(out, LEGACY_CHECKPOINT_FILE), { force: true });
  };
}

export async function writeOutputs(out: string, result: EvolveResult): Promise<void> {
  await writeFile(join(out, "run-record.json"), `${JSON.stringify(result.record, null, 2)}\n`);
  for (const [hash, bank] of result.banks) {
    const dir = join(out, "frontier", shortCandidateId(hash));
    await rm(dir, { recursive: true, force: true });
    await writeFolder(dir, bank.files);
  }
}
