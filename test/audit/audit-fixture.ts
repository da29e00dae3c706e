// Shared by the audit tests: the example bank and pool loaded once, and candidates made from them by
// small edits, the way a rewrite would make them.
import { join } from "node:path";
import { loadBank, SKILL_FILE } from "../../src/core/bank/bank.js";
import type { BankFile, SkillBank } from "../../src/core/bank/skill.js";
import type { AuditInput } from "../../src/core/audit/audit-input.js";
import { caseFields, type CaseField } from "../../src/core/audit/case-texts.js";
import { loadBankFromFolder } from "../../src/io/fsio/load-bank.js";
import { readPool, resolveCaseFiles } from "../../src/io/fsio/pool-store.js";

export const REPO = join(import.meta.dirname, "..", "..");

export async function exampleBank(): Promise<SkillBank> {
  return (await loadBankFromFolder(join(REPO, "skill-bank"))).bank;
}

export async function examplePoolFields(): Promise<CaseField[]> {
  const root = join(REPO, "regression-pool");
  const { cases } = await readPool(root);
  const out: CaseField[] = [];
  for (const c of cases) out.push(...caseFields(c, await resolveCaseFiles(root, c)));
  return out;
}

/** The bank with one file replaced or added. */
export function withFile(bank: SkillBank, path: string, text: string): SkillBank {
  const files: BankFile[] = bank.files.filter((f) => f.path !== path);
  files.push({ path, bytes: new TextEncoder().encode(text) });
  return loadBank(files).bank;
}

/** The bank with `text` appended to a skill's SKILL.md. */
export function withAppended(bank: SkillBank, skill: string, text: string): SkillBank {
  const s = bank.skills.find((x) => x.name === skill);
  if (!s) throw new Error(`no skill ${skill}`);
  return withFile(bank, `${s.dir}/${SKILL_FILE}`, `${s.source.replace(/\n*$/, "\n")}\n${text}\n`);
}

export function inputOf(base: SkillBank, candidate: SkillBank, cases: readonly CaseField[] = []): AuditInput {
  return { base, candidate, cases, policies: {}, scripts: [] };
}
