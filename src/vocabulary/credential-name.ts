// Which environment variable names look like credentials: one rule for the sandbox (such a name
// never reaches a spawned process, and the config may not list it: docs/security.md) and for the
// audit's exfiltration checks (a script reading one, prose naming one: docs/audit.md).

/** Parts of a name that mark a credential, matched case-insensitively anywhere in the name. */
const CREDENTIAL_PARTS = ["TOKEN", "KEY", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL"];
/** Whole `_`-separated words that mark one (a substring match would refuse GIT_AUTHOR_NAME). */
const CREDENTIAL_WORDS = ["AUTH", "AUTHORIZATION", "COOKIE", "SESSION", "PAT"];
/** Prefixes whose every variable belongs to the CI system or the app (GitHub Actions sets these). */
const CREDENTIAL_PREFIXES = ["GITHUB_", "ACTIONS_", "RUNNER_", "SKILLOPS_PRIVATE_"];

/**
 * Why `name` looks like a credential, or undefined. `runner: false` leaves out the CI runner's and the
 * app's own prefixes (prose may name GITHUB_REPOSITORY freely; a script reading it is another matter).
 */
export function credentialReason(
  name: string,
  { apiKeyEnv, runner = true }: { apiKeyEnv?: string; runner?: boolean } = {},
): string | undefined {
  const upper = name.toUpperCase();
  if (apiKeyEnv !== undefined && name === apiKeyEnv) return "it holds the model API key (models.apiKeyEnv)";
  const part = CREDENTIAL_PARTS.find((p) => upper.includes(p));
  if (part) return `its name contains ${part}, so it looks like a credential`;
  const word = upper.split("_").find((w) => CREDENTIAL_WORDS.includes(w));
  if (word) return `its name contains the word ${word}, so it looks like a credential`;
  const prefix = runner ? CREDENTIAL_PREFIXES.find((p) => upper.startsWith(p)) : undefined;
  if (prefix) return `${prefix}* variables belong to the CI runner or the app and may carry tokens`;
  return undefined;
}

export function isCredentialName(name: string, runner = true): boolean {
  return credentialReason(name, { runner }) !== undefined;
}
