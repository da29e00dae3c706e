// A case with no secret in it (docs/security.md "Secrets in untrusted text"): every string of the case
// redacted, and the kinds replaced, together with any its channel already replaced, recorded in
// `provenance.redacted`, so the case file, its comment, its issue and its PR say so.
import type { Case } from "../../records/case.js";
import { joinKinds, redactDeep } from "../../vocabulary/redact-secrets.js";

/** `c` redacted; `earlier` are kinds replaced before the case was built (in its source text). */
export function redactCase(c: Case, earlier: readonly string[] = []): Case {
  const { value, kinds } = redactDeep(c);
  const all = joinKinds(c.provenance.redacted, earlier, kinds);
  if (all.length === 0) return c;
  return { ...value, provenance: { ...value.provenance, redacted: all } };
}

/** The sentence that announces a redaction, or undefined when nothing was redacted. */
export function redactionNotice(
  kinds: readonly string[] | undefined,
  what = "the source text",
): string | undefined {
  if (!kinds?.length) return undefined;
  return `🔒 Secrets were redacted from ${what} before skillops used it: ${kinds.join(", ")}. Each is replaced by \`[redacted: <kind>]\`; a secret that was posted anywhere should be rotated.`;
}
