// Synthetic secrets, one per family the redaction step covers (docs/security.md "Secrets in untrusted
// text"). None is real: each is built from a fixed pattern of characters, and every prefix is split
// by concatenation so no scanner (GitHub push protection included) takes this file for a leak.

/** `n` characters cycling through a mixed alphabet from `offset`: varied enough to pass entropy checks. */
export function fakeBody(n: number, offset = 0): string {
  const alphabet = "aB3dE5gH7jK9mN1pQ2sT4vW6yZ8cF0hL";
  return Array.from({ length: n }, (_, i) => alphabet[(i * 7 + offset) % alphabet.length]).join("");
}

const pem = (label: string, offset: number) =>
  [
    `-----BEGIN ${label}` + " PRIVATE KEY-----",
    "MII" + fakeBody(61, offset),
    fakeBody(64, offset + 1),
    fakeBody(40, offset + 2) + "==",
    `-----END ${label}` + " PRIVATE KEY-----",
  ].join("\n");

export interface SecretFixture {
  family: string;
  /** The text as it would appear (a line of a log, a header, a config line). */
  text: string;
  /** The secret itself: what must appear nowhere after redaction. */
  secret: string;
  /** The kind the redaction names. */
  kind: string;
}

const fixture = (family: string, kind: string, secret: string, around = (s: string) => s): SecretFixture => ({
  family,
  kind,
  secret,
  text: around(secret),
});

export const SECRET_FIXTURES: readonly SecretFixture[] = [
  fixture("OpenAI key", "OpenAI API key", "sk" + "-proj-" + fakeBody(48, 1)),
  fixture("Anthropic key", "Anthropic API key", "sk" + "-ant-api03-" + fakeBody(93, 2) + "AA"),
  fixture("AWS access key id", "AWS access key ID", "AK" + "IA" + "QZ7RX2M4TN6WB8YD"),
  fixture(
    "AWS secret access key",
    "AWS secret access key",
    fakeBody(40, 3),
    (s) => "aws_secret_access_key = " + s,
  ),
  fixture("GCP API key", "Google API key", "AI" + "za" + fakeBody(35, 4)),
  fixture("Slack token", "Slack token", "xo" + "xb-" + "123456789012-" + "210987654321-" + fakeBody(24, 5)),
  fixture("Stripe key", "Stripe key", "sk" + "_live_" + fakeBody(30, 6)),
  fixture("npm token", "npm token", "np" + "m_" + fakeBody(36, 7)),
  fixture("GitHub ghp_", "GitHub token", "gh" + "p_" + fakeBody(36, 8)),
  fixture("GitHub ghs_", "GitHub token", "gh" + "s_" + fakeBody(36, 9)),
  fixture("GitHub gho_", "GitHub token", "gh" + "o_" + fakeBody(36, 10)),
  fixture("GitHub ghu_", "GitHub token", "gh" + "u_" + fakeBody(36, 11)),
  fixture("GitHub github_pat_", "GitHub token", "github" + "_pat_" + fakeBody(82, 12)),
  fixture("private key (RSA PEM)", "private key", pem("RSA", 13)),
  fixture("private key (encrypted PEM)", "private key", pem("ENCRYPTED", 14)),
  fixture(
    "URL with credentials",
    "URL with credentials",
    "deploy:" + fakeBody(14, 15),
    (s) => "https://" + s + "@git.example.org/team/repo.git",
  ),
  fixture(
    "database URL",
    "URL with credentials",
    ":" + fakeBody(18, 16),
    (s) => "redis://" + s + "@cache.internal:6379/0",
  ),
  fixture(
    "JSON Web Token",
    "JSON Web Token",
    "ey" + "J" + fakeBody(20, 17) + ".ey" + "J" + fakeBody(40, 18) + "." + fakeBody(30, 19),
  ),
  fixture(
    "Authorization: Bearer",
    "Authorization header",
    fakeBody(32, 20),
    (s) => "Authorization: Bearer " + s,
  ),
  fixture(
    "Authorization: Basic",
    "Authorization header",
    fakeBody(28, 21),
    (s) => "Authorization: Basic " + s,
  ),
  fixture("password assignment", "secret assignment", "Tr0ub4dor&3x", (s) => "password=" + s),
  fixture("api_key assignment", "secret assignment", fakeBody(32, 22), (s) => "api_key: " + s),
];

/** Every fixture's text, one per line, with ordinary words between them. */
export const ALL_SECRETS_TEXT = SECRET_FIXTURES.map((f) => `${f.family}: ${f.text}`).join("\n");
