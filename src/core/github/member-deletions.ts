// Which files a member's commit deletes: those its run removed (a tool an Inline deleted). A file
// is deleted only when it was in the run's starting bank, the default branch still holds it with
// the same bytes, and the member's bank lacks it; a file a person changed on the default branch
// since the run is kept, and named, so nobody's edit vanishes in a merge.
import { BANK_MANIFEST } from "../../records/bank-manifest.js";
import { sameBytes } from "../bank/same-bytes.js";
import type { BankFile } from "../bank/skill.js";

export interface MemberDeletions {
  /** Bank paths the commit deletes. */
  deleted: string[];
  /** Bank paths the run removed but a person changed on the default branch since: kept. */
  kept: string[];
}

/**
 * `start`: the bank the run was evolved from; `base`: the default branch's bank now; `bank`: the
 * member's. All paths relative to the bank folder. bank.yml is never deleted (the commit rewrites it).
 */
export function memberDeletions(
  start: readonly BankFile[],
  base: readonly BankFile[],
  bank: readonly BankFile[],
): MemberDeletions {
  const now = new Map(base.map((f) => [f.path, f]));
  const member = new Set(bank.map((f) => f.path));
  const deleted: string[] = [];
  const kept: string[] = [];
  for (const f of start) {
    if (f.path === BANK_MANIFEST || member.has(f.path)) continue;
    const current = now.get(f.path);
    if (!current) continue; // already gone from the default branch
    (sameBytes(current.bytes, f.bytes) ? deleted : kept).push(f.path);
  }
  return { deleted: deleted.sort(), kept: kept.sort() };
}
