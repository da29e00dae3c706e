// The policy files that a bank's `metadata.policy` back-links name, read relative to the working
// folder (where `skillops coldstart` wrote them from). A file that cannot be read is left out: its
// links cannot be checked, which is not the same as being broken.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { linkedPolicyFiles } from "../../core/bank/policy-links.js";
import type { Skill } from "../../core/bank/skill.js";

export async function readLinkedPolicies(
  cwd: string,
  skills: readonly Skill[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const path of linkedPolicyFiles(skills)) {
    const text = await readFile(resolve(cwd, path), "utf8").catch(() => undefined);
    if (text !== undefined) out[path] = text;
  }
  return out;
}
