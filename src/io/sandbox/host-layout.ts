// Reads the host facts the bubblewrap command line needs (bwrap-argv.ts): where bwrap and prlimit
// are, the user's home, the PATH the children get, this Node.js, the bridge script, GPU devices.
import { accessSync, constants, readdirSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HostLayout } from "../../core/sandbox/bwrap-argv.js";

/** What execvp searches when PATH is unset (glibc's default, minus the current folder). */
export const DEFAULT_PATH = "/usr/bin:/bin";

export const BRIDGE_PATH = fileURLToPath(new URL("./proxy-bridge.mjs", import.meta.url));

/** The first executable called `name` on PATH, or undefined. */
export function findOnPath(name: string, path: string | undefined): string | undefined {
  for (const dir of (path ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
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
export function readHostLayout(env: Readonly<Record<string, string | undefined>>): HostLayout | string[] {
  // As execvp does: no PATH at all means the system default, an explicit one is taken as it is.
  const search = env.PATH ?? DEFAULT_PATH;
  const bwrap = findOnPath("bwrap", search);
  const prlimit = findOnPath("prlimit", search);
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
