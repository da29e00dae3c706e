// `skillops eval --runner kernel` end to end: a command agent (a small script written for this test)
// answers each example KernelBench task, and our Python harness scores the answer.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, TORCH_MISSING } from "../kernel/support.js";
import { runCli } from "./run-cli.js";

// The answers are baked into the script: in a sandbox the agent sees its own folder, not the test's.
const agentScript = (examples: string) => {
  const pick: Record<string, string> = {
    "scaled-relu": "fused.py",
    "row-softmax": "unstable.py",
    "linear-gelu": "addmm.py",
  };
  const answers = Object.fromEntries(
    Object.entries(pick).map(([id, file]) => [id, readFileSync(join(examples, id, "answers", file), "utf8")]),
  );
  return `
const fs = require("node:fs");
// Right answer for scaled-relu, a numerically wrong one for row-softmax.
const ANSWERS = ${JSON.stringify(answers)};
const req = JSON.parse(fs.readFileSync(0, "utf8"));
const src = ANSWERS[req.case.id];
process.stdout.write(JSON.stringify({ output: "\`\`\`python\\n" + src + "\`\`\`", usage: { input_tokens: 7, output_tokens: 3 } }));
`;
};

describe.skipIf(TORCH_MISSING)("skillops eval --runner kernel", () => {
  it("scores a command agent's ModelNew answers with the harness", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skillops-eval-kernel-"));
    const agent = join(dir, "agent.cjs");
    writeFileSync(agent, agentScript(join(ROOT, "examples/kernels/pool/general")));
    writeFileSync(
      join(dir, "skillops.yml"),
      "evaluate:\n  kernel:\n    device: cpu\n    iters: 1\n    warmup: 0\n",
    );
    const { code, stdout, stderr } = await runCli(
      [
        "eval",
        "--bank",
        join(ROOT, "skill-bank"),
        "--cases",
        join(ROOT, "examples/kernels/pool"),
        "--runner",
        "kernel",
        "--agent-cmd",
        `${process.execPath} agent.cjs`,
        "--config",
        join(dir, "skillops.yml"),
        "--n",
        "1",
        "--k",
        "1",
        "--json",
      ],
      dir,
    );
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const record = JSON.parse(stdout);
    const byId = Object.fromEntries(
      record.cases.map((c: { id: string; passAtK: number }) => [c.id, c.passAtK]),
    );
    expect(byId).toEqual({ "linear-gelu": 1, "row-softmax": 0, "scaled-relu": 1 });
    expect(record.cost.input).toBe(7);
  }, 180_000);
});
