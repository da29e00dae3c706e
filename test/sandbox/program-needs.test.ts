// Programs installed where the sandbox shows nothing by itself (under /tmp, HOME or a project) start
// inside it: an npm bin symlinked into its package, whose dependency sits beside it; a console script
// of a Python venv, whose site-packages holds its module; an `npx` command, resolved on the host to
// the installed package, or refused with how to install it.
import { execFileSync } from "node:child_process";
import { chmod, cp, mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnCapped, type SpawnResult } from "../../src/io/runners/spawn-capped.js";
import { parseNpx } from "../../src/io/sandbox/npx-command.js";
import { SANDBOX, SANDBOX_MISSING, SANDBOX_SKIP_REASON } from "../support/containment.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-installed-"));
  // An npm project: node_modules/.bin/greet → ../greeter/bin/greet.js, which requires `shout` beside it.
  const nm = join(dir, "proj", "node_modules");
  await mkdir(join(nm, "greeter", "bin"), { recursive: true });
  await mkdir(join(nm, "shout"), { recursive: true });
  await mkdir(join(nm, ".bin"));
  await writeFile(join(nm, "shout", "index.js"), "module.exports = (s) => s.toUpperCase();\n");
  await writeFile(join(nm, "shout", "package.json"), '{"name":"shout","main":"index.js"}\n');
  const greet = `#!/usr/bin/env node\nconsole.log(require("shout")("hello " + process.argv.slice(2).join(" ")));\n`;
  await writeFile(join(nm, "greeter", "bin", "greet.js"), greet);
  await chmod(join(nm, "greeter", "bin", "greet.js"), 0o755);
  await writeFile(join(nm, "greeter", "package.json"), '{"name":"greeter","bin":{"greet":"bin/greet.js"}}\n');
  await symlink("../greeter/bin/greet.js", join(nm, ".bin", "greet"));
  // The same package installed globally under another npm prefix (npm install -g).
  await cp(nm, join(dir, "prefix", "lib", "node_modules"), { recursive: true, verbatimSymlinks: true });
  // A venv: bin/tool runs the venv's python, which imports a module from its site-packages.
  const venv = join(dir, "venv");
  execFileSync("/usr/bin/python3", ["-m", "venv", "--without-pip", venv]);
  const site = execFileSync(join(venv, "bin", "python"), [
    "-c",
    "import site; print(site.getsitepackages()[0])",
  ]);
  await writeFile(
    join(site.toString().trim(), "toolmod.py"),
    "def main():\n    print('tool from the venv')\n",
  );
  await writeFile(join(venv, "bin", "tool"), `#!${venv}/bin/python\nimport toolmod\ntoolmod.main()\n`);
  await chmod(join(venv, "bin", "tool"), 0o755);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const run = (argv: string[], cwd?: string): Promise<SpawnResult> =>
  spawnCapped(argv, { timeoutMs: 20_000, maxOutputBytes: 10_000, contain: SANDBOX, ...(cwd ? { cwd } : {}) });

describe("reading an npx command", () => {
  it("takes the package (without its version) and the program's own arguments", () => {
    expect(parseNpx(["npx", "-y", "@anthropic-ai/claude-code@2.1.0", "-p", "hi"])).toEqual({
      pkg: "@anthropic-ai/claude-code",
      args: ["-p", "hi"],
    });
    expect(parseNpx(["npm", "exec", "--package=greeter", "--", "greet", "x"])).toEqual({
      pkg: "greeter",
      bin: "greet",
      args: ["x"],
    });
    expect(parseNpx(["node", "x.js"])).toBeUndefined();
    expect(parseNpx(["npx", "--registry=http://evil", "pkg"])).toBe(
      "npx option --registry=http://evil is not understood here",
    );
  });
});

const title = `installed programs in the sandbox${SANDBOX_MISSING ? ` (skipped: ${SANDBOX_SKIP_REASON})` : ""}`;
describe.skipIf(SANDBOX_MISSING)(title, () => {
  it("an npm bin under /tmp, through its symlink: its package and the dependency beside it are bound", async () => {
    const r = await run([join(dir, "proj", "node_modules", ".bin", "greet"), "world"]);
    expect(r.stderrTail).toBe("");
    expect(r.stdout).toBe("HELLO WORLD\n");
  });

  it("a venv's console script under /tmp: the venv, its site-packages and its interpreter are bound", async () => {
    const r = await run([join(dir, "venv", "bin", "tool")]);
    expect(r.stderrTail).toBe("");
    expect(r.stdout).toBe("tool from the venv\n");
  });

  it("npx of a package installed globally runs the package's program, resolved on the host", async () => {
    const contain = { ...SANDBOX, parentEnv: { ...process.env, NPM_CONFIG_PREFIX: join(dir, "prefix") } };
    const opts = { timeoutMs: 20_000, maxOutputBytes: 10_000, contain, cwd: dir };
    const r = await spawnCapped(["npx", "-y", "greeter", "from", "npx"], opts);
    expect(r.stderrTail).toBe("");
    expect(r.stdout).toBe("HELLO FROM NPX\n");
  });

  it("npx of a package not installed is refused before the sandbox starts, with how to install it", async () => {
    const r = await run(["npx", "-y", "@anthropic-ai/claude-code-not-here"], join(dir, "proj"));
    expect(r.startError).toBe(
      "npx cannot fetch @anthropic-ai/claude-code-not-here inside the sandbox (no network, no npm cache): install it first " +
        "(npm install -g @anthropic-ai/claude-code-not-here, or npm install --save-dev @anthropic-ai/claude-code-not-here in the project), " +
        "then run it through npx again or name its program (docs/agents.md)",
    );
  });
});
