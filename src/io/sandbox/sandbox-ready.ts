// Whether bubblewrap works here, asked once per process by running a tiny program inside a sandbox
// built exactly as a real one is: it prints its /proc/self/status, and the sandbox counts as working
// only when that shows no capability (CapEff 0), no_new_privs and an unprivileged uid. With
// `evaluate.sandbox: bwrap` and no such sandbox a run stops before its first execution and says why
// (docs/security.md, docs/install.md).
import { spawn } from "node:child_process";
import { SystemicError } from "../../core/llm/model.js";
import { bwrapArgv, SANDBOX_UID, type HostLayout } from "../../core/sandbox/bwrap-argv.js";
import { DEFAULT_LIMITS, type Containment } from "../../core/sandbox/containment.js";
import { readHostLayout } from "./host-layout.js";

const INSTALL =
  "Install bubblewrap 0.8.0 or later (Debian/Ubuntu: sudo apt-get install bubblewrap; on Ubuntu 24.04 also run " +
  "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 so it may create user namespaces)";

export class SandboxUnavailableError extends SystemicError {
  override name = "SandboxUnavailableError";
  constructor(why: string) {
    super(
      `evaluate.sandbox is "bwrap" but bubblewrap cannot run here: ${why}. ${INSTALL}, ` +
        "or set evaluate.sandbox: none in .github/skillops.yml to run model-written code unsandboxed (docs/security.md).",
      "config",
    );
  }
}

const probes = new Map<string, Promise<HostLayout | string>>();

/** Prints the status of the process the sandbox runs (this Node.js is bound inside every sandbox). */
const STATUS_PROGRAM = "process.stdout.write(require('node:fs').readFileSync('/proc/self/status', 'utf8'))";

/** Why the status a sandboxed program printed shows authority it must not have, or undefined. */
export function authorityProblem(status: string): string | undefined {
  const field = (name: string) => new RegExp(`^${name}:\\s*(.+)$`, "m").exec(status)?.[1]?.trim();
  const capEff = field("CapEff");
  const uid = field("Uid")?.split(/\s+/);
  if (capEff === undefined)
    return `a test sandbox printed no CapEff line (${JSON.stringify(status.slice(0, 200))})`;
  if (!/^0+$/.test(capEff))
    return `a test sandbox kept capabilities (CapEff ${capEff}), so it is not capability-free (bubblewrap 0.8.0 or later drops them)`;
  if (field("NoNewPrivs") !== "1") return "a test sandbox ran without no_new_privs";
  if (!uid || uid.some((u) => u !== String(SANDBOX_UID)))
    return `a test sandbox ran as uid ${uid?.join("/") ?? "(unknown)"}, not the unprivileged ${SANDBOX_UID}`;
  return undefined;
}

/** Names an old bubblewrap when it refused one of our options, else the tail of what it said. */
function exitProblem(code: number | null, err: string): string {
  const unknown = /Unknown option (\S+)/.exec(err)?.[1];
  if (unknown)
    return `this bubblewrap does not know ${unknown} (bubblewrap 0.8.0 or later is needed for --disable-userns and --size)`;
  return `a test sandbox exited ${code}: ${err.trim() || "(no message)"}`;
}

function runProbe(layout: HostLayout): Promise<string | undefined> {
  const argv = bwrapArgv(
    [layout.node, "-e", STATUS_PROGRAM],
    { writable: [], readOnly: [] },
    DEFAULT_LIMITS,
    layout,
  );
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), {
      stdio: ["ignore", "pipe", "pipe"],
      env: { PATH: layout.path.join(":") },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out = (out + d.toString("utf8")).slice(-20_000)));
    child.stderr.on("data", (d: Buffer) => (err = (err + d.toString("utf8")).slice(-2000)));
    child.on("error", (e) => resolve(e.message));
    child.on("close", (code) => resolve(code === 0 ? authorityProblem(out) : exitProblem(code, err)));
  });
}

/** The host layout when a sandbox built as a real one runs capability-free, else why not. */
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
