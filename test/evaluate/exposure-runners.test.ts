// The exposure list in bank.yml reaches what the agent sees: the command agent's skills folder
// (`skillops eval` end to end) and the reference agent's system prompt list (over the HTTP double).
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { exposedSkills, withExposure } from "../../src/core/bank/exposure.js";
import type { CliIo } from "../../src/apps/cli/context.js";
import { main } from "../../src/apps/cli/main.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { EvalRecord } from "../../src/records/eval-record.js";
import { createReferenceRunner } from "../../src/io/runners/reference.js";
import { measure } from "../../src/core/evolve/measure.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble } from "../support/openai-double.js";
import { parseCase } from "../../src/core/cases/parse-case.js";
import { TEST_CONTAINMENT } from "../support/containment.js";

// Passes iff the skills folder holds `shown` and not `hidden`.
const AGENT = String.raw`
import { readFileSync, readdirSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
const dirs = readdirSync(input.skillsDir).sort().join(",");
console.log(JSON.stringify({ output: { answer: dirs === "shown" ? "ok" : "saw " + dirs }, usage: { input_tokens: 10, output_tokens: 1 } }));
`;
const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Use when ${name} matters.\n---\n# ${name}\n\nAnswer ok.\n`;
const CASE = [
  "id: c1",
  "category: general",
  "diagnosis: the agent should answer ok",
  "task:",
  '  prompt: "Answer."',
  "  rubric:",
  "    - type: contains",
  "      path: $.answer",
  "      value: ok",
  "provenance:",
  "  channel: manual",
  '  created: "2026-11-30T00:00:00Z"',
  "",
].join("\n");
const MANIFEST = "operatingPoint: baseline\ncandidate: null\nrun: null\nmetrics: null\n";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "skillops-exposure-"));
  for (const bank of ["exposed", "whole"])
    for (const s of ["shown", "hidden"]) {
      await mkdir(join(root, bank, s), { recursive: true });
      await writeFile(join(root, bank, s, "SKILL.md"), skillMd(s));
    }
  await writeFile(join(root, "exposed", "bank.yml"), `${MANIFEST}exposure: [shown]\n`);
  await writeFile(join(root, "whole", "bank.yml"), MANIFEST);
  await mkdir(join(root, "cases", "general"), { recursive: true });
  await writeFile(join(root, "cases", "general", "c1.yml"), CASE);
  await writeFile(join(root, "agent.mjs"), AGENT);
});
afterAll(async () => rm(root, { recursive: true, force: true }));

async function evalBank(bank: string) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    cwd: root,
    isTTY: false,
    env: {},
  };
  const args = ["eval", "--bank", bank, "--cases", "cases", "--runner", "command", "--agent-cmd"];
  const code = await main(
    [...args, `'${process.execPath}' agent.mjs`, "--json", "--no-cache", "--n", "1", "--k", "1"],
    io,
  );
  return {
    code,
    stderr,
    record: code === 0 || code === 1 ? EvalRecord.parse(JSON.parse(stdout)) : undefined,
  };
}

describe("exposure reaches the agent", () => {
  it("the command agent's skills folder holds only the exposed skills", async () => {
    const exposed = await evalBank("exposed");
    expect(exposed.stderr).toBe("");
    expect(exposed.record?.total.rate).toBe(1);
    // Without an exposure list the agent sees both skills, so the same case fails.
    const whole = await evalBank("whole");
    expect(whole.record?.total.rate).toBe(0);
  });

  it("the reference agent's system prompt lists only the exposed skills", async () => {
    const enc = new TextEncoder();
    const { bank: loaded } = loadBank(
      ["shown", "hidden"].map((s) => ({ path: `${s}/SKILL.md`, bytes: enc.encode(skillMd(s)) })),
    );
    const bank = withExposure(loaded, ["shown"]);
    const double = await startOpenAIDouble([
      { completion: { content: '{"answer":"ok"}', usage: { input: 10, output: 2 } } },
    ]);
    try {
      const config = ModelsConfig.parse({
        baseURL: double.baseURL,
        maxRetries: 0,
        roles: { agent: { model: "m" } },
      });
      const model = createOpenAIModel(config, { env: { OPENAI_API_KEY: "k" }, sleep: async () => {} });
      const runner = createReferenceRunner({
        containment: TEST_CONTAINMENT,
        model,
        modelSettings: model.settingsKey("agent"),
        maxTurns: 2,
        scriptTimeoutMs: 1000,
        maxOutputBytes: 10_000,
      });
      const m = await measure({
        skills: exposedSkills(bank, bank.skills),
        skillFiles: bank.files,
        cases: [parseCase(CASE, "general/c1.yml").case!],
        categories: ["general"],
        runner,
        n: 1,
        k: 1,
      });
      expect(m.passRate).toBe(1);
      const system = (double.requests[0]!.body as { messages: { content: string }[] }).messages[0]!.content;
      expect(system).toContain("shown");
      expect(system).not.toContain("hidden");
    } finally {
      await double.close();
    }
  });
});
