// Diff the bank at two refs (e.g. main and a frontier branch): load both trees and compare them
// as banks, so the result is the same data `diffBanks` gives for folders.
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import { diffBanks, type BankDiff } from "../../core/bank/diff.js";
import { loadBankFromGit } from "./read-tree.js";

export interface DiffRefsOptions {
  gitdir: string;
  base: string;
  head: string;
  /** Bank folder inside the tree, e.g. `skill-bank`. */
  prefix?: string;
}

export async function diffRefs(
  opts: DiffRefsOptions,
): Promise<{ diff: BankDiff; diagnostics: Diagnostic[] }> {
  const common = { gitdir: opts.gitdir, ...(opts.prefix !== undefined ? { prefix: opts.prefix } : {}) };
  const [a, b] = await Promise.all([
    loadBankFromGit({ ...common, ref: opts.base }),
    loadBankFromGit({ ...common, ref: opts.head }),
  ]);
  // Only the head's problems matter to whoever reads the diff; the base is already deployed.
  return { diff: diffBanks(a.bank, b.bank), diagnostics: b.diagnostics };
}
