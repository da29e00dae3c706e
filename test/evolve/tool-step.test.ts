// The tool step end to end below the loop: the model-backed tool-smith over the OpenAI double, the
// real script parser (python3 -m py_compile) and the skill's own tests run by the CLI's runner.
import { afterEach, describe, expect, it } from "vitest";
import { parseBankScripts } from "../../src/apps/cli/audit/audit-scripts.js";
import { runBankScriptTests } from "../../src/apps/cli/audit/script-tests.js";
import { ModelsConfig } from "../../src/core/config/config.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import { applyToolPlans } from "../../src/core/evolve/tools/tool-step.js";
import { createOpenAIModel } from "../../src/io/llm/openai.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { bankOf, EXTRACT_PY, SCOPE, skillMd, textAt, toolBank } from "./tool-bank.js";
import { TEST_CONTAINMENT } from "../support/containment.js";
import type { SkillBank } from "../../src/core/bank/skill.js";

const TOOL = "tables/scripts/extract.py";
// The skill's own test: the column printed for --col 3 must be 3.
const TEST_PY = [
  "import subprocess, sys",
  'out = subprocess.run([sys.executable, "scripts/extract.py", "--col", "3"], capture_output=True, text=True).stdout',
  'sys.exit(0 if out.strip() == "3" else 1)',
  "",
].join("\n");

let double: OpenAIDouble | undefined;
afterEach(async () => {
  await double?.close();
  double = undefined;
});

async function smithWriting(content: string) {
  double = await startOpenAIDouble(() => ({
    completion: {
      content: JSON.stringify({
        kind: "patch",
        tool: TOOL,
        from: [],
        to: [],
        callers: [],
        files: [{ path: TOOL, content, deleted: false }],
        summary: "Patched the extractor.",
      }),
    },
  }));
  const model = createOpenAIModel(ModelsConfig.parse({ baseURL: double.baseURL, maxRetries: 0 }), {
    env: { OPENAI_API_KEY: "k" },
  });
  return createModelRoles(model).toolSmith!;
}

function bankWithTest() {
  const files: Record<string, string> = {};
  for (const f of toolBank().files) files[f.path] = new TextDecoder().decode(f.bytes);
  return bankOf({ ...files, "tables/scripts/test_extract.py": TEST_PY });
}

const plan = [{ skill: TOOL, plan: "patch: print the column", op: { kind: "patch" as const, tool: TOOL } }];
const checkers = {
  checkScripts: (bank: SkillBank, s: readonly { skill: string; file: string }[]) =>
    parseBankScripts(bank, s, TEST_CONTAINMENT),
  runScriptTests: (bank: SkillBank, t: readonly { skill: string; file: string }[]) =>
    runBankScriptTests(bank, t, TEST_CONTAINMENT),
};

describe("applyToolPlans", () => {
  it("drops a bundle whose script does not parse", async () => {
    const toolSmith = await smithWriting(EXTRACT_PY.replace("print(a.col)", "print(a.col"));
    const step = await applyToolPlans({
      toolSmith,
      ...checkers,
      parent: bankWithTest(),
      scope: SCOPE,
      plan,
      seed: 1,
    });
    expect(step.records).toHaveLength(1);
    expect(step.records[0]).toMatchObject({ tool: TOOL, kind: "patch", status: "dropped" });
    expect(step.records[0]!.reason).toMatch(/^tables\/scripts\/extract\.py does not parse: /);
    expect(step.changed).toEqual([]);
  });

  it("drops a bundle that breaks the skill's own test, and applies one that passes it", async () => {
    const broken = await smithWriting(EXTRACT_PY.replace("print(a.col)", "print(a.col + 1)"));
    const refused = await applyToolPlans({
      toolSmith: broken,
      ...checkers,
      parent: bankWithTest(),
      scope: SCOPE,
      plan,
      seed: 1,
    });
    expect(refused.records[0]).toMatchObject({ status: "dropped" });
    expect(refused.records[0]!.reason).toMatch(/^tables\/scripts\/test_extract\.py fails: exit 1/);
    await double!.close();
    const fixed = EXTRACT_PY.replace("print(a.col)", "print(int(a.col))");
    const good = await smithWriting(fixed);
    const step = await applyToolPlans({
      toolSmith: good,
      ...checkers,
      parent: bankWithTest(),
      scope: SCOPE,
      plan,
      seed: 1,
    });
    expect(step.records).toEqual([
      { tool: TOOL, kind: "patch", status: "applied", summary: "Patched the extractor.", files: [TOOL] },
    ]);
    expect(textAt(step.bank, TOOL)).toBe(fixed);
    expect(step.changed).toEqual([
      { skill: "tables", summary: `Tool patch of ${TOOL}: Patched the extractor.` },
    ]);
  });

  it("records which checks could not run, and drops tool plans without a tool-smith or outside the scope", async () => {
    const toolSmith = await smithWriting(EXTRACT_PY.replace("print(a.col)", "print(int(a.col))"));
    const unchecked = await applyToolPlans({
      toolSmith,
      parent: bankWithTest(),
      scope: SCOPE,
      plan,
      seed: 1,
    });
    expect(unchecked.records[0]).toMatchObject({
      status: "applied",
      skipped: ["parse: no checker in this run", "tests: no checker in this run"],
    });
    const none = await applyToolPlans({ parent: toolBank(), scope: SCOPE, plan, seed: 1 });
    expect(none.records).toEqual([
      { tool: TOOL, status: "dropped", reason: "no tool-smith role is configured", files: [] },
    ]);
    const outside = await applyToolPlans({
      toolSmith,
      parent: toolBank(),
      scope: ["invoices"],
      plan,
      seed: 1,
    });
    expect(outside.records[0]).toMatchObject({ status: "dropped", reason: "outside the working scope" });
    const nowhere = [{ skill: "ghost/scripts/x.py", plan: "patch" }];
    const missing = await applyToolPlans({
      toolSmith,
      parent: bankOf({ "a/SKILL.md": skillMd("a", "x") }),
      scope: ["a"],
      plan: nowhere,
      seed: 1,
    });
    expect(missing.records[0]).toMatchObject({
      status: "dropped",
      reason: "no skill of the bank holds this tool",
    });
  });
});
