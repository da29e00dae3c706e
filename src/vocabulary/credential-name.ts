// Which environment variable names look like credentials: one rule for the sandbox (such a name
// never reaches a spawned process, and the config may not list it: docs/security.md) and for the
// audit's exfiltration checks (a script reading one, prose naming one: docs/audit.md).

/**
 * Parts of a name that mark a credential, matched case-insensitively anywhere in the name: the value,
 * or a file that holds one (PGPASSFILE, KUBECONFIG, NETRC).
 */
const CREDENTIAL_PARTS = [
  "TOKEN",
  "KEY",
  "SECRET",
  "PASSWORD",
  "PASSWD",
  "PASSPHRASE",
  "PASSFILE",
  "PGPASS",
  "CREDENTIAL",
  "CREDS",
  "KUBECONFIG",
  "NETRC",
];
/** Whole `_`-separated words that mark one (a substring match would refuse GIT_AUTHOR_NAME). */
const CREDENTIAL_WORDS = ["AUTH", "AUTHORIZATION", "COOKIE", "SESSION", "PAT", "BEARER", "JWT", "DSN"];
/** Prefixes whose every variable belongs to the CI system or the app (GitHub Actions sets these). */
const CREDENTIAL_PREFIXES = ["GITHUB_", "ACTIONS_", "RUNNER_", "SKILLOPS_PRIVATE_"];
/** Prefixes of a secret store's client settings: its address and its token (VAULT_ADDR, VAULT_TOKEN). */
const SECRET_STORE_PREFIXES = ["VAULT_"];
/**
 * Words of a data store or a broker: with a `_URL`/`_URI` ending (DATABASE_URL, REDIS_URL) or
 * CONNECTION in the name, the value is a connection string, which carries its user and password.
 */
const STORE_WORDS = [
  "DATABASE",
  "DB",
  "SQL",
  "POSTGRES",
  "POSTGRESQL",
  "PG",
  "MYSQL",
  "MARIADB",
  "MONGO",
  "MONGODB",
  "REDIS",
  "CACHE",
  "AMQP",
  "RABBITMQ",
  "BROKER",
  "CELERY",
  "KAFKA",
  "QUEUE",
  "ELASTICSEARCH",
  "CLICKHOUSE",
  "SMTP",
  "LDAP",
];

function connectionReason(upper: string): string | undefined {
  const words = upper.split("_");
  const url = /_UR[LI]$/.test(upper) && words.some((w) => STORE_WORDS.includes(w));
  if (url || words.includes("CONNECTION"))
    return "it names a connection string, which carries a user and password (scheme://user:password@host)";
  return undefined;
}

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
  const connection = connectionReason(upper);
  if (connection) return connection;
  const store = SECRET_STORE_PREFIXES.find((p) => upper.startsWith(p));
  if (store) return `${store}* variables configure a secret store (its address and its token)`;
  const prefix = runner ? CREDENTIAL_PREFIXES.find((p) => upper.startsWith(p)) : undefined;
  if (prefix) return `${prefix}* variables belong to the CI runner or the app and may carry tokens`;
  return undefined;
}

export function isCredentialName(name: string, runner = true): boolean {
  return credentialReason(name, { runner }) !== undefined;
}
