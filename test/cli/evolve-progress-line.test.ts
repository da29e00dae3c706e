// Issue 43, "progress you can watch": a terminal run of `skillops evolve` shows "iteration t of T,
// budget x% used, about m minutes left" on stderr: one plain line per iteration when stderr is not
// a terminal (a CI log), one line rewritten in place on a terminal. stdout stays the --json record.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { runCli } from "./run-cli.js";

async function evolve(stderrIsTTY: boolean, env: Record<string, string> = {}) {
  const dir = await mkdtemp(join(tmpdir(), "skillops-progress-line-"));
  await writeFile(join(dir, "world.yml"), (await runCli(["sim", "new", "--seed", "4"], dir)).stdout);
  let stdout = "";
  let stderr = "";
  const code = await main(
    [
      "evolve",
      "--world",
      "world.yml",
      "--out",
      "o",
      "--json",
      "--max-iterations",
      "3",
      "--budget-tokens",
      "2000000",
    ],
    {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      cwd: dir,
      isTTY: false,
      stderrIsTTY,
      env,
    },
  );
  return { code, stdout, stderr };
}

const LINE =
  /^progress: iteration (\d+) of 3, budget \d+% used, (about \d+ minutes? left|under a minute left|finishing) \(simulated\)$/;

describe("evolve's progress line", () => {
  it("not a terminal: a plain progress line per iteration on stderr, only the record on stdout", async () => {
    const r = await evolve(false);
    expect(r.code).toBe(0);
    const record = JSON.parse(r.stdout) as { iterations: Array<{ t: number }> };
    expect(r.stdout).not.toMatch(/progress|iteration \d+ of/);
    const lines = r.stderr.split("\n").filter((l) => l.startsWith("progress:"));
    expect(lines.length).toBe(record.iterations.length);
    expect(lines.length).toBeGreaterThan(0);
    lines.forEach((l, i) => expect(LINE.exec(l)?.[1]).toBe(String(i + 1)));
    expect(r.stderr).not.toContain("\r");
  });

  it("a terminal: one line rewritten in place, erased before the last lines", async () => {
    const r = await evolve(true);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(/^progress:/m);
    const rewrites = r.stderr.split("\r\x1b[2K").slice(1);
    expect(rewrites.some((s) => /^iteration 1 of 3, budget \d+% used, .* \(simulated\)/.test(s))).toBe(true);
    // Erased before the run's last lines: no progress text is left in front of them.
    const last = rewrites.at(-1)!;
    expect(last).not.toMatch(/^iteration/);
    expect(last).toMatch(/^(.*\n)*stopped: /);
  });

  it("a terminal in CI: plain lines, which a log keeps readable", async () => {
    const r = await evolve(true, { CI: "true" });
    expect(r.stderr).toMatch(/^progress: iteration 1 of 3, /m);
    expect(r.stderr).not.toContain("\r");
  });
});
