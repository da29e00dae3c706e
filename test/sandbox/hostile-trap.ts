// The trap a hostile program (fixtures/hostile.mjs) is run in: fake credentials in the caller's
// environment and home, a folder outside the program's own, a TCP server on the host's loopback that
// counts connections, and a marker to find any survivor process by afterwards.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LIMITS, type Containment } from "../../src/core/sandbox/containment.js";

const HOSTILE = fileURLToPath(new URL("./fixtures/hostile.mjs", import.meta.url));
/** Outside /tmp and HOME when the checkout is: then visible inside a sandbox, read-only. */
const VISIBLE_ROOT = fileURLToPath(
  new URL("../../node_modules/.cache/skillops-sandbox-test/", import.meta.url),
);

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

function listen(server: Server): Promise<number> {
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () => ok((server.address() as { port: number }).port)),
  );
}

export async function setTrap(): Promise<Trap> {
  await mkdir(VISIBLE_ROOT, { recursive: true });
  const outside = await mkdtemp(join(VISIBLE_ROOT, "outside-"));
  const agentDir = await mkdtemp(join(VISIBLE_ROOT, "agent-"));
  const home = await mkdtemp(join(tmpdir(), "skillops-fake-home-"));
  const homeFile = join(home, ".git-credentials");
  await writeFile(homeFile, "https://x:SECRET-in-home@github.com\n");
  let connections = 0;
  const server = createServer((s) => (connections++, s.destroy()));
  const port = await listen(server);
  const marker = randomBytes(6).toString("hex");
  const args = [outside, marker, String(port), homeFile];
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
    connections: () => connections,
    async survivors() {
      for (let i = 0; i < 30 && markedPids(marker).length > 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      return markedPids(marker);
    },
    async close() {
      for (const pid of markedPids(marker)) process.kill(pid, "SIGKILL");
      await new Promise<void>((ok) => server.close(() => ok()));
      await rm(outside, { recursive: true, force: true });
      await rm(agentDir, { recursive: true, force: true });
      await rm(home, { recursive: true, force: true });
    },
  };
}

export function containmentIn(trap: Trap, sandbox: Containment["sandbox"]): Containment {
  return { sandbox, pass: [], limits: DEFAULT_LIMITS, parentEnv: trap.parentEnv };
}

/** The report hostile.mjs printed, from wherever its stdout ended up. */
export function reportIn(text: string): {
  secrets: string[];
  envNames: string[];
  outsideWrite: string;
  home: string;
  net: string;
} {
  const line = /\{"output":\{.*\}\}/.exec(text)?.[0];
  if (!line) throw new Error(`no report in: ${text.slice(0, 500)}`);
  return (JSON.parse(line) as { output: ReturnType<typeof reportIn> }).output;
}
