// The Action's `command: doctor`: the CLI's doctor in-process, its checks as a table in the job
// summary, and the step's exit status the doctor's (1 when a check failed).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAction } from "../../src/apps/action/run-action.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-action-doctor-"));
  await mkdir(join(root, ".github"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function step(config: string) {
  await writeFile(join(root, ".github/skillops.yml"), config);
  const summary = join(root, `summary-${Math.abs(config.length)}.md`);
  await writeFile(summary, "");
  let log = "";
  const code = await runAction({
    env: { PATH: process.env.PATH, INPUT_COMMAND: "doctor", GITHUB_STEP_SUMMARY: summary },
    cwd: root,
    stdout: (t) => void (log += t),
    stderr: (t) => void (log += t),
  });
  return { code, summary: await readFile(summary, "utf8"), log };
}

describe("the Action's doctor step", () => {
  it("puts the checks in the job summary and fails the step when one failed", async () => {
    const r = await step("models:\n  baseURL: http://127.0.0.1:9/v1\nevaluate:\n  sandbox: none\n");
    expect(r.code).toBe(1);
    expect(r.summary).toContain(
      "**Error:** 2 doctor check(s) failed: key OPENAI_API_KEY, model endpoint; each one's fix is above",
    );
    expect(r.summary).toContain("### skillops doctor\n\n| | check | found | fix |\n|---|---|---|---|\n");
    expect(r.summary).toMatch(/\| fail \| key OPENAI_API_KEY \| not set \| export OPENAI_API_KEY=…/);
    expect(r.summary).toMatch(/\| fail \| model endpoint \| http:\/\/127\.0\.0\.1:9\/v1 is unreachable \(/);
  });
});
