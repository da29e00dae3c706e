// The in-memory shape of a skill bank. Everything is plain data: adapters (src/fsio, src/git)
// produce `BankFile`s, and pure code in src/bank turns them into skills.

/** One file of a bank, path relative to the bank root with `/` separators. */
export interface BankFile {
  path: string;
  bytes: Uint8Array;
  /** Executable bit, kept so a commit preserves script modes. */
  executable?: boolean;
}

export type AuxiliaryKind = "scripts" | "references" | "assets" | "other";

export interface AuxiliaryFile {
  /** Path relative to the skill folder, e.g. `scripts/total.py`. */
  path: string;
  kind: AuxiliaryKind;
  size: number;
  sha256: string;
}

/** One entry of a skill's `knowledge.md` (experiential knowledge; append-only). */
export interface KnowledgeEntry {
  text: string;
  /** Where the advice came from, e.g. `issue #12 by @alice, accepted by @bob, 2026-11-30`. */
  provenance: string;
}

/** Frontmatter as parsed: every scalar is a string (YAML failsafe schema). */
export interface SkillFrontmatter {
  name?: string;
  description?: string;
  license?: string;
  compatibility?: string;
  metadata?: Record<string, string>;
  "allowed-tools"?: string;
  [key: string]: unknown;
}

export interface Skill {
  /** Folder name; the spec requires it to equal `frontmatter.name`. */
  name: string;
  /** Folder path relative to the bank root. */
  dir: string;
  frontmatter: SkillFrontmatter;
  /** Markdown body after the frontmatter. */
  body: string;
  /** The SKILL.md text exactly as read, so an unchanged skill renders byte for byte. */
  source: string;
  auxiliary: AuxiliaryFile[];
  knowledge: KnowledgeEntry[];
}

export interface SkillBank {
  skills: Skill[];
  /** Every file of the bank (SKILL.md, auxiliary files, knowledge.md, bank.yml), sorted by path. */
  files: BankFile[];
}
