// `skillops eval --runner command` hands the agent its recording proxy as OPENAI_BASE_URL and
// SKILLOPS_MODEL_URL; an agent that never calls it keeps its own usage, marked self-reported.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import type { CliIo } from "../../src/apps/cli/context.js";
import { EvalRecord } from "../../src/records/eval-record.js";

const AGENT = String.raw`
const a = process.env.OPENAI_BASE_URL, b = process.env.SKILLOPS_MODEL_URL;
const ok = a === b && /^http:\/\/127\.0\.0\.1:\d+\/v1$/.test(a ?? "");
console.log(JSON.stringify({ output: { answer: ok ? "ok" : "wrong " + a }, usage: { input_tokens: 40, output_tokens: 2 } }));
`;

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-proxy-env-"));
  await mkdir(join(root, "bank/helper"), { recursive: true });
  await mkdir(join(root, "cases/general"), { recursive: true });
  await writeFile(
    join(root, "bank/helper/SKILL.md"),
    "---\nname: helper\ndescription: Helps.\n---\nSay ok.\n",
  );
  await writeFile(join(root, "agent.mjs"), AGENT);
  await writeFile(
    join(root, "cases/general/c1.yml"),
    'id: c1\ncategory: general\ndiagnosis: d\ntask:\n  prompt: "Answer."\n  rubric:\n    - type: contains\n      path: $.answer\n      value: ok\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n',
  );
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe("skillops eval --runner command: the recording proxy", () => {
  it("reaches the agent as OPENAI_BASE_URL and SKILLOPS_MODEL_URL; unused, the usage stays self-reported", async () => {
    let stdout = "";
    const io: CliIo = {
      stdout: (t) => void (stdout += t),
      stderr: () => {},
      cwd: root,
      isTTY: false,
      env: {},
    };
    const args = [
      "--runner",
      "command",
      "--agent-cmd",
      `'${process.execPath}' agent.mjs`,
      "--json",
      "--no-cache",
    ];
    const code = await main(
      ["eval", "--bank", "bank", "--cases", "cases", "--n", "1", "--k", "1", ...args],
      io,
    );
    expect(code).toBe(0);
    const r = EvalRecord.parse(JSON.parse(stdout));
    expect(r.cases[0]!.passAtK).toBe(1);
    expect(r.cases[0]!.runDetails[0]).toMatchObject({
      usageSource: "self-reported",
      tokens: { input: 40, output: 2 },
    });
  });
});
