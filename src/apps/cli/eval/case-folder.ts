// The folder a case's command rubric items run from (eval and evolve), in a module of its own so that
// evolve does not load the eval command's modules (and its progress bar) to find it.
import { access } from "node:fs/promises";
import { join } from "node:path";
import type { Case } from "../../../records/case.js";

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** The folder a command rubric item runs from: the case's own folder, else its category's. */
export async function caseFolder(root: string, c: Case | undefined): Promise<string | undefined> {
  if (!c) return undefined;
  const own = join(root, c.category, c.id);
  return (await exists(own)) ? own : join(root, c.category);
}
