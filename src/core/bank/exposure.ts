// The exposure list: which of a bank's skills the agent sees (bank.yml `exposure`, docs/bank.md).
// Absent means every skill. It is part of a candidate, so the candidate hash covers it (hash.ts),
// and the context budget allocation (src/core/evolve/budget/context-budget.ts) writes it.
import {
  BANK_MANIFEST,
  BASELINE_MANIFEST,
  BankManifest,
  readBankManifestYaml,
  renderBankManifest,
} from "../../records/bank-manifest.js";
import type { BankFile, Skill, SkillBank } from "./skill.js";

/** The exposure list bank.yml holds, or undefined (no bank.yml, none given, or a file that does not parse). */
export function exposureOfFiles(files: readonly BankFile[]): string[] | undefined {
  const file = files.find((f) => f.path === BANK_MANIFEST);
  if (!file) return undefined;
  const read = readBankManifestYaml(new TextDecoder().decode(file.bytes));
  if (!read.ok) return undefined; // an unreadable bank.yml is reported where it is parsed for deployment
  const exposure = (read.data as { exposure?: unknown } | null)?.exposure;
  if (!Array.isArray(exposure)) return undefined;
  return exposure.map(String);
}

export function exposureOf(bank: Pick<SkillBank, "files">): string[] | undefined {
  return exposureOfFiles(bank.files);
}

/** The skills the agent sees: those the exposure list names (in the given order), else all. */
export function exposedSkills<S extends Pick<Skill, "name">>(
  bank: Pick<SkillBank, "files">,
  skills: readonly S[],
): S[] {
  const exposure = exposureOf(bank);
  if (!exposure) return [...skills];
  const shown = new Set(exposure);
  return skills.filter((s) => shown.has(s.name));
}

/**
 * The bank with bank.yml's exposure set (undefined removes it). A bank without bank.yml gets a
 * baseline manifest holding only the list.
 */
export function withExposure<B extends Pick<SkillBank, "files">>(
  bank: B,
  exposure: readonly string[] | undefined,
): B {
  const file = bank.files.find((f) => f.path === BANK_MANIFEST);
  let manifest: BankManifest;
  if (file) {
    const read = readBankManifestYaml(new TextDecoder().decode(file.bytes));
    if (!read.ok) throw new Error(`${BANK_MANIFEST}: cannot set the exposure list: ${read.why}`);
    const parsed = BankManifest.safeParse(read.data);
    if (!parsed.success)
      throw new Error(`${BANK_MANIFEST}: cannot set the exposure list: ${parsed.error.issues[0]?.message}`);
    manifest = parsed.data;
  } else {
    if (exposure === undefined) return bank;
    manifest = BASELINE_MANIFEST;
  }
  const { exposure: _old, ...rest } = manifest;
  const next: BankManifest = exposure === undefined ? rest : { ...rest, exposure: [...exposure].sort() };
  const bytes = new TextEncoder().encode(renderBankManifest(next));
  const others = bank.files.filter((f) => f.path !== BANK_MANIFEST);
  return { ...bank, files: [...others, { path: BANK_MANIFEST, bytes }] };
}

/** A SKILL.md's token estimate: one token per four characters. */
export function skillTokens(skill: { source: string }): number {
  return Math.ceil(skill.source.length / 4);
}
