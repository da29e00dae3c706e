// Plain errors (issue 26): a path option of the wrong kind is a usage error naming the path and
// what was expected (a FIFO is never opened); a config problem names the file, the line, the key
// path and the nearest valid key; names with control characters cannot forge output lines.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "skillops-plain-"));
  mkdirSync(join(dir, "a-folder"));
  writeFileSync(join(dir, "a-file.yml"), "id: x\n");
  execFileSync("mkfifo", [join(dir, "a-fifo")]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const evalWith = (...args: string[]) =>
  runCli(["eval", "--bank", join(REPO_ROOT, "skill-bank"), ...args], dir);

describe("path options of the wrong kind", () => {
  it("a folder as --config is a usage error (exit 2) naming it, not EISDIR", async () => {
    const r = await evalWith("--config", "a-folder");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: --config a-folder: is a folder; expected a file");
  });

  it("a file as --cases is a usage error, not ENOTDIR", async () => {
    const r = await evalWith("--cases", "a-file.yml");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("error: --cases a-file.yml: is a file; expected a folder");
  });

  it("a FIFO as --config or as validate's path is refused without opening it", async () => {
    const config = await evalWith("--config", "a-fifo");
    expect([config.code, config.stderr]).toEqual([
      2,
      expect.stringContaining("--config a-fifo: is a FIFO; expected a file"),
    ]);
    const validate = await runCli(["validate", "a-fifo"], dir);
    expect([validate.code, validate.stderr]).toEqual([
      2,
      expect.stringContaining("path a-fifo: is a FIFO; expected a file or folder"),
    ]);
  });
  it("a file skillops only writes may be a device (or a FIFO), never a folder", async () => {
    const folder = await evalWith("--traces-out", "a-folder");
    expect([folder.code, folder.stderr]).toEqual([
      2,
      expect.stringContaining("--traces-out a-folder: is a folder; expected a file to write"),
    ]);
    // /dev/null passes the check: the run goes on to the next problem, the missing cases folder.
    const device = await evalWith("--traces-out", "/dev/null", "--cases", "nowhere");
    expect(device.stderr).toContain("--cases nowhere: no such folder");
  });
});

describe("config problems", () => {
  it("name the file, line, column and key path, and suggest the key meant", async () => {
    writeFileSync(
      join(dir, "typo.yml"),
      "categories: [general]\nevaluate:\n  runner: reference\n  timoutMs: 5\n",
    );
    const r = await evalWith("--config", "typo.yml");
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: typo.yml:4:3: evaluate.timoutMs: unknown key; did you mean "timeoutMs"?\n');
    writeFileSync(join(dir, "top.yml"), "evalaute: {}\n");
    expect((await evalWith("--config", "top.yml")).stderr).toBe(
      'error: top.yml:1:1: evalaute: unknown key; did you mean "evaluate"?\n',
    );
  });

  it("a YAML error and an alias bomb name the file and the line", async () => {
    writeFileSync(join(dir, "bad.yml"), "categories: [general\n");
    expect((await evalWith("--config", "bad.yml")).stderr).toMatch(/^error: bad\.yml:2:1: not valid YAML: /);
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (const [k, prev] of [
      ["b", "a"],
      ["c", "b"],
      ["d", "c"],
    ])
      levels.push(`${k}: &${k} [${Array(10).fill(`*${prev}`).join(", ")}]`);
    writeFileSync(join(dir, "bomb.yml"), `${levels.join("\n")}\n`);
    const bomb = await evalWith("--config", "bomb.yml");
    expect(bomb.code).toBe(1);
    expect(bomb.stderr).toBe(
      "error: bomb.yml:1:1: the config expands its aliases into more than 100 copies (the cap)\n",
    );
  });
});

describe("names in output", () => {
  it("a newline in a skill folder's name cannot forge an ok line; a NUL is escaped", async () => {
    const bank = join(dir, "bank");
    const forged = "x\nbank: ok: 9 skill(s), 0 error(s), 0 warning(s) [strict]";
    mkdirSync(join(bank, forged), { recursive: true });
    writeFileSync(join(bank, forged, "SKILL.md"), '---\nname: "nul\\0name"\ndescription: d\n---\nbody\n');
    const r = await runCli(["validate", "bank"], dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines.filter((l) => l.startsWith("bank: "))).toEqual([
      "bank: failed: 1 skill(s), 1 error(s), 0 warning(s) [strict]",
    ]);
    expect(r.stdout).not.toContain("\u0000");
    expect(r.stdout).toContain("x\\nbank: ok: 9 skill(s)");
    expect(r.stdout).toContain("name 'nul\\x00name'");
  });

  it("a frontmatter tag beyond the core schema is an error naming the file and line", async () => {
    const bank = join(dir, "tagged");
    mkdirSync(join(bank, "tagged"), { recursive: true });
    writeFileSync(
      join(bank, "tagged", "SKILL.md"),
      "---\nname: tagged\ndescription: !!js/regexp /x/\n---\nbody\n",
    );
    const r = await runCli(["validate", "tagged"], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "tagged/SKILL.md:3: error SKILL_YAML_INVALID the tag !!js/regexp is not allowed (only the YAML core schema's)",
    );
  });
});
