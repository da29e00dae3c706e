// Exit codes that tell the truth about usage, and output to a reader that went away (issue 43):
// a command group without its subcommand is a usage error like bare `skillops` (help on stderr,
// exit 2); `--help` is still success on stdout; `evolve --help | head` ends quietly, not with an
// unhandled EPIPE and a stack trace.
import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

describe("a command group or no command at all", () => {
  it.each(["nogoods", "sim", "cache"])(
    "`skillops %s` prints its help to stderr and exits 2",
    async (group) => {
      const r = await runCli([group], REPO_ROOT);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(new RegExp(`^Usage: skillops ${group} `));
    },
  );

  it("bare `skillops` prints its help to stderr and exits 2, as the groups do", async () => {
    const r = await runCli([], REPO_ROOT);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^Usage: skillops /);
  });

  it("help asked for is success on stdout, for the program and for a group", async () => {
    for (const argv of [["--help"], ["sim", "--help"], ["help", "cache"]]) {
      const r = await runCli(argv, REPO_ROOT);
      expect([r.code, r.stderr]).toEqual([0, ""]);
      expect(r.stdout).toMatch(/^Usage: skillops /);
    }
  });
});

/** The CLI from src/ in a child process whose stdout reader closes before it writes anything. */
function withClosedStdout(args: string[]) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/cli/fixtures/skillops-src.ts", ...args], {
    cwd: REPO_ROOT,
  });
  // The child takes far longer to load than this takes to close our end: its first write meets EPIPE.
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stderr })),
  );
}

describe("stdout closed by its reader (`skillops evolve --help | head`)", () => {
  it("ends with the command's own exit status and no stack trace", async () => {
    const r = await withClosedStdout(["evolve", "--help"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  }, 60_000);
});
