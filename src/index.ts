// The library entry point (`import { runEvolution } from "skillops"`): what docs/engine.md names for
// programs that embed skillops instead of running the CLI. Re-exports only; each name keeps its
// home module.
export { runEvolution, runConfigOf, EvolveInputError, roundRobin } from "./core/evolve/run.js";
export type {
  EvolveDeps,
  EvolveInputs,
  EvolveResult,
  ParentSelector,
  ProgressEvent,
} from "./core/evolve/run.js";
export { RunRecord, RunConfig, FrontierMember } from "./records/run-record.js";
export { loadBank } from "./core/bank/bank.js";
export type { LoadBankOptions } from "./core/bank/bank.js";
export { loadBankFromFolder } from "./io/fsio/load-bank.js";
export type { LoadedBank, LoadBankFromFolderOptions } from "./io/fsio/load-bank.js";
export { validateSkill } from "./core/bank/validate.js";
export type { ValidateOptions, ValidationMode } from "./core/bank/validate.js";
export { formatDiagnostic } from "./core/bank/diagnostic.js";
export type { Diagnostic, Severity } from "./core/bank/diagnostic.js";
export type { BankFile, Skill, SkillBank } from "./core/bank/skill.js";
export { Case, CaseFile, RubricItem, Task, Provenance, Resolution } from "./records/case.js";
export { parseCase, renderCase } from "./core/cases/parse-case.js";
export { readPool } from "./io/fsio/pool-store.js";
export { Config, DEFAULT_CONFIG } from "./core/config/config.js";
export { main } from "./apps/cli/main.js";
