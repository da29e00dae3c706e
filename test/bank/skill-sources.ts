// Every SKILL.md under a folder, read in place: the real corpora (never copied into the repo) and
// our own fixtures in test/fixtures/skills go through the same reader, so both feed the same tests.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { corporaRoot, hasCorpus } from "../support/corpora.js";

/** SKILL.md folders written by us, covering on a fresh clone what the corpus tests check. */
export const FIXTURE_SKILLS = fileURLToPath(new URL("../fixtures/skills", import.meta.url));

function walk(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && e.name === "SKILL.md") out.push(p);
  }
  return out;
}

export interface SkillSource {
  /** Path relative to the folder that was read. */
  path: string;
  /** Name of the folder holding SKILL.md. */
  folder: string;
  source: string;
}

export function readSkillSources(root: string): SkillSource[] {
  return walk(root, [])
    .sort()
    .map((abs) => {
      const path = relative(root, abs);
      const parts = path.split("/");
      return { path, folder: parts[parts.length - 2] ?? "", source: readFileSync(abs, "utf8") };
    });
}

/** The corpora holding real SKILL.md files: the Agent Skills set and one SkillsBench task. */
export const SKILL_CORPORA = ["agent-skills", "skillsbench-invoice-fraud"];

/** The real SKILL.md files, paths relative to the corpora folder; none when a corpus is absent. */
export function readCorpusSkillSources(): SkillSource[] {
  return SKILL_CORPORA.every(hasCorpus) ? readSkillSources(corporaRoot()) : [];
}
