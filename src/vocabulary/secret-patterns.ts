// The secret families secretlint's recommended rules leave out for free text, added on top of them
// (docs/security.md "Secrets in untrusted text"): each finds what a gitleaks rule of the same family
// finds, written here because no maintained JavaScript port of those rules exists.
// - Google API keys (AIza…): secretlint's GCP rule reads only service-account .json/.p12 files.
// - OpenAI-style keys without the `T3BlbkFJ` marker secretlint requires, and Anthropic keys of other
//   lengths (sk-…, sk-ant-…).
// - JSON Web Tokens, and Authorization / Bearer / Basic credentials.
// - Any scheme://user:password@ URL (secretlint: http/ftp and three databases only).
// - PEM private keys it skips: ENCRYPTED ones, and a block cut off before its END line.
// - Assignments of a password, secret, key or token (`password=…`, `api_key: …`).
import type { SecretFinding } from "./secretlint-host.js";

interface SecretPattern {
  kind: string;
  /** Global; the secret is group 1 when the pattern has one, else the whole match. */
  pattern: RegExp;
  /** Whether what matched is a secret rather than a placeholder or prose. */
  accept?: (secret: string, key?: string) => boolean;
}

/** Bits per character: a real key is varied, a placeholder or a word is not. */
export function shannonEntropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= (n / s.length) * Math.log2(n / s.length);
  return bits;
}

/** `${VAR}`, `$VAR`, `<token>`, `{{ secret }}`, `***`, `xxxx`, `process.env.X`, an earlier redaction. */
const PLACEHOLDER =
  /^(?:\$\{?[A-Za-z_]|<[^>]*>?$|\{\{|%[A-Za-z_]+%|\*{3}|x{4,}|X{4,}|\.{3}|process\.env|os\.environ|env\.|\[redacted)/;
const notPlaceholder = (s: string) => !PLACEHOLDER.test(s) && !/^(.)\1+$/.test(s);
const hasDigit = (s: string) => /[0-9]/.test(s);

/** Words that name a password: any non-placeholder value of 6 characters or more is one. */
const PASSWORD_KEY = /(?:password|passwd|pwd|passphrase)$/i;

function assignmentAccepts(value: string, key = ""): boolean {
  if (!notPlaceholder(value)) return false;
  if (PASSWORD_KEY.test(key)) return value.length >= 6;
  return value.length >= 12 && shannonEntropy(value) >= 3 && hasDigit(value);
}

const ASSIGNED_KEY =
  "[A-Za-z0-9_.-]{0,40}?(?:password|passwd|pwd|passphrase|secret|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|_?authToken|token|credentials?)";

export const SECRET_PATTERNS: readonly SecretPattern[] = [
  { kind: "Google API key", pattern: /(?<![A-Za-z0-9_-])AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])/g },
  {
    kind: "Anthropic API key",
    pattern: /(?<![A-Za-z0-9_-])sk-ant-[A-Za-z0-9]{2,12}-[A-Za-z0-9_-]{20,}/g,
  },
  {
    kind: "OpenAI API key",
    pattern: /(?<![A-Za-z0-9_-])sk-(?!ant-)(?:[A-Za-z0-9]{1,12}-)?[A-Za-z0-9_-]{20,}/g,
    accept: (s) => hasDigit(s),
  },
  {
    kind: "JSON Web Token",
    pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  },
  {
    kind: "Authorization header",
    pattern:
      /\b(?:Proxy-)?Authorization["']?\s*[:=]\s*["']?(?:(?:Bearer|Basic|Token|Digest|Bot)\s+)?([^\s"',;]{8,})/gi,
    accept: notPlaceholder,
  },
  {
    kind: "Bearer token",
    pattern: /\b(?:Bearer|Basic)\s+([A-Za-z0-9._~+/-]{8,}=*)/gi,
    accept: (s) => notPlaceholder(s) && hasDigit(s),
  },
  {
    kind: "URL with credentials",
    pattern: /\b[A-Za-z][A-Za-z0-9+.-]{1,20}:\/\/([^\s:/?#@"'<>]{0,256}:[^\s/?#@"'<>]{1,256})@/g,
    accept: (s) => notPlaceholder(s.slice(s.indexOf(":") + 1)),
  },
  {
    kind: "private key",
    pattern:
      /-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----[A-Za-z0-9+/=\s\\:,-]{0,10000}?(?:-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|(?![A-Za-z0-9+/=\s\\:,-]))/g,
  },
];

/** `password=…`, `"api_key": "…"`, `client_secret: …`: the value, when it looks like a real secret. */
const ASSIGNMENT = new RegExp(
  `(?<![A-Za-z0-9])(${ASSIGNED_KEY})["']?\\s*(?::=|=>|:|=)\\s*["']?([^\\s"'\`,;<>()\\[\\]{}]{6,})`,
  "gi",
);

/** Every finding of the patterns above and of secret assignments in `text`. */
export function patternFindings(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const { kind, pattern, accept } of SECRET_PATTERNS)
    for (const m of text.matchAll(pattern)) {
      const secret = m[1] ?? m[0];
      if (secret === "" || (accept && !accept(secret))) continue;
      const start = m.index + (m[1] === undefined ? 0 : m[0].lastIndexOf(secret));
      found.push({ start, end: start + secret.length, kind });
    }
  for (const m of text.matchAll(ASSIGNMENT)) {
    const [whole, key = "", value = ""] = m;
    if (!assignmentAccepts(value, key)) continue;
    const start = m.index + whole.length - value.length;
    found.push({ start, end: start + value.length, kind: "secret assignment" });
  }
  return found;
}
