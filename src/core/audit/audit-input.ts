// Everything the deterministic checks read, as plain data; the CLI (src/apps/cli/audit/audit.ts) gathers it.
import type { SkillBank } from "../bank/skill.js";
import type { CaseField } from "./case-texts.js";
import type { TraceInput } from "./run-traces.js";

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

/** What motivated one added line (the run record's rewrites[].provenance), matched by skill and text. */
export interface AddedLineProvenance {
  skill: string;
  text: string;
  cases: readonly string[];
  /** `path#anchor` back-links whose policy clause may support the line. */
  policy?: readonly string[];
}

export interface AuditInput {
  base: SkillBank;
  candidate: SkillBank;
  /**
   * The fields of the cases to check against: every case given (`skillops audit`), or in the loop the
   * evolution cases and the pool cases the run has shown a model (src/core/evolve/audit/audit-cases.ts).
   */
  cases: readonly CaseField[];
  /** Policy files that `metadata.policy` names and the repository holds: path (no `#anchor`) → text. */
  policies: Readonly<Record<string, string>>;
  scripts: readonly ScriptParse[];
  /** Provenance of added lines, when the run recorded it; without it Check 3 falls back to word overlap. */
  provenance?: readonly AddedLineProvenance[];
  /** The candidate's own evaluation runs; without them the trace-based checks (8 and 9) find nothing. */
  traces?: TraceInput;
}
