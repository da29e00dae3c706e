// Secrets in text by secretlint's recommended rules (@secretlint/secretlint-rule-preset-recommend:
// provider keys, GitHub/GitLab/Slack/npm tokens, private keys, URLs and connection strings with
// credentials). secretlint's engine (@secretlint/core) is asynchronous, but the rules themselves are
// not for plain text, so they run here through secretlint's rule interface (create → file(source) →
// context.report({ range })) synchronously, and the pure layers can redact where untrusted text
// enters. test/vocabulary/secretlint-host.test.ts checks these findings against @secretlint/core's.
import { rules as PRESET_RULES } from "@secretlint/secretlint-rule-preset-recommend";

export interface SecretFinding {
  start: number;
  end: number;
  /** What was found, in words ("GitHub token"): never the secret itself. */
  kind: string;
}

type Translated = { message: string; messageId: string; data?: unknown };
interface RuleContext {
  sharedOptions: Record<string, never>;
  createTranslator(messages: unknown): (messageId: string, data?: unknown) => Translated;
  report(descriptor: { message: Translated; range: readonly [number, number] }): void;
  ignore(descriptor: unknown): void;
}
interface RuleSource {
  content: string;
  contentType: "text";
  ext: string;
  filePath: undefined;
}
interface RuleCreator {
  meta: { id: string };
  create(context: RuleContext, options: Record<string, unknown>): { file?: (source: RuleSource) => unknown };
}

const PREFIX = "@secretlint/secretlint-rule-";
/**
 * The preset's rules we run. Left out: `filter-comments`, which obeys `secretlint-disable` comments
 * in the text itself, so whoever wrote the text could hide a secret from us.
 */
const RULES = (PRESET_RULES as unknown as readonly RuleCreator[]).filter(
  (r) => r.meta.id !== `${PREFIX}filter-comments`,
);
/** AWS access key ids (AKIA…) are off by default in secretlint (noisy in code); here they are secrets. */
const OPTIONS: Record<string, Record<string, unknown>> = { [`${PREFIX}aws`]: { enableIDScanRule: true } };

/** The kind a rule's finding is named by; a message id wins over its rule (AWS reports three kinds). */
const KINDS: Record<string, string> = {
  AWSAccessKeyID: "AWS access key ID",
  AWSSecretAccessKey: "AWS secret access key",
  AWSAccountID: "AWS account ID",
  IncomingWebhook: "Slack webhook URL",
  gcp: "GCP service account key",
  privatekey: "private key",
  npm: "npm token",
  basicauth: "URL with credentials",
  slack: "Slack token",
  sendgrid: "SendGrid API key",
  shopify: "Shopify token",
  stripe: "Stripe key",
  github: "GitHub token",
  gitlab: "GitLab token",
  grafana: "Grafana token",
  openai: "OpenAI API key",
  anthropic: "Anthropic API key",
  groq: "Groq API key",
  huggingface: "Hugging Face token",
  linear: "Linear API key",
  notion: "Notion token",
  "1password": "1Password token",
  "database-connection-string": "database connection string",
  "hashicorp-vault": "Vault token",
  vercel: "Vercel token",
  databricks: "Databricks token",
  docker: "Docker token",
  figma: "Figma token",
  cloudflare: "Cloudflare token",
  tailscale: "Tailscale key",
};

function kindOf(ruleId: string, messageId: string): string {
  const short = ruleId.startsWith(PREFIX) ? ruleId.slice(PREFIX.length) : ruleId;
  return KINDS[messageId] ?? KINDS[short] ?? `${short} secret`;
}

/**
 * Every secret secretlint's recommended rules find in `text`. A rule's own message quotes the secret,
 * so it is never formatted: only the range and the rule's kind are kept.
 */
export function secretlintFindings(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  const source: RuleSource = { content: text, contentType: "text", ext: "", filePath: undefined };
  for (const rule of RULES) {
    const context: RuleContext = {
      sharedOptions: {},
      createTranslator: () => (messageId) => ({ message: "", messageId }),
      report: ({ message, range }) =>
        found.push({ start: range[0], end: range[1], kind: kindOf(rule.meta.id, message.messageId) }),
      ignore: () => {},
    };
    // A rule that answers with a promise reads a file by path (GCP's .p12 check): never for our text.
    void rule.create(context, OPTIONS[rule.meta.id] ?? {}).file?.(source);
  }
  return found;
}
