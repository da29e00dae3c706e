// doctor's bubblewrap check: found on PATH, version 0.8.0 or later, and the readiness probe a run
// makes before its first execution (io/sandbox/sandbox-ready.ts) passes.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Containment } from "../../core/sandbox/containment.js";
import { findOnPath, DEFAULT_PATH } from "../../io/sandbox/host-layout.js";
import { probeSandbox } from "../../io/sandbox/sandbox-ready.js";
import { parseVersion, versionBelow } from "../../io/runners/agent-preset.js";
import type { DoctorCheck } from "./doctor-check.js";

const MIN: readonly [number, number, number] = [0, 8, 0];
const INSTALL =
  "install bubblewrap 0.8.0 or later (Debian/Ubuntu: sudo apt-get install bubblewrap; Ubuntu 24.04 also: sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0), or set evaluate.sandbox: none (docs/security.md)";

export async function checkBubblewrap(c: Containment): Promise<DoctorCheck> {
  const check = "bubblewrap";
  if (c.sandbox === "none")
    return {
      check,
      status: "warn",
      detail: "evaluate.sandbox is none: model-written code runs unsandboxed",
      fix: "set evaluate.sandbox: bwrap (docs/security.md)",
    };
  const bwrap = await findOnPath("bwrap", c.parentEnv.PATH ?? DEFAULT_PATH);
  if (!bwrap) return { check, status: "fail", detail: "bwrap is not on PATH", fix: INSTALL };
  const out = await promisify(execFile)(bwrap, ["--version"], { timeout: 10_000 }).then(
    (r) => r.stdout,
    (e: Error) => e.message,
  );
  const v = parseVersion(out);
  if (!v) return { check, status: "fail", detail: `${bwrap} --version printed no version`, fix: INSTALL };
  if (versionBelow(v, MIN))
    return {
      check,
      status: "fail",
      detail: `${bwrap} is version ${v.join(".")}, older than 0.8.0`,
      fix: INSTALL,
    };
  const probe = await probeSandbox(c.parentEnv);
  if (typeof probe === "string") return { check, status: "fail", detail: probe, fix: INSTALL };
  return { check, status: "ok", detail: `${bwrap} ${v.join(".")}; a test sandbox ran capability-free` };
}
