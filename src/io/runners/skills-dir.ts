// Materialises skills as Agent Skills folders on disk (`<root>/<name>/SKILL.md`, its scripts,
// references and assets, and knowledge.md) for agents that read skills from a directory.
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, normalize, sep } from "node:path";
import { renderKnowledge } from "../../core/bank/knowledge.js";
import type { BankFile, Skill } from "../../core/bank/skill.js";

/** The knowledge a skill carries: knowledge.md as stored in the bank, else its parsed entries. */
export function knowledgeText(skill: Skill, skillFiles: readonly BankFile[] = []): string {
  const stored = skillFiles.find((f) => f.path === `${skill.dir}/knowledge.md`);
  if (stored) return new TextDecoder().decode(stored.bytes);
  if (skill.knowledge.length === 0) return "";
  return renderKnowledge(skill.name, skill.knowledge);
}

/** A relative path that stays inside its folder, or undefined. */
export function safeRelative(path: string): string | undefined {
  const n = normalize(path);
  if (n.startsWith("..") || n.startsWith(sep) || n.includes(`..${sep}`) || n === ".") return undefined;
  return n;
}

export async function writeSkills(
  root: string,
  skills: readonly Skill[],
  skillFiles: readonly BankFile[] = [],
): Promise<void> {
  for (const skill of skills) {
    const dir = join(root, skill.name);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, "SKILL.md"), skill.source);
    const knowledge = knowledgeText(skill, skillFiles);
    if (knowledge) await writeFile(join(dir, "knowledge.md"), knowledge);
    const prefix = `${skill.dir}/`;
    for (const f of skillFiles) {
      if (!f.path.startsWith(prefix)) continue;
      const rel = safeRelative(f.path.slice(prefix.length));
      if (!rel || rel === "SKILL.md" || rel === "knowledge.md") continue;
      await mkdir(dirname(join(dir, rel)), { recursive: true });
      await writeFile(join(dir, rel), f.bytes);
      if (f.executable) await chmod(join(dir, rel), 0o755);
    }
  }
}

export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function writeFiles(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(files)) {
    const rel = safeRelative(path);
    if (!rel) continue;
    await mkdir(dirname(join(root, rel)), { recursive: true });
    await writeFile(join(root, rel), content);
  }
}
