// The trap a hostile program (fixtures/hostile.mjs) is run in: fake credentials in the caller's
// environment and home and in its working folder's .git/config, a folder outside the program's own,
// a TCP server on the host's loopback and a Unix socket under /var/tmp that count connections, a
// host process for it to ptrace, and a marker to find any survivor process by afterwards.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type ListenOptions } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LIMITS, type Containment } from "../../src/core/sandbox/containment.js";

const HOSTILE = fileURLToPath(new URL("./fixtures/hostile.mjs", import.meta.url));

/** Values a leak would show; each contains SECRET, which hostile.mjs hunts for. */
export const SECRETS = {
  OPENAI_API_KEY: "sk-SECRET-model-key-123",
  GITHUB_TOKEN: "ghs_SECRET_app_token_456",
  AWS_SECRET_ACCESS_KEY: "SECRET-aws-789",
  MY_SERVICE_PASSWORD: "SECRET-password",
};

export interface Trap {
  /**
   * The hostile program with its arguments, run from `home` (its own folder, as a team's agent runs
   * from its checkout; wherever the checkout lies, the sandbox shows the working folder); it exits
   * 0 and only reports what it managed.
   */
  argv: string[];
  /** The folder `argv` runs from, holding hostile.mjs. */
  agentDir: string;
  /** The hostile program's text with its arguments baked in (for places that pass no arguments). */
  baked: string;
  /** A folder outside the program's own, where it must not be able to write. */
  outside: string;
  marker: string;
  /** The environment of the skillops process: credentials included. */
  parentEnv: Record<string, string>;
  /** Connections to the loopback server and to the host Unix socket. */
  connections(): number;
  /** Processes on the host still carrying the marker, after giving SIGKILL a moment. */
  survivors(): Promise<number[]>;
  close(): Promise<void>;
}

function markedPids(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readFileSync(`/proc/${name}/cmdline`, "utf8").includes(`survivor-${marker}`))
        out.push(Number(name));
    } catch {
      // gone
    }
  }
  return out;
}

/** A server counting connections, on a port of the host's loopback or on a Unix socket. */
async function counter(where: ListenOptions) {
  let n = 0;
  const server = createServer((s) => (n++, s.destroy()));
  await new Promise<void>((ok) => server.listen(where, () => ok()));
  const address = server.address();
  return { server, count: () => n, port: typeof address === "object" && address ? address.port : 0 };
}

export async function setTrap(): Promise<Trap> {
  // The program's folder holds the folder it must not write: visible (read-only) to a program run from
  // there, invisible to one run elsewhere.
  const root = await mkdtemp(join(tmpdir(), "skillops-trap-"));
  const agentDir = join(root, "agent");
  const outside = join(agentDir, "outside");
  await mkdir(outside, { recursive: true });
  await mkdir(join(agentDir, ".git"));
  const gitConfig = join(agentDir, ".git", "config");
  await writeFile(gitConfig, "[http]\n\textraheader = AUTHORIZATION: basic SECRET-checkout-token\n");
  const home = await mkdtemp(join(tmpdir(), "skillops-fake-home-"));
  const homeFile = join(home, ".git-credentials");
  await writeFile(homeFile, "https://x:SECRET-in-home@github.com\n");
  // Under /var, which the issue found reachable: a host socket outside every hidden folder.
  const sockDir = await mkdtemp("/var/tmp/skillops-sock-");
  const tcp = await counter({ port: 0, host: "127.0.0.1" });
  const unix = await counter({ path: join(sockDir, "host.sock") });
  const victim = spawn("sleep", ["300"], { stdio: "ignore" });
  const marker = randomBytes(6).toString("hex");
  const args = [
    outside,
    marker,
    String(tcp.port),
    homeFile,
    gitConfig,
    join(sockDir, "host.sock"),
    String(victim.pid),
  ];
  const source = await readFile(HOSTILE, "utf8");
  await writeFile(join(agentDir, "hostile.mjs"), source);
  const parentEnv = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, LANG: "C.UTF-8", ...SECRETS };
  return {
    argv: [process.execPath, "hostile.mjs", ...args, "report"],
    agentDir,
    baked: source.replace("process.argv.slice(2)", JSON.stringify(args)),
    outside,
    marker,
    parentEnv,
    connections: () => tcp.count() + unix.count(),
    async survivors() {
      for (let i = 0; i < 30 && markedPids(marker).length > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      return markedPids(marker);
    },
    async close() {
      for (const pid of markedPids(marker)) process.kill(pid, "SIGKILL");
      victim.kill("SIGKILL");
      await new Promise<void>((ok) => tcp.server.close(() => ok()));
      await new Promise<void>((ok) => unix.server.close(() => ok()));
      for (const dir of [root, home, sockDir]) await rm(dir, { recursive: true, force: true });
    },
  };
}

export function containmentIn(trap: Trap, sandbox: Containment["sandbox"]): Containment {
  return { sandbox, pass: [], limits: DEFAULT_LIMITS, parentEnv: trap.parentEnv };
}

/** What hostile.mjs managed: "ok", or the error code that stopped it. */
export interface HostileReport {
  secrets: string[];
  envNames: string[];
  outsideWrite: string;
  home: string;
  gitconfig: string;
  shadow: string;
  sysctl: string;
  net: string;
  sock: string;
  capEff: string;
  calls: { mount: string; umount: string; unshareUser: string; unshareMount: string; ptrace: string };
}

/** The report hostile.mjs printed, from wherever its stdout ended up. */
export function reportIn(text: string): HostileReport {
  const line = /\{"output":\{.*\}\}/.exec(text)?.[0];
  if (!line) throw new Error(`no report in: ${text.slice(0, 500)}`);
  return (JSON.parse(line) as { output: HostileReport }).output;
}
