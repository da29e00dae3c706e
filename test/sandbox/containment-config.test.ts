// What a config may pass to spawned programs, how the bubblewrap command line hides the host, and
// what a run does when bubblewrap cannot run (docs/security.md).
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Config } from "../../src/core/config/config.js";
import { bwrapArgv, type HostLayout } from "../../src/core/sandbox/bwrap-argv.js";
import { childEnv } from "../../src/core/sandbox/child-env.js";
import { DEFAULT_LIMITS } from "../../src/core/sandbox/containment.js";
import { NO_SANDBOX } from "../support/containment.js";
import { double, evolveIn, prepare } from "../evolve/openai-refund-world.js";

const messages = (input: unknown) => {
  const r = Config.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("evaluate.env.pass", () => {
  it("refuses credential-like names at load, each with its reason", () => {
    const refused = messages({
      evaluate: { env: { pass: ["GITHUB_TOKEN", "DB_PASSWORD", "ACTIONS_RUNTIME_URL", "MY_API_KEY"] } },
    });
    expect(refused).toEqual([
      expect.stringMatching(/may not name GITHUB_TOKEN: its name contains TOKEN/),
      expect.stringMatching(/may not name DB_PASSWORD: its name contains PASSWORD/),
      expect.stringMatching(/may not name ACTIONS_RUNTIME_URL: ACTIONS_\* variables belong to the CI runner/),
      expect.stringMatching(/may not name MY_API_KEY: its name contains KEY/),
    ]);
  });

  it("refuses the configured model key's variable, whatever its name", () => {
    const refused = messages({
      models: { apiKeyEnv: "LLM_CRED" },
      evaluate: { env: { pass: ["LLM_CRED"] } },
    });
    expect(refused).toEqual([expect.stringMatching(/may not name LLM_CRED: it holds the model API key/)]);
  });

  it("accepts ordinary names, and only they reach the child besides the allowlist", () => {
    const c = Config.parse({ evaluate: { env: { pass: ["PYTHONPATH", "GIT_AUTHOR_NAME"] } } });
    const env = childEnv(
      {
        ...NO_SANDBOX,
        pass: c.evaluate.env.pass,
        parentEnv: {
          PATH: "/bin",
          PYTHONPATH: "/lib",
          GIT_AUTHOR_NAME: "a",
          OTHER: "x",
          GITHUB_TOKEN: "t",
          LC_ALL: "C",
        },
      },
      { home: "/h", tmp: "/t" },
    );
    expect(env).toEqual({
      PATH: "/bin",
      PYTHONPATH: "/lib",
      GIT_AUTHOR_NAME: "a",
      LC_ALL: "C",
      HOME: "/h",
      TMPDIR: "/t",
    });
  });
});

describe("the bubblewrap command line", () => {
  const host: HostLayout = {
    bwrap: "/usr/bin/bwrap",
    prlimit: "/usr/bin/prlimit",
    home: "/home/runner",
    path: ["/home/runner/.pyenv/shims", "/home/runner/.ssh/bin", "/tmp/tools/bin", "/usr/bin"],
    node: "/opt/node/bin/node",
    bridge: "/opt/skillops/proxy-bridge.mjs",
    devices: [],
  };
  const argv = bwrapArgv(
    ["/home/runner/work/repo/agent.sh", "/home/runner/.ssh/id_rsa"],
    {
      writable: ["/tmp/run/work"],
      readOnly: ["/tmp/run/skills"],
      cwd: "/home/runner/work/repo",
      hidden: ["/home/runner/work/repo/.git"],
      proxy: { socket: "/tmp/run/sock/model.sock", port: 4141 },
    },
    DEFAULT_LIMITS,
    host,
  );
  const pairs = (flag: string) => argv.flatMap((a, i) => (a === flag ? [argv[i + 1]] : []));

  it("unshares user, PID and network and hides HOME, /tmp and /run behind empty folders", () => {
    expect(argv).toEqual(
      expect.arrayContaining(["--unshare-user", "--unshare-pid", "--unshare-net", "--die-with-parent"]),
    );
    expect(pairs("--tmpfs")).toEqual(
      expect.arrayContaining(["/tmp", "/run", "/home/runner", "/home/runner/work/repo/.git"]),
    );
  });

  it("binds back the folders PATH names, the program and its folder, never a credential folder or another argument", () => {
    expect(pairs("--ro-bind-try")).toEqual([
      "/home/runner/.pyenv",
      "/tmp/tools/bin",
      "/home/runner/work/repo/agent.sh",
      "/home/runner/work/repo",
    ]);
    expect(argv.join(" ")).not.toContain("--ro-bind-try /home/runner/.ssh");
    expect(pairs("--bind")).toEqual(["/tmp/run/work"]);
    expect(pairs("--ro-bind")).toEqual(["/", "/tmp/run/skills", "/tmp/run/sock"]);
  });

  it("limits resources, then bridges the proxy socket before the program", () => {
    const tail = argv.slice(argv.indexOf("--") + 1);
    expect(tail).toEqual([
      "/usr/bin/prlimit",
      "--cpu=600",
      `--data=${4096 * 1024 * 1024}`,
      "--nproc=256",
      "--",
      "/opt/node/bin/node",
      "/opt/skillops/proxy-bridge.mjs",
      "/tmp/run/sock/model.sock",
      "4141",
      "--",
      "/home/runner/work/repo/agent.sh",
      "/home/runner/.ssh/id_rsa",
    ]);
  });
});

describe("a run that cannot be contained", () => {
  afterEach(async () => double?.close());

  it("skillops evolve --model openai stops before the first model call or execution: exit 1, how to install", async () => {
    const dir = await prepare();
    const r = await evolveIn(dir, [], { PATH: join(dir, "no-bin") });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^error: evaluate\.sandbox is "bwrap" but bubblewrap cannot run here: bwrap and prlimit not found on PATH\. Install it \(Debian\/Ubuntu: sudo apt-get install bubblewrap/m,
    );
    expect(double!.requests).toEqual([]);
  });

  it("with evaluate.sandbox: none the same run goes ahead", async () => {
    const dir = await prepare("evaluate:\n  sandbox: none\n");
    const r = await evolveIn(dir, [], { PATH: join(dir, "no-bin") });
    expect(r.code).toBe(0);
  });
});
