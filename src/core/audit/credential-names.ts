// What counts as a credential for the exfiltration checks (docs/audit.md "Exfiltration"): an
// environment variable whose name says it holds one or leads to one, and the words prose uses for one.
import { credentialReason } from "../../vocabulary/credential-name.js";

/**
 * A variable name that holds a credential (the one rule, vocabulary/credential-name.ts). With
 * `runner`, also the runner's `GITHUB_*` and `ACTIONS_*` (a script has no business reading them;
 * prose may name them freely).
 */
export function isCredentialName(name: string, runner = true): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && credentialReason(name, { runner }) !== undefined;
}

/** Upper-case variable names in text, `$` or `${…}` allowed: only those with `_` or a `$` count. */
const UPPER_NAME = /\$\{?([A-Z][A-Z0-9_]*)|\b([A-Z][A-Z0-9]*_[A-Z0-9_]+)\b/g;

const QUALIFIED_TOKEN =
  "(?:access|auth|api|bearer|session|refresh|oauth|github|gh|npm|pypi|openai|aws|personal[\\s-]+access|secret|id)[\\s_-]+tokens?";
/** Words and paths that name a credential or the environment that holds them. */
const CREDENTIAL_WORDS = new RegExp(
  [
    "\\bcredentials?\\b",
    "\\bsecrets?\\b",
    "\\bpass(?:words?|phrases?)\\b",
    "\\bapi[\\s_-]*keys?\\b",
    `\\b${QUALIFIED_TOKEN}\\b`,
    "\\b(?:private|ssh|secret|access|signing)[\\s_-]+keys?\\b",
    "\\benv(?:ironment)?[\\s_-]+var(?:iable)?s?\\b",
    "\\bthe\\s+(?:whole\\s+|entire\\s+|full\\s+|current\\s+)?environment\\b",
    "(?:^|[\\s`'\"(])\\.env\\b",
    "\\bid_(?:rsa|ed25519|ecdsa)\\b",
    "~?\\/?\\.(?:ssh|aws|netrc|npmrc|pypirc|git-credentials)\\b",
    "`\\s*env\\s*`",
    "\\bprocess\\.env\\b",
    "\\bos\\.environ\\b",
  ].join("|"),
  "i",
);

/** The first credential the text names, as written; undefined when it names none. */
export function credentialIn(text: string): string | undefined {
  for (const m of text.matchAll(UPPER_NAME)) {
    const name = m[1] ?? m[2]!;
    if (isCredentialName(name, false)) return m[0];
  }
  return CREDENTIAL_WORDS.exec(text)?.[0].trim();
}
