// The bank's content hash is the candidate id: sha256 over the (path, bytes) pairs sorted by path.
// Each pair is framed as `<path byte length>:<path><byte length>:<bytes>`, so no two different banks
// frame to the same stream. The root `bank.yml` is left out: it records the deployed operating
// point (its hash and metrics), so including it would make the id depend on itself. Its exposure
// list is the exception (it decides what the agent sees): when present it is framed after the files
// as `exposure:<JSON of the sorted names>`, so a bank without one hashes exactly as before.
import { createHash } from "node:crypto";
import { exposureOfFiles } from "./exposure.js";
import { BANK_MANIFEST } from "../../records/bank-manifest.js";
import type { BankFile } from "./skill.js";

export { BANK_MANIFEST };

export function hashBank(files: readonly BankFile[]): string {
  const sorted = files.filter((f) => f.path !== BANK_MANIFEST).sort((a, b) => comparePaths(a.path, b.path));
  const hash = createHash("sha256");
  const encoder = new TextEncoder();
  for (const f of sorted) {
    const path = encoder.encode(f.path);
    hash.update(`${path.length}:`);
    hash.update(path);
    hash.update(`${f.bytes.length}:`);
    hash.update(f.bytes);
  }
  const exposure = exposureOfFiles(files);
  // A file frame starts with a digit, so this frame cannot be mistaken for one.
  if (exposure) hash.update(`exposure:${JSON.stringify([...new Set(exposure)].sort(comparePaths))}`);
  return hash.digest("hex");
}

/** Byte-wise (code unit) order, independent of locale. */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
