// The names of the audit's deterministic checks (docs/audit.md), shared by the audit and the config
// that sets their severities.
export const AUDIT_CHECKS = [
  "literals",
  "framing",
  "scriptBloat",
  "untraceableAssertions",
  "editValidity",
  "shapeBake",
  "silentBypass",
  "primaryActionNotHoisted",
  "secretDisclosure",
  "credentialRead",
  "networkFetch",
  "dynamicCode",
] as const;
export type AuditCheck = (typeof AUDIT_CHECKS)[number];
