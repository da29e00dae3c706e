// `skillops eval` exit status: a run that failed to execute is exit 1 (a failing rubric is not);
// `--fail-under` is exit 1 under the threshold; text output says why each case fails.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { runCli } from "../cli/run-cli.js";

// Case "crash" makes the agent exit 3 with a three-line stderr; case "wrong" answers "no"; "right" answers "ok".
const AGENT = String.raw`
import { readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
const mode = /mode=(\w+)/.exec(input.case.prompt)[1];
if (mode === "crash" || process.env.ALL_CRASH) { process.stderr.write("Traceback:\n  line 1\nValueError: boom\n"); process.exit(3); }
console.log(JSON.stringify({ output: { answer: mode === "right" ? "ok" : "no" }, usage: { input_tokens: 10, output_tokens: 1 } }));
`;

let root: string;

async function writeCase(id: string, mode: string): Promise<void> {
  await writeFile(
    join(root, "cases", "general", `${id}.yml`),
    [
      `id: ${id}`,
      "category: general",
      "diagnosis: the agent should answer ok",
      "task:",
      `  prompt: "Answer. mode=${mode}"`,
      "  rubric:",
      "    - type: equals",
      "      path: $.answer",
      "      value: ok",
      "provenance:",
      "  channel: manual",
      '  created: "2026-11-30T00:00:00Z"',
      "",
    ].join("\n"),
  );
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-eval-exit-"));
  await mkdir(join(root, "bank/helper"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    "---\nname: helper\ndescription: Answers ok when it should.\n---\nSay ok.\n",
  );
  await writeFile(join(root, "agent.mjs"), AGENT);
  await mkdir(join(root, "cases", "general"), { recursive: true });
  await writeCase("right", "right");
  await writeCase("wrong", "wrong");
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const evalArgs = (...extra: string[]) => [
  "eval",
  "--bank",
  "bank",
  "--runner",
  "command",
  "--agent-cmd",
  `'${process.execPath}' agent.mjs`,
  "--n",
  "1",
  "--k",
  "1",
  "--no-cache",
  ...extra,
];

describe("skillops eval exit status", () => {
  it("a failing rubric is a result: exit 0, and the text names the item and its reason", async () => {
    const r = await runCli(evalArgs("--cases", "cases"), root);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/fail general\/wrong[^\n]*\n {4}first failed rubric item: equals: .*no/);
  });

  it("--fail-under exits 1 under the threshold, 0 at or over it, 2 for a bad rate", async () => {
    const under = await runCli(evalArgs("--cases", "cases", "--fail-under", "0.6"), root);
    expect(under.code).toBe(1);
    expect(under.stderr).toMatch(/^error: total pass rate 50\.0% is under --fail-under 60\.0%$/m);
    const over = await runCli(evalArgs("--cases", "cases", "--fail-under", "50%", "--json"), root);
    expect(over.code).toBe(0);
    const bad = await runCli(evalArgs("--cases", "cases", "--fail-under", "1.5"), root);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--fail-under must be a rate between 0 and 1/);
  });

  it("a run that crashed exits 1 with the count and the stderr tail in full", async () => {
    await writeCase("crash", "crash");
    try {
      const r = await runCli(evalArgs("--cases", "cases"), root);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: 1 of 3 run\(s\) failed to execute .*general\/crash run 0: /m);
      expect(r.stdout).toMatch(
        /run 0 did not execute:\n.*exit.*\n.*Traceback:\n\s+line 1\n\s+ValueError: boom\n/,
      );
      const json = await runCli(evalArgs("--cases", "cases", "--json"), root);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout).total.n).toBe(3);
    } finally {
      await rm(join(root, "cases", "general", "crash.yml"));
    }
  });

  it("exits 1 when every run crashed (it used to exit 0)", async () => {
    // The agent sees ALL_CRASH only because the config passes it: children get an allowlist.
    await writeFile(join(root, "pass.yml"), "evaluate:\n  env:\n    pass: [ALL_CRASH]\n");
    const passed = [...evalArgs("--cases", "cases"), "--config", "pass.yml"];
    const all = await runCliWithEnv(passed, { ...process.env, ALL_CRASH: "1" });
    expect(all.code).toBe(1);
    expect(all.stderr).toMatch(/2 of 2 run\(s\) failed to execute/);
    const unlisted = await runCliWithEnv(evalArgs("--cases", "cases"), { ...process.env, ALL_CRASH: "1" });
    expect(unlisted.stderr).not.toMatch(/failed to execute/);
  });
});

async function runCliWithEnv(argv: string[], env: Record<string, string>) {
  let stdout = "";
  let stderr = "";
  const code = await main(argv, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd: root,
    isTTY: false,
    env,
  });
  return { code, stdout, stderr };
}
