// The environment of every spawned process: built from an allowlist, never copied from ours, so no
// credential of the team (the model key, GITHUB_TOKEN, …) reaches code a model or a case supplied.
import { isCredentialName } from "../../vocabulary/credential-name.js";
import { secretKinds } from "../../vocabulary/redact-secrets.js";
import type { Containment } from "./containment.js";

/** Always passed when set: what programs need to find things and print text. */
const BASE_NAMES = ["PATH", "LANG", "LANGUAGE", "TZ", "TERM"];
const isLocale = (name: string) => name.startsWith("LC_");

/**
 * The child's variables: the allowlist and `evaluate.env.pass` read from the parent, a private HOME
 * and TMPDIR, then `own` (what skillops itself gives the program, e.g. the proxy's URL and per-run
 * token). A credential-like name never passes from the parent, even when listed, nor a listed
 * variable whose value is a secret.
 */
export function childEnv(
  c: Containment,
  dirs: { home: string; tmp: string },
  own: Readonly<Record<string, string>> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(c.parentEnv)) {
    if (value === undefined || isCredentialName(name)) continue;
    if (c.pass.includes(name) && secretKinds(value).length) continue; // containmentOf refuses it first
    if (BASE_NAMES.includes(name) || isLocale(name) || c.pass.includes(name)) out[name] = value;
  }
  return { ...out, HOME: dirs.home, TMPDIR: dirs.tmp, ...own };
}
