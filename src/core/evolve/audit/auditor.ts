// The auditor role's interface (docs/audit.md "The model-backed auditor"): an optional, independent
// judge of one candidate skill, with the contracts of roles.ts (failure is a value, usage always
// reported). Its context is clean on purpose: the skill, what exists, the policy it links to and a
// few traces of the child's runs, never the diagnoser's or rewriter's reasoning.
import type { AuditorFinding, AuditorPromptInput } from "../../llm/prompts/auditor.js";
import type { RoleResult } from "../../llm/roles.js";

export type AuditorInput = AuditorPromptInput;

export interface Auditor {
  audit(input: AuditorInput): Promise<RoleResult<AuditorFinding[]>>;
}
