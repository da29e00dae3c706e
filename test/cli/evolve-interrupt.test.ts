// Ctrl-C during `skillops evolve` (a real process, a real SIGINT): exit 130, with the exact command
// that resumes from the checkpoint printed; and that command does resume.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resumeCommand, shellQuote } from "../../src/apps/cli/evolve/resume-notice.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-interrupt-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the CLI from src/ in a child process and sends SIGINT once `when` matches its stderr. */
function interrupted(args: string[], when: RegExp) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/cli/fixtures/skillops-src.ts", ...args], {
    cwd: REPO_ROOT,
  });
  let stderr = "";
  let sent = false;
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString();
    if (!sent && when.test(stderr)) sent = child.kill("SIGINT");
  });
  return new Promise<{ code: number | null; signal: string | null; stderr: string }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, stderr })),
  );
}

describe("skillops evolve, interrupted", () => {
  it("exits 130 and prints the command that resumes from the checkpoint", async () => {
    const out = join(scratch, "out");
    const args = ["evolve", "--model", "sim", "--bank", join(REPO_ROOT, "skill-bank")];
    const rest = ["--out", out, "--nogoods", join(scratch, "nogoods"), "--max-iterations", "4"];
    // After iteration 2 starts, iteration 1's checkpoint is on disk.
    const r = await interrupted([...args, ...rest, "--fresh"], /iteration 2 /);
    expect([r.code, r.signal]).toEqual([130, null]);
    const command = `skillops ${[...args, ...rest].join(" ")}`;
    expect(r.stderr).toContain(
      `interrupted: ${join(out, "checkpoint.jsonl")} keeps every finished iteration; resume with:\n  ${command}\n`,
    );
    const resumed = await runCli(command.split(" ").slice(1), REPO_ROOT);
    expect(resumed.stderr).toMatch(/^resuming from .*checkpoint\.jsonl after iteration [1-3]$/m);
    expect(resumed.code).toBe(0);
  }, 180_000);

  it("quotes what a shell would split, and drops --fresh", () => {
    expect(resumeCommand(["evolve", "--out", "my out", "--fresh", "--scope", "it's"])).toBe(
      "skillops evolve --out 'my out' --scope 'it'\\''s'",
    );
    expect(shellQuote("a/b-c_d.e=f:g,h@i%j+k")).toBe("a/b-c_d.e=f:g,h@i%j+k");
  });
});
