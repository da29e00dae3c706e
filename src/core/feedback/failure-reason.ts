// Why a conversion failed, in words fit for a public issue comment: the error's first line only
// (never a stack), anything shaped like a credential replaced, and bounded in length.
const CREDENTIAL =
  /\b(?:sk-[A-Za-z0-9_*-]{6,}|gh[pousr]_[A-Za-z0-9]{10,}|github_pat_[A-Za-z0-9_]{10,})|\b(Bearer|token)\s+[A-Za-z0-9._~+/-]{12,}=*/gi;
const MAX_REASON = 300;

/** A plain, one-line reason for an error thrown during a conversion. */
export function failureReason(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  const raw =
    typeof message === "string"
      ? message
      : typeof error === "string"
        ? error
        : "a non-error value was thrown";
  const firstLine = raw.split("\n").find((l) => l.trim() !== "") ?? "";
  const cleaned = firstLine
    .replace(CREDENTIAL, (_m, scheme?: string) => (scheme ? `${scheme} [redacted]` : "[redacted]"))
    .trim();
  const name = error instanceof Error && error.name !== "Error" ? `${error.name}: ` : "";
  const text = `${name}${cleaned || "an unexpected error with no message"}`;
  return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text;
}
