// Everything the deterministic checks read, as plain data; the CLI (src/cli/audit.ts) gathers it.
import type { SkillBank } from "../bank/skill.js";
import type { CaseField } from "./case-texts.js";

/** The outcome of parsing one script of the candidate (`python3 -m py_compile`, `node --check`, `bash -n`). */
export interface ScriptParse {
  /** Path relative to the bank root. */
  file: string;
  skill: string;
  interpreter: string;
  status: "ok" | "failed" | "skipped";
  /** The interpreter's message when it failed; why the check was skipped. */
  message?: string;
}

export interface AuditInput {
  base: SkillBank;
  candidate: SkillBank;
  /** The fields of every case of the evolution set and the regression pool. */
  cases: readonly CaseField[];
  /** Policy files that `metadata.policy` names and the repository holds: path (no `#anchor`) → text. */
  policies: Readonly<Record<string, string>>;
  scripts: readonly ScriptParse[];
}
