// The names of the audit's deterministic checks (docs/audit.md), shared by the audit and the config
// that sets their severities, and where each stands in SkillEvolver's Table 3 (the auditor checks).
export const AUDIT_CHECKS = [
  "literals",
  "framing",
  "scriptBloat",
  "untraceableAssertions",
  "editValidity",
  "shapeBake",
  "coverage",
  "underAbstraction",
  "silentBypass",
  "primaryActionNotHoisted",
  "secretDisclosure",
  "credentialRead",
  "networkFetch",
  "dynamicCode",
] as const;
export type AuditCheck = (typeof AUDIT_CHECKS)[number];

/**
 * SkillEvolver Table 3: the check's number there and whether the paper marks it critical (a hit
 * forces a patch). A critical check's findings default to error. Checks the paper does not list
 * (edit validity, the exfiltration checks) are ours and have no entry.
 */
export const PAPER_CHECKS: Partial<Record<AuditCheck, { number: string; critical: boolean }>> = {
  framing: { number: "1", critical: true },
  literals: { number: "2, 6", critical: true },
  scriptBloat: { number: "2b", critical: false },
  untraceableAssertions: { number: "3", critical: false },
  shapeBake: { number: "4", critical: true },
  coverage: { number: "5", critical: false },
  underAbstraction: { number: "7", critical: true },
  primaryActionNotHoisted: { number: "8", critical: true },
  silentBypass: { number: "9", critical: true },
};
