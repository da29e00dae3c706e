// Which host paths a sandboxed tree sees, read-only (docs/security.md, "What it sees"): an explicit
// list, never the whole root. The system folders programs need, /etc with what others may not read
// covered, the parts of /sys that CPU (or, with GPU devices passed, GPU) libraries read, the tool
// folders PATH names, this Node.js, the program and what it needs, and its working folder. Nothing
// of /var, /srv, /home, /root, /mnt, /media or /run, so no host socket there is reachable. Pure.
import { dirname, isAbsolute, relative, sep } from "node:path";

/** A system folder present on the host; `link` is set when it is a symlink (e.g. /bin → usr/bin). */
export interface SystemFolder {
  path: string;
  link?: string | undefined;
}

/** A path under /etc that others may not read on the host (shadow, sudoers, ssh host keys, …). */
export interface EtcSecret {
  path: string;
  folder: boolean;
}

/** The host facts the view depends on (host-layout.ts reads them). */
export interface HostFacts {
  /** The folder of the invoking user; never bound, except the tool folders PATH needs. */
  home?: string | undefined;
  /** The PATH the tree gets. */
  path: readonly string[];
  /** This Node.js binary, which runs the proxy bridge. */
  node: string;
  /** The bridge script (proxy-bridge.mjs). */
  bridge: string;
  /** Device nodes passed through, e.g. /dev/nvidia0 on a GPU runner. */
  devices: readonly string[];
  /** The folders of SYSTEM_FOLDERS present on the host. */
  system: readonly SystemFolder[];
  /** What under /etc is covered inside. */
  etcSecrets: readonly EtcSecret[];
  /** Install prefixes: parents of PATH's bin folders with a lib folder beside (e.g. a setup-python). */
  prefixes: readonly string[];
}

/** The folders programs need from the host, bound read-only where present. */
export const SYSTEM_FOLDERS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"];

/** Without GPU devices: what CPU libraries (torch, OpenMP, libuv) read to size themselves. */
const CPU_SYS = ["/sys/devices/system/cpu", "/sys/devices/system/node", "/sys/fs/cgroup"];

/** Folders under HOME that hold credentials; never bound, even when PATH or a program points into them. */
export const CREDENTIAL_DIRS = new Set([
  ".ssh",
  ".aws",
  ".azure",
  ".config",
  ".gnupg",
  ".docker",
  ".kube",
  ".netrc",
  ".npmrc",
  ".pypirc",
  ".git-credentials",
]);

/** Folders never bound whole: binding one would show what the explicit list leaves out (sockets included). */
const TOO_BROAD = ["/", "/tmp", "/var", "/var/tmp", "/var/lib", "/run", "/var/run", "/home", "/root"];
const ALSO_BROAD = ["/mnt", "/media", "/srv", "/opt", "/dev", "/dev/shm", "/proc", "/sys"];

export const within = (path: string, root: string): boolean => {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

/** The home folder a path lies in: HOME, /root, or a folder of /home (HOME may be another user's). */
function homeOf(path: string, home: string | undefined): string | undefined {
  if (home && within(path, home)) return home;
  if (within(path, "/root")) return "/root";
  const first = within(path, "/home") ? relative("/home", path).split(sep)[0] : undefined;
  return first ? `/home/${first}` : undefined;
}

/**
 * The host folder a PATH entry needs inside: under HOME its first folder there (e.g. ~/.pyenv, whose
 * shims run its libexec); the node_modules folder a node_modules/.bin entry's symlinks point into;
 * the install prefix of a bin folder with lib beside it; else the entry itself.
 */
export function toolRoot(entry: string, host: Pick<HostFacts, "home" | "prefixes">): string | undefined {
  if (!isAbsolute(entry)) return undefined;
  const home = homeOf(entry, host.home);
  if (home) {
    if (entry === home) return undefined;
    return `${home}/${relative(home, entry).split(sep)[0]!}`;
  }
  if (entry.endsWith(`${sep}node_modules${sep}.bin`)) return dirname(entry);
  return host.prefixes.includes(dirname(entry)) ? dirname(entry) : entry;
}

/** Whether a path may be bound: not a credential folder under HOME, not a folder that shows too much. */
export function bindable(path: string, home: string | undefined): boolean {
  if (!isAbsolute(path) || [...TOO_BROAD, ...ALSO_BROAD].includes(path)) return false;
  if (home && within(home, path)) return false;
  const own = homeOf(path, home);
  if (!own) return true;
  if (path === own) return false;
  return !CREDENTIAL_DIRS.has(relative(own, path).split(sep)[0]!);
}

/** The /sys parts bound: all of it when GPU devices pass (the driver's libraries walk the PCI tree). */
export function sysParts(host: Pick<HostFacts, "devices">): string[] {
  return host.devices.length > 0 ? ["/sys"] : CPU_SYS;
}

/**
 * The host paths bound back read-only besides the system folders: the tool folders PATH names, this
 * Node.js and the bridge, the program (absolute argv[0]) and what it needs, its working folder. Never
 * another argument: a case-supplied command could name ~/.ssh/id_rsa as one.
 */
export function toolBinds(
  argv: readonly string[],
  view: { writable: readonly string[]; cwd?: string | undefined; program?: readonly string[] | undefined },
  host: HostFacts,
): string[] {
  const tools = [...host.path, dirname(host.node)].map((p) => toolRoot(p, host));
  const program = argv[0] !== undefined && isAbsolute(argv[0]) ? [argv[0]] : [];
  const named = [...program, ...(view.program ?? []), ...(view.cwd ? [view.cwd] : [])];
  const needed = [...tools, host.node, host.bridge, ...named].filter((p): p is string => p !== undefined);
  const covered = [...host.system.map((s) => s.path), ...view.writable];
  const kept = [...new Set(needed)].filter(
    (p) => bindable(p, host.home) && !covered.some((c) => within(p, c)),
  );
  // A path inside another one kept is already there.
  return kept.filter((p) => !kept.some((q) => q !== p && within(p, q)));
}
