// Real SKILL.md files from ../shared/corpora (read in place, never copied into the repo).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const CORPORA = join(REPO_ROOT, "../shared/corpora");

function walk(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && e.name === "SKILL.md") out.push(p);
  }
  return out;
}

export interface CorpusSkill {
  /** Path relative to the corpora folder. */
  path: string;
  /** Name of the folder holding SKILL.md. */
  folder: string;
  source: string;
}

export function corpusSkills(): CorpusSkill[] {
  return walk(CORPORA, [])
    .sort()
    .map((abs) => {
      const path = relative(CORPORA, abs);
      const parts = path.split("/");
      return { path, folder: parts[parts.length - 2] ?? "", source: readFileSync(abs, "utf8") };
    });
}
