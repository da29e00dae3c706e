// The bubblewrap command line that runs one spawned tree contained (docs/security.md): its own
// user, PID, network, IPC and UTS namespaces; the host's files read-only, with HOME, /tmp and /run
// replaced by empty private folders; the folders the tree works in bound back (writable or not); no
// network but a loopback, onto which the model proxy is bridged for agents; resource limits by
// prlimit. Pure: the host's layout comes in, the argument array goes out.
import { dirname, isAbsolute, relative, sep } from "node:path";
import type { ProcessLimits } from "./containment.js";

/** What one spawned tree may see besides the read-only host. */
export interface SandboxView {
  /** Folders (or files) bound read-write at the same path. */
  writable: readonly string[];
  /** Folders (or files) bound read-only at the same path, after the writable ones (so they win). */
  readOnly: readonly string[];
  cwd?: string | undefined;
  /** Existing host paths covered by an empty folder, e.g. the working folder's .git. */
  hidden?: readonly string[] | undefined;
  /** The model proxy: its socket on the host, bridged to 127.0.0.1:port inside. */
  proxy?: { socket: string; port: number } | undefined;
}

/** The host facts the command line depends on (host-layout.ts reads them). */
export interface HostLayout {
  bwrap: string;
  prlimit: string;
  /** The folder of the invoking user; hidden inside, except the tool folders PATH needs. */
  home?: string | undefined;
  /** The PATH the tree gets. */
  path: readonly string[];
  /** This Node.js binary, which runs the proxy bridge. */
  node: string;
  /** The bridge script (proxy-bridge.mjs). */
  bridge: string;
  /** Device nodes passed through, e.g. /dev/nvidia0 on a GPU runner. */
  devices: readonly string[];
}

/** Inside the sandbox: the private home and temporary folder every tree gets. */
export const SANDBOX_TMP = "/tmp";
export const SANDBOX_HOME = "/tmp/.home";

/** Folders under HOME that hold credentials; never bound back even when PATH points into them. */
const CREDENTIAL_DIRS = new Set([
  ".ssh",
  ".aws",
  ".azure",
  ".config",
  ".gnupg",
  ".docker",
  ".kube",
  ".netrc",
]);
/** Host folders replaced by empty ones: temporary files, sockets (docker.sock), the user's home. */
const HIDDEN_ROOTS = ["/tmp", "/var/tmp", "/run", "/dev/shm"];

const within = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/**
 * The host folder a PATH entry needs inside: under HOME its first folder there (e.g. ~/.pyenv, whose
 * shims run its libexec), never a credential folder; elsewhere the entry itself (a folder under /tmp
 * stays a folder of programs). Entries outside the hidden roots are visible already.
 */
function toolRoot(entry: string, home: string | undefined): string | undefined {
  if (!isAbsolute(entry)) return undefined;
  if (!home || !within(entry, home)) return entry;
  if (entry === home) return undefined;
  const first = relative(home, entry).split(sep)[0]!;
  return CREDENTIAL_DIRS.has(first) ? undefined : `${home}/${first}`;
}

function hiddenUnder(path: string, host: HostLayout): boolean {
  const roots = host.home ? [...HIDDEN_ROOTS, host.home] : HIDDEN_ROOTS;
  return roots.some((r) => within(path, r));
}

/**
 * The hidden host paths bound back read-only so programs still start: the folders PATH names, this
 * Node.js and the bridge, the program itself and its working folder. Never another argument: a
 * case-supplied command could name ~/.ssh/id_rsa as one.
 */
function readBack(argv: readonly string[], view: SandboxView, host: HostLayout): string[] {
  const tools = [...host.path, dirname(host.node)].map((p) => toolRoot(p, host.home));
  const program = argv[0] !== undefined && isAbsolute(argv[0]) ? [argv[0]] : [];
  const named = [...program, ...(view.cwd ? [view.cwd] : [])];
  const needed = [...tools, host.node, host.bridge, ...named].filter((p): p is string => p !== undefined);
  const writable = view.writable;
  return [...new Set(needed)].filter((p) => hiddenUnder(p, host) && !writable.some((w) => within(p, w)));
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
  const out = [host.bwrap, "--unshare-user", "--unshare-pid", "--unshare-net", "--unshare-ipc"];
  out.push("--unshare-uts", "--unshare-cgroup-try", "--die-with-parent", "--new-session");
  out.push("--ro-bind", "/", "/", "--proc", "/proc", "--dev", "/dev");
  for (const d of host.devices) out.push("--dev-bind", d, d);
  for (const r of HIDDEN_ROOTS) out.push("--tmpfs", r);
  if (host.home && host.home !== "/") out.push("--tmpfs", host.home);
  for (const p of readBack(argv, view, host)) out.push("--ro-bind-try", p, p);
  for (const h of view.hidden ?? []) out.push("--tmpfs", h);
  for (const w of view.writable) out.push("--bind", w, w);
  for (const r of view.readOnly) out.push("--ro-bind", r, r);
  if (view.proxy) out.push("--ro-bind", dirname(view.proxy.socket), dirname(view.proxy.socket));
  out.push("--dir", SANDBOX_HOME);
  if (view.cwd) out.push("--chdir", view.cwd);
  out.push("--", ...limitArgs(host, limits));
  if (view.proxy) out.push(host.node, host.bridge, view.proxy.socket, String(view.proxy.port), "--");
  return [...out, ...argv];
}
