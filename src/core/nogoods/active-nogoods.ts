// How many of the nogoods committed to the default branch are active against the bank there
// (docs/nogoods.md, "On the dashboard"): active = every edit's skill still at the version it was made
// on (isActive), the same test a run applies before it vetoes a child. Nogoods have no other expiry.
import { loadBank } from "../bank/bank.js";
import { isActive } from "./nogood.js";
import { checkNogoodFile, NogoodFileError } from "./nogood-file-check.js";
import { checkNogoodAgainstBank } from "./nogood-bank-check.js";
import type { Nogood } from "../../records/nogood.js";

/** A file as read from the repository; `text` null when it could not be read as text. */
export interface TextFile {
  path: string;
  text: string | null;
}

export interface NogoodCount {
  active: number;
  /** A skill they edit changed since (or is gone): they veto nothing until a revert restores it. */
  retired: number;
  /** A skill they edit holds a file that could not be read as text, so its version is unknown. */
  unchecked: number;
  /** Files that are not a valid nogood (not JSON, schema, id, edits the bank's skill could not have): a run would refuse to start. */
  invalid: string[];
}

/** Counts the nogood files in `nogoods` (relative names) against the bank files in `bank`. */
export function countActiveNogoods(
  nogoods: readonly TextFile[],
  bank: readonly TextFile[],
  nogoodsDir: string,
): NogoodCount {
  const count: NogoodCount = { active: 0, retired: 0, unchecked: 0, invalid: [] };
  const parsed: Nogood[] = [];
  for (const f of nogoods.filter((n) => n.path.endsWith(".json") && !n.path.includes("/"))) {
    try {
      if (f.text === null) throw new NogoodFileError(`nogood ${nogoodsDir}/${f.path}: not readable as text`);
      parsed.push(checkNogoodFile(`${nogoodsDir}/${f.path}`, f.path, f.text));
    } catch (e) {
      if (!(e instanceof NogoodFileError)) throw e;
      count.invalid.push(e.message);
    }
  }
  if (parsed.length === 0) return count;
  const encoder = new TextEncoder();
  const readable = bank.filter((f): f is { path: string; text: string } => f.text !== null);
  const { bank: loaded } = loadBank(readable.map((f) => ({ path: f.path, bytes: encoder.encode(f.text) })));
  const unread = bank.filter((f) => f.text === null).map((f) => f.path);
  const unknown = (skill: string) => {
    const dir = loaded.skills.find((s) => s.name === skill)?.dir;
    return dir === undefined ? unread.length > 0 : unread.some((p) => p.startsWith(`${dir}/`));
  };
  for (const n of parsed) {
    if (n.edits.some((e) => unknown(e.skill))) {
      count.unchecked++;
      continue;
    }
    const [problem] = checkNogoodAgainstBank(n, loaded).problems;
    if (problem !== undefined) count.invalid.push(`nogood ${nogoodsDir}/${n.id}.json: ${problem}`);
    else if (isActive(n, loaded)) count.active++;
    else count.retired++;
  }
  return count;
}
