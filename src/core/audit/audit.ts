// The deterministic audit of a candidate bank against the bank it was derived from (issue 14):
// run every check (SkillEvolver Table 3's nine, records/audit-check.ts PAPER_CHECKS, and ours), apply
// the configured severities, number the findings in report order.
import { comparePaths } from "../bank/hash.js";
import type { AuditInput } from "./audit-input.js";
import { checkEditValidity } from "./edit-validity.js";
import type { AuditCheck, Finding, RawFinding } from "./finding.js";
import { checkFraming } from "./framing.js";
import { checkLiterals } from "./literals.js";
import { checkScriptBloat } from "./script-bloat.js";
import { checkShapeBake } from "./shape-bake.js";
import { checkSilentBypass } from "./silent-bypass.js";
import { checkPrimaryAction } from "./primary-action.js";
import { checkCoverage } from "./coverage.js";
import { checkUnderAbstraction } from "./under-abstraction.js";
import { checkUntraceableAssertions } from "./untraceable-assertions.js";
import { checkSecretDisclosure } from "./secret-disclosure.js";
import { checkCredentialRead } from "./credential-read.js";
import { checkNetworkFetch } from "./network-fetch.js";
import { checkDynamicCode } from "./dynamic-code.js";

/** Per check: force every finding to this severity, or drop the check ("off"). */
export type SeverityOverrides = Partial<Record<AuditCheck, "error" | "warning" | "off">>;

const CHECKS: Record<AuditCheck, (input: AuditInput) => RawFinding[]> = {
  literals: checkLiterals,
  framing: checkFraming,
  scriptBloat: checkScriptBloat,
  untraceableAssertions: checkUntraceableAssertions,
  editValidity: checkEditValidity,
  shapeBake: checkShapeBake,
  coverage: checkCoverage,
  underAbstraction: checkUnderAbstraction,
  silentBypass: checkSilentBypass,
  primaryActionNotHoisted: checkPrimaryAction,
  secretDisclosure: checkSecretDisclosure,
  credentialRead: checkCredentialRead,
  networkFetch: checkNetworkFetch,
  dynamicCode: checkDynamicCode,
};

export function auditBank(input: AuditInput, overrides: SeverityOverrides = {}): Finding[] {
  const raw: RawFinding[] = [];
  for (const [check, run] of Object.entries(CHECKS) as [AuditCheck, typeof checkLiterals][]) {
    const override = overrides[check];
    if (override === "off") continue;
    for (const f of run(input)) raw.push(override ? { ...f, severity: override } : f);
  }
  raw.sort(
    (a, b) =>
      comparePaths(a.skill, b.skill) ||
      comparePaths(a.file, b.file) ||
      a.line - b.line ||
      comparePaths(a.check, b.check) ||
      comparePaths(a.evidence, b.evidence),
  );
  return raw.map((f, i) => ({ id: `A${i + 1}`, ...f }));
}

export function hasAuditErrors(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "error");
}
