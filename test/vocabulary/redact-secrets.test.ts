// The one redaction step (docs/security.md "Secrets in untrusted text"): each family of secret is
// replaced by `[redacted: <kind>]` and reported by kind, prose and placeholders are left alone, and
// the rules secretlint runs find, through our synchronous host, exactly what secretlint's own engine
// finds.
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { describe, expect, it } from "vitest";
import { secretlintFindings } from "../../src/vocabulary/secretlint-host.js";
import { findSecrets, redactDeep, redactSecrets } from "../../src/vocabulary/redact-secrets.js";
import { ALL_SECRETS_TEXT, SECRET_FIXTURES } from "../support/secret-fixtures.js";

describe("redactSecrets", () => {
  it.each(SECRET_FIXTURES.map((f) => [f.family, f] as const))("replaces a %s and names its kind", (_, f) => {
    const r = redactSecrets(`the log said: ${f.text} (end)`);
    expect(r.value).not.toContain(f.secret);
    expect(r.value).toContain(`[redacted: ${f.kind}]`);
    expect(r.value).toMatch(/^the log said: /);
    expect(r.value).toMatch(/ \(end\)$/);
    expect(r.kinds).toContain(f.kind);
  });

  it("leaves prose, placeholders and figures alone", () => {
    for (const text of [
      "Use a bearer token for authentication, and rotate the API key monthly.",
      "max_tokens: 100000",
      "password: ${DB_PASSWORD}",
      "api_key: <your key here>",
      "See https://example.com/docs?page=2 and git@github.com:org/repo.git",
      "token: abc",
    ])
      expect(redactSecrets(text)).toEqual({ value: text, kinds: [] });
  });

  it("is idempotent: a redacted text holds nothing more to redact", () => {
    const once = redactSecrets(ALL_SECRETS_TEXT);
    expect(redactSecrets(once.value)).toEqual({ value: once.value, kinds: [] });
  });

  it("redacts every string inside plain data and keeps the rest", () => {
    const token = SECRET_FIXTURES.find((f) => f.family === "GitHub ghs_")!.secret;
    const r = redactDeep({ n: 3, ok: true, list: ["plain", `x ${token}`], nested: { s: token } });
    expect(r.value).toEqual({
      n: 3,
      ok: true,
      list: ["plain", "x [redacted: GitHub token]"],
      nested: { s: "[redacted: GitHub token]" },
    });
    expect(r.kinds).toEqual(["GitHub token"]);
  });
});

describe("secretlint's rules, run synchronously", () => {
  it("find the same ranges as secretlint's own engine", async () => {
    const text = ALL_SECRETS_TEXT;
    const result = await lintSource({
      source: { content: text, filePath: "/untrusted.txt", contentType: "text" },
      options: {
        config: {
          rules: [
            {
              id: "@secretlint/secretlint-rule-preset-recommend",
              rule: recommended,
              rules: [{ id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } }],
            },
          ],
        },
      },
    });
    const ranges = (xs: { range: readonly number[] }[]) => xs.map((x) => x.range.join("-")).sort();
    const ours = secretlintFindings(text).map((f) => ({ range: [f.start, f.end] }));
    expect(ranges(ours)).toEqual(ranges(result.messages));
    expect(ours.length).toBeGreaterThan(10);
  });

  it("ignore a secretlint-disable comment in the text: its author does not choose what is hidden", () => {
    const token = SECRET_FIXTURES.find((f) => f.family === "GitHub ghp_")!.secret;
    const text = `// secretlint-disable\n${token}\n// secretlint-enable-line`;
    expect(findSecrets(text).map((f) => f.kind)).toEqual(["GitHub token"]);
  });
});
