// The library entry point (`import { runEvolution } from "skillops"`): what docs/engine.md names for
// programs that embed skillops instead of running the CLI. Re-exports only; each name keeps its
// home module.
export { runEvolution, runConfigOf, EvolveInputError, roundRobin } from "./evolve/run.js";
export type { EvolveDeps, EvolveInputs, EvolveResult, ParentSelector, ProgressEvent } from "./evolve/run.js";
export { RunRecord, RunConfig, FrontierMember } from "./evolve/run-record.js";
export { runSimulatedEvolution } from "./sim/run.js";
export { loadBank } from "./bank/bank.js";
export type { LoadBankOptions } from "./bank/bank.js";
export { loadBankFromFolder } from "./fsio/load-bank.js";
export type { LoadedBank, LoadBankFromFolderOptions } from "./fsio/load-bank.js";
export { validateSkill } from "./bank/validate.js";
export type { ValidateOptions, ValidationMode } from "./bank/validate.js";
export { formatDiagnostic } from "./bank/diagnostic.js";
export type { Diagnostic, Severity } from "./bank/diagnostic.js";
export type { BankFile, Skill, SkillBank } from "./bank/skill.js";
export { Case, CaseFile, RubricItem, Task, Provenance, Resolution } from "./cases/case.js";
export { parseCase, renderCase } from "./cases/parse-case.js";
export { readPool } from "./fsio/pool-store.js";
export { Config, DEFAULT_CONFIG } from "./config/config.js";
export { main } from "./cli/main.js";
