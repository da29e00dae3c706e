// Where tests and benches find the real public data of ../shared/corpora (its README gives origins
// and licences). A fresh clone has no ../shared beside it, so a test that needs a corpus skips and
// says which one and where it looked; fixtures of our own under test/fixtures cover the same rules.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPO_ROOT } from "./repo-root.js";

/** The corpora folder: $SKILLOPS_CORPORA, else ../shared/corpora beside the repository. */
export function corporaRoot(): string {
  const fromEnv = process.env.SKILLOPS_CORPORA;
  return fromEnv ? resolve(fromEnv) : join(REPO_ROOT, "../shared/corpora");
}

/** A path inside one corpus, e.g. corpusPath("tau2-mock", "policy.md"). */
export function corpusPath(name: string, ...rest: string[]): string {
  return join(corporaRoot(), name, ...rest);
}

export function hasCorpus(name: string): boolean {
  return existsSync(corpusPath(name));
}

function describeMissing(name: string): string {
  return `corpus ${name} not found at ${corpusPath(name)} (set SKILLOPS_CORPORA)`;
}

/**
 * For `describe.skipIf` / `it.skipIf`: true when any of the corpora is absent, after a warning
 * naming it, so a skipped test never passes silently.
 */
export function skipWithoutCorpus(...names: string[]): boolean {
  const missing = names.filter((n) => !hasCorpus(n));
  for (const n of missing) console.warn(`skipped: ${describeMissing(n)}`);
  return missing.length > 0;
}

/** For benches, which are not tests: stop with a message naming the corpus when it is absent. */
export function requireCorpus(name: string): string {
  if (!hasCorpus(name)) throw new Error(`this needs the ${describeMissing(name)}`);
  return corpusPath(name);
}
