// `evaluate.env.pass` judged by value as well as by name (docs/security.md): a listed variable whose
// value the secret rules recognise (a token, a key, a URL with a password) stops the run before the
// first program starts. The reason names the variable and the kind, never the value.
import { secretKinds } from "../../vocabulary/redact-secrets.js";

/** Why each passed variable may not pass, by its value; empty when none holds a secret. */
export function passedSecretProblems(
  pass: readonly string[],
  parentEnv: Readonly<Record<string, string | undefined>>,
): string[] {
  return pass.flatMap((name) => {
    const kinds = secretKinds(parentEnv[name] ?? "");
    if (kinds.length === 0) return [];
    return [
      `evaluate.env.pass names ${name}, whose value looks like a secret (${kinds.join(", ")}); credentials never reach a spawned process: unset it or leave it out of evaluate.env.pass (docs/security.md)`,
    ];
  });
}
