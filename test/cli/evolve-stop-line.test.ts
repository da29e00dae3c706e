// `skillops evolve` in a terminal printed why it stopped twice (issue 43): on stderr as progress and
// again at the head of the summary on stdout. It is said once; with --json, stdout is the record,
// so stderr says it (test/evolve/evolve-progress.test.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-cli.js";

const scratch = mkdtempSync(join(tmpdir(), "skillops-stop-line-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("skillops evolve's last words", () => {
  it("says why the run stopped once, in the summary", async () => {
    const r = await runCli(
      [
        "evolve",
        "--model",
        "sim",
        "--bank",
        join(REPO_ROOT, "skill-bank"),
        "--out",
        join(scratch, "out"),
        "--nogoods",
        join(scratch, "nogoods"),
        "--max-iterations",
        "1",
      ],
      scratch,
    );
    expect(r.code).toBe(0);
    const said = `${r.stdout}\n${r.stderr}`.match(/^stopped: max-iterations after iteration 1$/gm);
    expect(said).toHaveLength(1);
    expect(r.stdout).toMatch(/^stopped: max-iterations after iteration 1$/m);
  }, 120_000);
});
