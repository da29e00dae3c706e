import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadBankFromFolder } from "../../src/io/fsio/load-bank.js";
import { readFolder } from "../../src/io/fsio/read-folder.js";
import { writeFolder } from "../../src/io/fsio/write-folder.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-fsio-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const enc = (s: string) => new TextEncoder().encode(s);

function put(root: string, path: string, data: string | Buffer): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), data);
}

describe("readFolder", () => {
  it("reports symlinks, escapes, non-UTF-8 text and over-size files instead of loading them", async () => {
    const root = join(scratch, "hostile");
    const outside = join(scratch, "outside");
    put(outside, "secret.md", "top secret\n");
    put(root, "a/SKILL.md", "---\nname: a\ndescription: d\n---\n");
    put(root, "a/scripts/run.sh", "#!/bin/sh\n");
    chmodSync(join(root, "a/scripts/run.sh"), 0o755);
    put(root, "a/assets/blob.bin", Buffer.from([0xff, 0xfe, 0x00]));
    put(root, "a/references/latin1.md", Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    put(root, "a/references/huge.md", "x".repeat(5000));
    symlinkSync(join(outside, "secret.md"), join(root, "a/references/link.md"));
    symlinkSync(outside, join(root, "a/linked-dir"));
    put(root, ".git/config", "[core]\n");
    put(root, "node_modules/x/index.js", "x\n");

    const { files, diagnostics } = await readFolder(root, { maxFileBytes: 4096 });
    expect(files.map((f) => [f.path, Boolean(f.executable)])).toEqual([
      ["a/SKILL.md", false],
      ["a/assets/blob.bin", false],
      ["a/scripts/run.sh", true],
    ]);
    expect(diagnostics.map((d) => [d.file, d.code])).toEqual([
      ["a/linked-dir", "FS_SYMLINK"],
      ["a/references/huge.md", "FS_FILE_TOO_LARGE"],
      ["a/references/latin1.md", "FS_NOT_UTF8"],
      ["a/references/link.md", "FS_SYMLINK"],
    ]);
    expect(diagnostics.every((d) => d.severity === "error")).toBe(true);
    expect(JSON.stringify(files.map((f) => new TextDecoder().decode(f.bytes)))).not.toContain("top secret");
  });

  it("a bank root that is itself a symlink is read as its target (no false escapes)", async () => {
    const real = join(scratch, "real-bank");
    put(real, "a/SKILL.md", "---\nname: a\ndescription: d\n---\n");
    symlinkSync(real, join(scratch, "bank-link"));
    const { files, diagnostics } = await readFolder(join(scratch, "bank-link"));
    expect(files.map((f) => f.path)).toEqual(["a/SKILL.md"]);
    expect(diagnostics).toEqual([]);
  });
});

describe("writeFolder", () => {
  it("writes files and modes, and round-trips with readFolder", async () => {
    const root = join(scratch, "out");
    const files = [
      { path: "a/SKILL.md", bytes: enc("---\nname: a\ndescription: d\n---\n") },
      { path: "a/scripts/x.sh", bytes: enc("echo\n"), executable: true },
    ];
    await writeFolder(root, files);
    expect(statSync(join(root, "a/scripts/x.sh")).mode & 0o777).toBe(0o755);
    const back = await readFolder(root);
    expect(back.files).toEqual(files);
  });

  it("refuses paths that escape the root and writes nothing at all", async () => {
    const root = join(scratch, "guarded");
    await expect(
      writeFolder(root, [
        { path: "ok.md", bytes: enc("x") },
        { path: "../evil.md", bytes: enc("x") },
      ]),
    ).rejects.toThrow('refusing to write: "../evil.md" (path escapes the bank');
    expect(existsSync(join(root, "ok.md"))).toBe(false);
    expect(existsSync(join(scratch, "evil.md"))).toBe(false);
    await expect(writeFolder(root, [{ path: "/etc/x", bytes: enc("x") }])).rejects.toThrow(
      "path is absolute",
    );
  });

  it("refuses to write through an existing symlink", async () => {
    const root = join(scratch, "trap");
    const target = join(scratch, "trap-target");
    mkdirSync(target, { recursive: true });
    mkdirSync(root, { recursive: true });
    symlinkSync(target, join(root, "a"));
    await expect(writeFolder(root, [{ path: "a/SKILL.md", bytes: enc("x") }])).rejects.toThrow(
      /is a symbolic link/,
    );
    expect(existsSync(join(target, "SKILL.md"))).toBe(false);
  });
});

describe("loadBankFromFolder", () => {
  it("merges filesystem and bank diagnostics with user-facing paths", async () => {
    const root = join(scratch, "mixed");
    put(root, "a/SKILL.md", "---\nname: a\ndescription: d\nmetadata:\n  refs: b\n---\n");
    put(root, "b/SKILL.md", "---\nname: b\ndescription: d\n---\n");
    put(root, "b/references/bad.md", Buffer.from([0xc3, 0x28]));
    const r = await loadBankFromFolder("mixed", { cwd: scratch });
    expect(r.kind).toBe("bank");
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      "mixed/b/references/bad.md:0 FS_NOT_UTF8",
    ]);
    expect(r.bank.skills.map((s) => s.name)).toEqual(["a", "b"]);
    expect(readFileSync(join(root, "b/references/bad.md")).length).toBe(2);
  });

  it("an unreadable SKILL.md is reported once, not also as a folder without SKILL.md", async () => {
    const root = join(scratch, "latin1");
    put(root, "a/SKILL.md", Buffer.from("---\nname: a\ndescription: caf\xe9\n---\n", "latin1"));
    put(root, "a/scripts/x.sh", "echo\n");
    const r = await loadBankFromFolder(root);
    expect(r.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      `${root}/a/SKILL.md:0 FS_NOT_UTF8`,
    ]);
    const one = await loadBankFromFolder(join(root, "a"));
    expect(one.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([
      `${root}/a/SKILL.md:0 FS_NOT_UTF8`,
    ]);
  });
});
