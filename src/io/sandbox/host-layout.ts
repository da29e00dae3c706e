// Reads the host facts the bubblewrap command line needs (bwrap-argv.ts, host-view.ts): where bwrap
// and prlimit are, the user's home, the PATH the children get, this Node.js, the bridge script, GPU
// devices, which system folders exist (and which are symlinks), what under /etc others may not
// read, and the install prefixes PATH's bin folders belong to.
import { constants, lstatSync, readdirSync, readlinkSync, statSync } from "node:fs";
import { access } from "node:fs/promises";
import { basename, delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostLayout } from "../../core/sandbox/bwrap-argv.js";
import { SYSTEM_FOLDERS, type EtcSecret, type SystemFolder } from "../../core/sandbox/host-view.js";

/** What execvp searches when PATH is unset (glibc's default, minus the current folder). */
export const DEFAULT_PATH = "/usr/bin:/bin";

export const BRIDGE_PATH = fileURLToPath(new URL("./proxy-bridge.mjs", import.meta.url));

/** Covered whatever their mode: a host that made one world-readable still keeps it from the sandbox. */
const ETC_ALWAYS = ["shadow", "shadow-", "gshadow", "gshadow-", "sudoers", "sudoers.d", "ssl/private"];

/** Whether `path` is executable (asynchronously: a command's start is checked per execution). */
async function isExecutable(path: string): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable called `name` on PATH, or undefined. */
export async function findOnPath(name: string, path: string | undefined): Promise<string | undefined> {
  for (const dir of (path ?? "").split(delimiter)) {
    if (dir && (await isExecutable(join(dir, name)))) return join(dir, name);
  }
  return undefined;
}

/** GPU device nodes (NVIDIA, DRI) that a kernel harness on a GPU runner needs inside. */
function gpuDevices(): string[] {
  try {
    return readdirSync("/dev")
      .filter((n) => n.startsWith("nvidia"))
      .map((n) => `/dev/${n}`)
      .concat(readdirSync("/dev").includes("dri") ? ["/dev/dri"] : []);
  } catch {
    return [];
  }
}

function systemFolders(): SystemFolder[] {
  const out: SystemFolder[] = [];
  for (const path of SYSTEM_FOLDERS) {
    try {
      const st = lstatSync(path);
      if (st.isSymbolicLink()) out.push({ path, link: readlinkSync(path) });
      else if (st.isDirectory()) out.push({ path });
    } catch {
      // not on this host
    }
  }
  return out;
}

/** Inside, the sandbox's uid maps to skillops' own: what that uid owns and others may not read is covered. */
const hiddenFromOthers = (mode: number, folder: boolean): boolean =>
  (mode & 0o004) === 0 || (folder && (mode & 0o001) === 0);

/** What under /etc others may not read (its folders are not entered), plus ETC_ALWAYS, host secrets. */
export function etcSecrets(root = "/etc"): EtcSecret[] {
  const out = new Map<string, EtcSecret>();
  const walk = (dir: string, depth: number): void => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (!st || !(st.isFile() || st.isDirectory())) continue;
      const always = ETC_ALWAYS.includes(path.slice(root.length + 1)) || /^ssh_host_.*_key$/.test(name);
      if (always || hiddenFromOthers(st.mode, st.isDirectory()))
        out.set(path, { path, folder: st.isDirectory() });
      else if (st.isDirectory() && depth < 8) walk(path, depth + 1);
    }
  };
  walk(root, 0);
  return [...out.values()];
}

/** Parents of PATH's bin folders that hold lib/ beside them (an install prefix: python, node, …). */
function installPrefixes(path: readonly string[]): string[] {
  const isDir = (p: string) => statSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
  const parents = path
    .filter((p) => ["bin", "sbin"].includes(basename(p)) && dirname(p) !== "/")
    .map(dirname);
  return [...new Set(parents)].filter((p) => isDir(join(p, "lib")) || isDir(join(p, "lib64")));
}

/** The layout, or the names of the programs missing from PATH. */
export async function readHostLayout(
  env: Readonly<Record<string, string | undefined>>,
): Promise<HostLayout | string[]> {
  // As execvp does: no PATH at all means the system default, an explicit one is taken as it is.
  const search = env.PATH ?? DEFAULT_PATH;
  const bwrap = await findOnPath("bwrap", search);
  const prlimit = await findOnPath("prlimit", search);
  if (!bwrap || !prlimit) return [...(bwrap ? [] : ["bwrap"]), ...(prlimit ? [] : ["prlimit"])];
  const path = search.split(delimiter).filter(Boolean);
  return {
    ...{ bwrap, prlimit, home: env.HOME, path, node: process.execPath, bridge: BRIDGE_PATH },
    ...{ devices: gpuDevices(), system: systemFolders(), etcSecrets: etcSecrets() },
    prefixes: installPrefixes([...path, dirname(process.execPath)]),
  };
}
