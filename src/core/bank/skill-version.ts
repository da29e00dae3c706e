// A skill's version: the content hash of its folder alone (SKILL.md, knowledge.md, auxiliary files),
// framed as hashBank frames a bank, with paths relative to the skill folder. A nogood applies to one
// version of its skill; any change to the folder retires it.
import { hashBank } from "./hash.js";
import type { SkillBank } from "./skill.js";

export function skillVersion(bank: SkillBank, name: string): string | undefined {
  const skill = bank.skills.find((s) => s.name === name);
  if (!skill) return undefined;
  const prefix = `${skill.dir}/`;
  return hashBank(
    bank.files
      .filter((f) => f.path.startsWith(prefix))
      .map((f) => ({ path: f.path.slice(prefix.length), bytes: f.bytes })),
  );
}
