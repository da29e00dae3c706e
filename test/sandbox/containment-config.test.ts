// What a config may pass to spawned programs, how the bubblewrap command line hides the host, and
// what a run does when bubblewrap cannot run (docs/security.md).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Config } from "../../src/core/config/config.js";
import { bwrapArgv, type HostLayout } from "../../src/core/sandbox/bwrap-argv.js";
import { childEnv } from "../../src/core/sandbox/child-env.js";
import { DEFAULT_LIMITS } from "../../src/core/sandbox/containment.js";
import { bindable, toolRoot } from "../../src/core/sandbox/host-view.js";
import { etcSecrets } from "../../src/io/sandbox/host-layout.js";
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
    path: ["/home/runner/.pyenv/shims", "/home/runner/.ssh/bin", "/tmp/tools/bin", "/usr/bin", "/bin"],
    node: "/opt/node/bin/node",
    bridge: "/opt/skillops/proxy-bridge.mjs",
    devices: [],
    system: [{ path: "/usr" }, { path: "/bin", link: "usr/bin" }, { path: "/etc" }],
    etcSecrets: [
      { path: "/etc/shadow", folder: false },
      { path: "/etc/ssl/private", folder: true },
    ],
    prefixes: ["/tmp/tools"],
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
  const bwrapPart = argv.slice(0, argv.indexOf("--"));

  it("unshares user, PID and network, drops every capability and runs as nobody, with no further user namespace", () => {
    expect(argv).toEqual(
      expect.arrayContaining(["--unshare-user", "--unshare-pid", "--unshare-net", "--die-with-parent"]),
    );
    expect(pairs("--cap-drop")).toEqual(["ALL"]);
    expect([pairs("--uid"), pairs("--gid")]).toEqual([["65534"], ["65534"]]);
    expect(bwrapPart).toContain("--disable-userns");
  });

  it("binds an explicit list read-only, never the whole root: system folders, symlinks made alike, /etc with its secrets covered", () => {
    expect(pairs("--ro-bind")).toEqual(["/usr", "/etc", "/dev/null", "/tmp/run/skills", "/tmp/run/sock"]);
    expect(argv.join(" ")).toContain("--ro-bind /dev/null /etc/shadow");
    expect(argv.join(" ")).toContain("--tmpfs /etc/ssl/private --remount-ro /etc/ssl/private");
    expect(argv.join(" ")).toContain("--symlink usr/bin /bin");
    expect(argv.join(" ")).not.toMatch(/--(ro-)?bind(-try)? \/ \//);
    // Nothing of HOME, /var or /run, not even as an empty folder to unmount.
    expect(bwrapPart.filter((a) => /^\/(var|run|srv|mnt|media|root)(\/|$)/.test(a))).toEqual(["/var/tmp"]);
  });

  it("binds back the folders PATH names, Node, the bridge and the working folder, never a credential folder or another argument", () => {
    expect(pairs("--ro-bind-try").filter((p) => !/^\/(sys|proc)\//.test(p!))).toEqual([
      "/home/runner/.pyenv",
      "/tmp/tools",
      "/opt/node/bin",
      "/opt/skillops/proxy-bridge.mjs",
      "/home/runner/work/repo",
    ]);
    expect(argv.join(" ")).not.toContain("/home/runner/.ssh/bin");
    expect(pairs("--bind")).toEqual(["/tmp/run/work"]);
  });

  it("binds /proc/sys and /proc/sysrq-trigger read-only over the sandbox's /proc (root's uid could write them)", () => {
    expect(argv.join(" ")).toContain(
      "--proc /proc --ro-bind-try /proc/sys /proc/sys --ro-bind-try /proc/sysrq-trigger /proc/sysrq-trigger",
    );
  });

  it("caps /tmp (which holds HOME) and /dev/shm at evaluate.limits.tmpMb; covers .git; makes the root read-only last", () => {
    const size = String(DEFAULT_LIMITS.tmpMb * 1024 * 1024);
    expect(argv.join(" ")).toContain(`--size ${size} --tmpfs /tmp --size ${size} --tmpfs /dev/shm`);
    expect(argv.join(" ")).toContain(
      "--tmpfs /home/runner/work/repo/.git --remount-ro /home/runner/work/repo/.git",
    );
    expect(bwrapPart.slice(-4)).toEqual(["--remount-ro", "/", "--chdir", "/home/runner/work/repo"]);
  });

  it("passes GPU devices with all of /sys, and only the CPU's parts of /sys without them", () => {
    const onGpu = { ...host, devices: ["/dev/nvidia0"] };
    const gpu = bwrapArgv(["/bin/true"], { writable: [], readOnly: [] }, DEFAULT_LIMITS, onGpu).join(" ");
    expect(gpu).toContain("--dev-bind /dev/nvidia0 /dev/nvidia0");
    expect(gpu).toContain("--ro-bind-try /sys /sys");
    expect(argv.join(" ")).not.toContain("--ro-bind-try /sys /sys");
    expect(argv.join(" ")).toContain("--ro-bind-try /sys/devices/system/cpu /sys/devices/system/cpu");
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
      /^error: evaluate\.sandbox is "bwrap" but bubblewrap cannot run here: bwrap and prlimit not found on PATH\. Install bubblewrap 0\.8\.0 or later \(Debian\/Ubuntu: sudo apt-get install bubblewrap/m,
    );
    expect(double!.requests).toEqual([]);
  });

  it("with evaluate.sandbox: none the same run goes ahead", async () => {
    const dir = await prepare("evaluate:\n  sandbox: none\n");
    const r = await evolveIn(dir, [], { PATH: join(dir, "no-bin") });
    expect(r.code).toBe(0);
  });
});

describe("the host view", () => {
  const facts = { home: "/home/runner", prefixes: [] };

  it("binds a PATH entry under any home folder by its first folder there, and a node_modules/.bin by its node_modules", () => {
    expect(toolRoot("/root/.pyenv/shims", facts)).toBe("/root/.pyenv");
    expect(toolRoot("/home/other/.cargo/bin", facts)).toBe("/home/other/.cargo");
    expect(toolRoot("/srv/proj/node_modules/.bin", facts)).toBe("/srv/proj/node_modules");
    expect(toolRoot("/home/runner", facts)).toBeUndefined();
  });

  it("never binds a credential folder, a home itself or a folder that would show the rest", () => {
    for (const p of [
      "/root/.ssh",
      "/home/other/.aws/x",
      "/home/runner/.config",
      "/",
      "/var",
      "/run",
      "/home",
    ])
      expect([p, bindable(p, "/home/runner")]).toEqual([p, false]);
    expect(bindable("/home/runner/work/repo", "/home/runner")).toBe(true);
    expect(bindable("/tmp/skillops-run-1/work", "/home/runner")).toBe(true);
  });

  it("covers in /etc what others may not read, and the named secrets whatever their mode", async () => {
    const etc = await mkdtemp(join(tmpdir(), "skillops-etc-"));
    await writeFile(join(etc, "hosts"), "127.0.0.1 localhost\n", { mode: 0o644 });
    await writeFile(join(etc, "shadow"), "root:x\n", { mode: 0o644 });
    await writeFile(join(etc, "token.conf"), "secret\n", { mode: 0o600 });
    await mkdir(join(etc, "ssh"));
    await writeFile(join(etc, "ssh", "ssh_host_ed25519_key"), "k\n", { mode: 0o644 });
    await writeFile(join(etc, "ssh", "ssh_config"), "Host *\n", { mode: 0o644 });
    await mkdir(join(etc, "private"), { mode: 0o700 });
    const covered = etcSecrets(etc).map((e) => `${e.path.slice(etc.length)}${e.folder ? "/" : ""}`);
    expect(covered.sort()).toEqual(["/private/", "/shadow", "/ssh/ssh_host_ed25519_key", "/token.conf"]);
    await rm(etc, { recursive: true, force: true });
  });
});
