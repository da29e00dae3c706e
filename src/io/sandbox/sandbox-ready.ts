// Whether bubblewrap works here, asked once per process by running `true` inside a sandbox built
// exactly as a real one is. With `evaluate.sandbox: bwrap` and no working bubblewrap a run stops
// before its first execution and says how to install it (docs/security.md, docs/install.md).
import { spawn } from "node:child_process";
import { SystemicError } from "../../core/llm/model.js";
import { bwrapArgv, type HostLayout } from "../../core/sandbox/bwrap-argv.js";
import { DEFAULT_LIMITS, type Containment } from "../../core/sandbox/containment.js";
import { readHostLayout } from "./host-layout.js";

export class SandboxUnavailableError extends SystemicError {
  override name = "SandboxUnavailableError";
  constructor(why: string) {
    super(
      `evaluate.sandbox is "bwrap" but bubblewrap cannot run here: ${why}. Install it ` +
        "(Debian/Ubuntu: sudo apt-get install bubblewrap; on Ubuntu 24.04 also run " +
        "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 so it may create user namespaces), " +
        "or set evaluate.sandbox: none in .github/skillops.yml to run model-written code unsandboxed (docs/security.md).",
      "config",
    );
  }
}

const probes = new Map<string, Promise<HostLayout | string>>();

function runProbe(layout: HostLayout): Promise<string | undefined> {
  // prlimit itself is the one program sure to be there: the probe does not depend on the PATH.
  const argv = bwrapArgv(
    [layout.prlimit, "--version"],
    { writable: [], readOnly: [] },
    DEFAULT_LIMITS,
    layout,
  );
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), {
      stdio: ["ignore", "ignore", "pipe"],
      env: { PATH: layout.path.join(":") },
    });
    let err = "";
    child.stderr.on("data", (d: Buffer) => (err = (err + d.toString("utf8")).slice(-2000)));
    child.on("error", (e) => resolve(e.message));
    child.on("close", (code) =>
      resolve(code === 0 ? undefined : `a test sandbox exited ${code}: ${err.trim() || "(no message)"}`),
    );
  });
}

/** The host layout when a sandbox built as a real one runs `prlimit --version`, else why not. */
export async function probeSandbox(env: Containment["parentEnv"]): Promise<HostLayout | string> {
  const layout = await readHostLayout(env);
  if (Array.isArray(layout)) return `${layout.join(" and ")} not found on PATH`;
  return (await runProbe(layout)) ?? layout;
}

/** The host layout of a working sandbox; throws SandboxUnavailableError otherwise. Cached per PATH and HOME. */
export async function sandboxHost(c: Containment): Promise<HostLayout> {
  const key = `${c.parentEnv.PATH ?? ""}\0${c.parentEnv.HOME ?? ""}`;
  let found = probes.get(key);
  if (!found) probes.set(key, (found = probeSandbox(c.parentEnv)));
  const r = await found;
  if (typeof r === "string") throw new SandboxUnavailableError(r);
  return r;
}

/** Stops a run before its first execution when its sandbox cannot work; nothing to check with `none`. */
export async function assertSandboxReady(c: Containment): Promise<void> {
  if (c.sandbox === "bwrap") await sandboxHost(c);
}
