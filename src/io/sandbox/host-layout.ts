// Reads the host facts the bubblewrap command line needs (bwrap-argv.ts): where bwrap and prlimit
// are, the user's home, the PATH the children get, this Node.js, the bridge script, GPU devices.
import { constants, readdirSync } from "node:fs";
import { access } from "node:fs/promises";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostLayout } from "../../core/sandbox/bwrap-argv.js";

/** What execvp searches when PATH is unset (glibc's default, minus the current folder). */
export const DEFAULT_PATH = "/usr/bin:/bin";

export const BRIDGE_PATH = fileURLToPath(new URL("./proxy-bridge.mjs", import.meta.url));

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

/** The layout, or the names of the programs missing from PATH. */
export async function readHostLayout(
  env: Readonly<Record<string, string | undefined>>,
): Promise<HostLayout | string[]> {
  // As execvp does: no PATH at all means the system default, an explicit one is taken as it is.
  const search = env.PATH ?? DEFAULT_PATH;
  const bwrap = await findOnPath("bwrap", search);
  const prlimit = await findOnPath("prlimit", search);
  if (!bwrap || !prlimit) return [...(bwrap ? [] : ["bwrap"]), ...(prlimit ? [] : ["prlimit"])];
  return {
    bwrap,
    prlimit,
    home: env.HOME,
    path: search.split(delimiter).filter(Boolean),
    node: process.execPath,
    bridge: BRIDGE_PATH,
    devices: gpuDevices(),
  };
}
