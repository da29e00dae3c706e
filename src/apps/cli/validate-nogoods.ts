// `skillops validate` checks the nogoods beside the bank (`.skillops/nogoods/`, docs/nogoods.md
// "Checked before use") as it checks the config: each file's schema and id, and each active nogood's
// edits against the bank's skills. A pull request that adds or edits one gets an error here, with the
// reason, before a run would refuse it. Retired ones (their skill changed since) are fine.
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import type { Diagnostic } from "../../core/bank/diagnostic.js";
import type { SkillBank } from "../../core/bank/skill.js";
import { NogoodFileError } from "../../core/nogoods/nogood-file-check.js";
import { checkNogoodAgainstBank } from "../../core/nogoods/nogood-bank-check.js";
import { readOne } from "./evolve/nogood-store.js";

const invalid = (file: string, message: string): Diagnostic => ({
  file,
  line: 0,
  severity: "error",
  code: "NOGOOD_INVALID",
  message,
});

/** The nogood files in `abs` (none when it does not exist), shown relative to `cwd`. */
export async function nogoodDiagnostics(cwd: string, abs: string, bank: SkillBank): Promise<Diagnostic[]> {
  const names = await readdir(abs).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw e;
  });
  const out: Diagnostic[] = [];
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const path = join(abs, name);
    const file = relative(cwd, path);
    try {
      const n = await readOne(path, name);
      for (const p of checkNogoodAgainstBank(n, bank).problems)
        out.push(invalid(file, `${p}; delete the file`));
    } catch (e) {
      if (!(e instanceof NogoodFileError)) throw e;
      out.push(invalid(file, e.message.replace(/^nogood \S+: /, "")));
    }
  }
  return out;
}
