// `skillops eval --runner kernel` end to end: a command agent (a small script written for this test)
// answers each example KernelBench task, and our Python harness scores the answer.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, TORCH_MISSING } from "../kernel/support.js";
import { runCli } from "./run-cli.js";

const agentScript = (examples: string) => `
const fs = require("node:fs");
const EXAMPLES = ${JSON.stringify(examples)};
const req = JSON.parse(fs.readFileSync(0, "utf8"));
// Right answer for scaled-relu, a numerically wrong one for row-softmax.
const pick = { "scaled-relu": "fused.py", "row-softmax": "unstable.py", "linear-gelu": "addmm.py" }[req.case.id];
const src = fs.readFileSync(EXAMPLES + "/" + req.case.id + "/answers/" + pick, "utf8");
process.stdout.write(JSON.stringify({ output: "\`\`\`python\\n" + src + "\`\`\`", usage: { input_tokens: 7, output_tokens: 3 } }));
`;

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
        `${process.execPath} ${agent}`,
        "--config",
        join(dir, "skillops.yml"),
        "--n",
        "1",
        "--k",
        "1",
        "--json",
      ],
      ROOT,
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
