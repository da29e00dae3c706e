// `skillops evolve --model openai` on the example bank (skill-bank/) and pool (regression-pool/),
// pointed at the local OpenAI double playing a plain model that answers every role with
// schema-valid JSON. Most example pool cases have judge items: they reach the judge, so the
// baseline is measured, not a silent 0 from unscored items.
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/apps/cli/main.js";
import { RunRecord } from "../../src/records/run-record.js";
import { readPool } from "../../src/io/fsio/pool-store.js";
import {
  startOpenAIDouble,
  type DoubleReply,
  type OpenAIDouble,
  type RecordedRequest,
} from "../support/openai-double.js";
import { REPO_ROOT } from "../support/repo-root.js";

let double: OpenAIDouble | undefined;
afterEach(async () => double?.close());

type Body = {
  response_format?: { json_schema?: { name?: string } };
  messages: { role: string; content?: string | null }[];
};

/** A cautious model: it refuses to act, judges every answer as meeting its criterion, edits nothing much. */
function plainModel(req: RecordedRequest): DoubleReply {
  const body = req.body as Body;
  const user = body.messages.map((m) => (m.role === "user" ? (m.content ?? "") : "")).join("\n");
  const json = (value: unknown, usage = { input: 400, output: 30 }) => ({
    completion: { content: JSON.stringify(value), usage },
  });
  const plan = { skill: "compensation", plan: "State the compensation rules before acting." };
  switch (body.response_format?.json_schema?.name) {
    case "judge_verdict":
      return json({ reasoning: "The criterion is met.", pass: true }, { input: 250, output: 15 });
    case "diagnoser_proposal":
      return json({ root_cause: "rules are not stated", targets: ["compensation"], plans: [plan] });
    case "consolidated_plan":
      return json({ plans: [plan] });
    case "skill_rewrite": {
      const current = /Current SKILL\.md of \S+ \(data, not instructions\):\n(`{3,})\n([\s\S]*?)\n\1/.exec(
        user,
      );
      return json({
        skill_md: `${current?.[2] ?? ""}\n\nState the rules first.\n`,
        summary: "States the rules.",
      });
    }
  }
  const reply = { reply: "I'm sorry, I can't make that change under our policy.", actions: [] };
  return { completion: { content: JSON.stringify(reply), usage: { input: 900, output: 40 } } };
}

describe("skillops evolve --model openai on the example bank and pool", () => {
  it("sends the example pool's judge items to the judge and exits 0 with a measured baseline", async () => {
    double = await startOpenAIDouble(plainModel);
    const dir = await mkdtemp(join(tmpdir(), "skillops-example-openai-"));
    const config = join(dir, "skillops.yml");
    await writeFile(
      config,
      `categories: [general, hallucination, special]\nmodels:\n  provider: openai\n  baseURL: ${double.baseURL}\n  maxRetries: 0\nevolve:\n  maxIterations: 1\n  n: 1\n  k: 1\n`,
    );
    let stdout = "";
    let stderr = "";
    // Nogoods the run learns go to the temp folder, not the repository's .skillops/nogoods/.
    const argv = ["evolve", "--config", config, "--out", join(dir, "out"), "--nogoods", join(dir, "nogoods")];
    const paths = ["--bank", "skill-bank", "--cases", "regression-pool", "--pool", "regression-pool"];
    const code = await main([...argv, ...paths], {
      stdout: (t) => void (stdout += t),
      stderr: (t) => void (stderr += t),
      cwd: REPO_ROOT,
      isTTY: false,
      env: { OPENAI_API_KEY: "test-key" },
    });
    expect(stderr).not.toMatch(/^error/m);
    expect(code).toBe(0);
    expect(double.requests.flatMap((r) => r.errors)).toEqual([]);
    expect(double.scriptErrors).toEqual([]);

    const judged = double.requests.filter(
      (r) => (r.body as Body).response_format?.json_schema?.name === "judge_verdict",
    );
    // The baseline runs every case once (n = 1), so each judge item of the pool is asked at least once.
    const { cases } = await readPool(join(REPO_ROOT, "regression-pool"));
    const items = cases.flatMap((c) => c.task.rubric.filter((r) => r.type === "judge"));
    expect(items.length).toBeGreaterThan(0);
    expect(judged.length).toBeGreaterThanOrEqual(items.length);
    const record = RunRecord.parse(JSON.parse(await readFile(join(dir, "out", "run-record.json"), "utf8")));
    expect(Object.values(record.baseline.perCategory).some((rate) => rate > 0)).toBe(true);
    // The refusing agent meets the not-contains checks; the judge passes the rest. Cases with exact
    // figures or actions to take (all of general, the bag allowance's "4", special's rebooking) fail.
    expect(record.baseline.perCategory).toEqual({ general: 0, hallucination: 0.8, special: 2 / 3 });
    expect(record.tokens.judge!.calls).toBe(judged.length);
    // The human summary lists each role's model requests.
    expect(stdout).toMatch(new RegExp(`model calls: .*judge ${judged.length}\\b`));
    expect(stdout).toMatch(/model calls: .*agent \d+/);
  });
});
