// The bubblewrap command line that runs one spawned tree contained (docs/security.md): its own
// user, PID, network, IPC and UTS namespaces, no capability and an unprivileged uid inside whatever
// uid skillops runs as, no further user namespace; an explicit read-only view of the host
// (host-view.ts) on an empty root that is itself read-only; size-capped private /tmp (holding HOME)
// and /dev/shm; the folders the tree works in bound back (writable or not); no network but a
// loopback, onto which the model proxy is bridged for agents; resource limits by prlimit. Pure: the
// host's layout comes in, the argument array goes out.
import { dirname } from "node:path";
import type { ProcessLimits } from "./containment.js";
import { sysParts, toolBinds, type HostFacts } from "./host-view.js";

/** What one spawned tree may see besides the system folders. */
export interface SandboxView {
  /** Folders (or files) bound read-write at the same path. */
  writable: readonly string[];
  /** Folders (or files) bound read-only at the same path, after the writable ones (so they win). */
  readOnly: readonly string[];
  cwd?: string | undefined;
  /** Existing host paths covered by an empty read-only folder, e.g. the working folder's .git. */
  hidden?: readonly string[] | undefined;
  /** What the program needs besides itself (program-needs.ts): its package folder, its venv. */
  program?: readonly string[] | undefined;
  /** The model proxy: its socket on the host, bridged to 127.0.0.1:port inside. */
  proxy?: { socket: string; port: number } | undefined;
}

/** The host facts the command line depends on (host-layout.ts reads them). */
export interface HostLayout extends HostFacts {
  bwrap: string;
  prlimit: string;
}

/** Inside the sandbox: the private home and temporary folder every tree gets. */
export const SANDBOX_TMP = "/tmp";
export const SANDBOX_HOME = "/tmp/.home";
/** The uid and gid inside (nobody): never root, whatever uid skillops runs as. */
export const SANDBOX_UID = 65534;

const NAMESPACES = ["--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc", "--unshare-uts"];

/** Kernel knobs in /proc that root may write without a capability, bound read-only. */
const PROC_COVERS = ["/proc/sys", "/proc/sysrq-trigger"];

/** No capability, an unprivileged user, no new user namespace; bwrap itself sets no_new_privs. */
function authority(): string[] {
  const id = String(SANDBOX_UID);
  return ["--uid", id, "--gid", id, "--cap-drop", "ALL", "--disable-userns"];
}

/** The system folders (symlinks made the same), /etc with its secrets covered, /proc, /dev, /sys. */
function systemMounts(host: HostLayout): string[] {
  const out: string[] = [];
  for (const s of host.system)
    out.push(...(s.link ? ["--symlink", s.link, s.path] : ["--ro-bind", s.path, s.path]));
  for (const e of host.etcSecrets)
    out.push(
      ...(e.folder ? ["--tmpfs", e.path, "--remount-ro", e.path] : ["--ro-bind", "/dev/null", e.path]),
    );
  // The sandbox's uid is the host's own: as root, /proc/sys would let it set the host's sysctls.
  out.push("--proc", "/proc", ...PROC_COVERS.flatMap((p) => ["--ro-bind-try", p, p]), "--dev", "/dev");
  for (const d of host.devices) out.push("--dev-bind", d, d);
  for (const p of sysParts(host)) out.push("--ro-bind-try", p, p);
  return out;
}

/** /tmp (HOME inside it) and /dev/shm: private, each capped at evaluate.limits.tmpMb; /var/tmp is /tmp. */
function privateMounts(limits: ProcessLimits): string[] {
  const size = String(limits.tmpMb * 1024 * 1024);
  return [
    ...["--size", size, "--tmpfs", SANDBOX_TMP, "--size", size, "--tmpfs", "/dev/shm"],
    ...["--symlink", SANDBOX_TMP, "/var/tmp"],
  ];
}

function limitArgs(host: HostLayout, limits: ProcessLimits): string[] {
  return [
    host.prlimit,
    `--cpu=${limits.cpuSeconds}`,
    `--data=${limits.memoryMb * 1024 * 1024}`,
    `--nproc=${limits.processes}`,
    "--",
  ];
}

/** The whole argument array: bwrap, its mounts, prlimit, the bridge when the tree talks to the model, then argv. */
export function bwrapArgv(
  argv: readonly string[],
  view: SandboxView,
  limits: ProcessLimits,
  host: HostLayout,
): string[] {
  const out = [host.bwrap, ...NAMESPACES, ...authority()];
  out.push("--unshare-cgroup-try", "--die-with-parent", "--new-session");
  out.push(...systemMounts(host), ...privateMounts(limits));
  for (const p of toolBinds(argv, view, host)) out.push("--ro-bind-try", p, p);
  for (const h of view.hidden ?? []) out.push("--tmpfs", h, "--remount-ro", h);
  for (const w of view.writable) out.push("--bind", w, w);
  for (const r of view.readOnly) out.push("--ro-bind", r, r);
  if (view.proxy) out.push("--ro-bind", dirname(view.proxy.socket), dirname(view.proxy.socket));
  // The empty root and /dev become read-only once every mount point is made: nothing to fill there.
  out.push("--dir", SANDBOX_HOME, "--remount-ro", "/dev", "--remount-ro", "/");
  if (view.cwd) out.push("--chdir", view.cwd);
  out.push("--", ...limitArgs(host, limits));
  if (view.proxy) out.push(host.node, host.bridge, view.proxy.socket, String(view.proxy.port), "--");
  return [...out, ...argv];
}
