// The evolve process's restart with a smaller young generation and fewer malloc arenas
// (lean-start.ts): what it adds, that the user's own settings win, that it happens once, and that the
// replaced process keeps its pid, arguments, output and exit status (a real process.execve).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  LEAN_MARKER,
  leanStart,
  MALLOC_SETTINGS,
  MAX_SEMI_SPACE_MB,
} from "../../src/apps/cli/evolve/lean-start.js";
import { REPO_ROOT } from "../support/repo-root.js";

const SEMI = `--max-semi-space-size=${MAX_SEMI_SPACE_MB}`;
const ADDED = Object.keys(MALLOC_SETTINGS);

describe("leanStart", () => {
  it("adds the semi-space flag and the malloc settings when the process set none", () => {
    expect(leanStart(["--enable-source-maps"], { PATH: "/bin" })).toEqual({
      flags: [SEMI],
      env: { PATH: "/bin", ...MALLOC_SETTINGS, [LEAN_MARKER]: ADDED.join(",") },
    });
  });

  it("leaves the user's own values alone, and does nothing when all are set", () => {
    expect(leanStart(["--max-semi-space-size=32"], {})?.flags).toEqual([]);
    expect(leanStart([], { NODE_OPTIONS: "--max_semi_space_size=2" })?.flags).toEqual([]);
    expect(leanStart([], { MALLOC_ARENA_MAX: "8" })).toEqual({
      flags: [SEMI],
      env: {
        ...MALLOC_SETTINGS,
        MALLOC_ARENA_MAX: "8",
        [LEAN_MARKER]: ADDED.filter((n) => n !== "MALLOC_ARENA_MAX").join(","),
      },
    });
    const all = Object.fromEntries(ADDED.map((n) => [n, "8"]));
    expect(leanStart(["--max-semi-space-size=32"], all)).toBeUndefined();
  });

  it("never restarts a process that was restarted already", () => {
    expect(leanStart([], { [LEAN_MARKER]: "" })).toBeUndefined();
  });

  it("names a flag this Node's V8 accepts", () => {
    const r = spawnSync(process.execPath, [SEMI, "-e", "0"], { encoding: "utf8" });
    expect(r).toMatchObject({ status: 0, stderr: "" });
  });
});

describe("restartLean", () => {
  const scratch = mkdtempSync(join(tmpdir(), "lean-start-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const script = join(scratch, "restart.mts");
  const module = pathToFileURL(join(REPO_ROOT, "src/apps/cli/evolve/lean-start.ts")).href;
  // Prints what it runs with (once per start, so a second restart would show), then ends as told.
  writeFileSync(
    script,
    `import { restartLean } from ${JSON.stringify(module)};\n` +
      `process.stdout.write(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, argv: process.argv.slice(2), arenas: process.env.MALLOC_ARENA_MAX ?? null, marker: process.env.${LEAN_MARKER} ?? null }) + "\\n");\n` +
      `restartLean();\n` +
      `process.stdout.write(JSON.stringify({ after: { arenas: process.env.MALLOC_ARENA_MAX ?? null, marker: process.env.${LEAN_MARKER} ?? null } }) + "\\n");\n` +
      `if (process.argv[2] === "exit") process.exitCode = 7;\n` +
      `if (process.argv[2] === "signal") process.kill(process.pid, "SIGTERM");\n`,
  );
  const run = (arg: string, env: Record<string, string> = {}, flags: string[] = []) => {
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !ADDED.includes(k) && k !== LEAN_MARKER),
    );
    const r = spawnSync(process.execPath, [...flags, "--import", "tsx", script, arg, "--json"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...clean, ...env },
    });
    const lines = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { status: r.status, signal: r.signal, stderr: r.stderr, lines };
  };

  it("restarts once, as the same process with the same arguments, and keeps the exit status", () => {
    const r = run("exit");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(7);
    // The first start, then the restarted one (with the settings), then its line after restartLean.
    expect(r.lines).toHaveLength(3);
    const [first, second, after] = r.lines as [Record<string, unknown>, Record<string, unknown>, unknown];
    expect(first).toMatchObject({ arenas: null, marker: null, argv: ["exit", "--json"] });
    expect(second).toMatchObject({
      pid: first["pid"],
      arenas: MALLOC_SETTINGS["MALLOC_ARENA_MAX"],
      argv: ["exit", "--json"],
    });
    expect(second["execArgv"]).toEqual([...(first["execArgv"] as string[]), SEMI]);
    // The commands the run starts inherit the user's environment, not the added variables.
    expect(after).toEqual({ after: { arenas: null, marker: null } });
  });

  it("ends by the same signal when the restarted process is killed", () => {
    const r = run("signal");
    expect(r.signal).toBe("SIGTERM");
    expect(r.lines).toHaveLength(3);
  });

  it("keeps the user's values, and starts once when they leave nothing to add", () => {
    const all = Object.fromEntries(ADDED.map((n) => [n, "4"]));
    const r = run("exit", all, ["--max-semi-space-size=16"]);
    expect(r.status).toBe(7);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toMatchObject({ arenas: "4", marker: null });
    expect(r.lines[0]!["execArgv"]).toContain("--max-semi-space-size=16");
    expect(r.lines[1]).toEqual({ after: { arenas: "4", marker: null } });
  });
});
