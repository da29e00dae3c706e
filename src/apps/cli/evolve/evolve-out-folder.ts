// What `skillops evolve` keeps under --out: checkpoint.json (after every iteration, written so a
// kill never leaves half a file), run-record.json, and frontier/<hash8>/ with each member's bank.
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type Checkpoint, parseCheckpoint } from "../../../core/evolve/checkpoint.js";
import type { EvolveResult } from "../../../core/evolve/run.js";
import { writeFolder } from "../../../io/fsio/write-folder.js";
import { shortCandidateId } from "../../../records/candidate-id.js";

export async function readCheckpoint(out: string): Promise<Checkpoint | undefined> {
  const text = await readFile(join(out, "checkpoint.json"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    return parseCheckpoint(JSON.parse(text));
  } catch (e) {
    throw new Error(
      `${join(out, "checkpoint.json")}: not a usable checkpoint (${(e as Error).message.split("\n")[0]}); remove it or pass --fresh`,
      { cause: e },
    );
  }
}

export function checkpointWriter(out: string): (cp: Checkpoint) => Promise<void> {
  // Write then rename, so a kill during the write leaves the previous checkpoint intact.
  return async (cp) => {
    await writeFile(join(out, "checkpoint.json.tmp"), `${JSON.stringify(cp)}\n`);
    await rename(join(out, "checkpoint.json.tmp"), join(out, "checkpoint.json"));
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
