// `evaluate.env.pass` judged by name and by value (docs/security.md): the credential families a name
// can carry are refused when the config loads, each with its reason, and a listed variable whose
// value is a secret stops the run before anything is spawned, named without its value.
import { describe, expect, it } from "vitest";
import { Config } from "../../src/core/config/config.js";
import { childEnv } from "../../src/core/sandbox/child-env.js";
import { containmentOf } from "../../src/core/sandbox/containment.js";
import { SECRET_FIXTURES } from "../support/secret-fixtures.js";

const refusals = (pass: string[]) => {
  const r = Config.safeParse({ evaluate: { env: { pass } } });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("evaluate.env.pass names", () => {
  it.each([
    ["DATABASE_URL", /connection string, which carries a user and password/],
    ["REDIS_URL", /connection string/],
    ["MONGODB_URI", /connection string/],
    ["PG_CONNECTION", /connection string/],
    ["SENTRY_DSN", /the word DSN/],
    ["BEARER", /the word BEARER/],
    ["JWT", /the word JWT/],
    ["MYAPP_CREDS", /contains CREDS/],
    ["PGPASSFILE", /contains PASSFILE/],
    ["VAULT_ADDR", /VAULT_\* variables configure a secret store/],
    ["KUBECONFIG", /contains KUBECONFIG/],
    ["NETRC", /contains NETRC/],
    ["GPG_PASSPHRASE", /contains PASSPHRASE/],
  ])("refuses %s, with the reason", (name, reason) => {
    const got = refusals([name]);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatch(new RegExp(`may not name ${name}: `));
    expect(got[0]).toMatch(reason);
  });

  it("refuses exactly the credential families in a list that mixes them with ordinary names", () => {
    const ordinary = [
      "PYTHONPATH",
      "JAVA_HOME",
      "HF_ENDPOINT_URL",
      "CUDA_VISIBLE_DEVICES",
      "GIT_AUTHOR_NAME",
    ];
    const refused = refusals([...ordinary, "DATABASE_URL", "VAULT_TOKEN", "KUBECONFIG"]);
    expect(refused.map((m) => /may not name (\w+)/.exec(m)?.[1])).toEqual([
      "DATABASE_URL",
      "VAULT_TOKEN",
      "KUBECONFIG",
    ]);
  });
});

describe("evaluate.env.pass values", () => {
  const settings = (pass: string[]) => Config.parse({ evaluate: { env: { pass } } }).evaluate;

  it.each(SECRET_FIXTURES.map((f) => [f.family, f] as const))(
    "refuses a passed variable holding a %s, naming it and never the value",
    (_, f) => {
      const env = { PATH: "/bin", HF_ENDPOINT_URL: f.text };
      let message = "";
      try {
        containmentOf(settings(["HF_ENDPOINT_URL"]), env);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(
        /^evaluate\.env\.pass names HF_ENDPOINT_URL, whose value looks like a secret \(/,
      );
      expect(message).toContain(f.kind);
      expect(message).not.toContain(f.secret);
    },
  );

  it("passes an ordinary value, and the child never gets a secret value even from a hand-built containment", () => {
    const c = containmentOf(settings(["HF_ENDPOINT_URL"]), { HF_ENDPOINT_URL: "https://hf.example.org" });
    expect(childEnv(c, { home: "/h", tmp: "/t" })).toMatchObject({
      HF_ENDPOINT_URL: "https://hf.example.org",
    });
    const token = SECRET_FIXTURES.find((f) => f.family === "GitHub ghp_")!.secret;
    const handBuilt = { ...c, parentEnv: { HF_ENDPOINT_URL: `https://x.example.org/?t=${token}` } };
    expect(childEnv(handBuilt, { home: "/h", tmp: "/t" })).not.toHaveProperty("HF_ENDPOINT_URL");
  });
});
