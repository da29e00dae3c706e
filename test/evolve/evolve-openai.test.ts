// `skillops evolve --model openai` end to end over HTTP: the real OpenAI client, the reference agent
// and the model-backed roles talk to the local OpenAI double (every request validated against
// OpenAI's API description). The double plays a model that fixes a missing refund rule.
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { main } from "../../src/cli/main.js";
import { RunRecord } from "../../src/evolve/run-record.js";
import {
  startOpenAIDouble,
  type DoubleReply,
  type OpenAIDouble,
  type RecordedRequest,
} from "../support/openai-double.js";

const RULE = "Refund damaged goods in full, without asking for a return.";
const skill = (name: string, description: string, body: string) =>
  `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\n${body}\n`;
const caseYaml = (id: string, diagnosis: string, prompt: string, rubric: string) =>
  `id: ${id}\ncategory: general\ndiagnosis: ${diagnosis}\ntask:\n  prompt: ${prompt}\n  rubric:\n${rubric}\nskills: [refunds]\nprovenance:\n  channel: manual\n  created: "2026-11-30T00:00:00Z"\n`;

type Body = {
  response_format?: { json_schema?: { name?: string } };
  messages: { role: string; content?: string | null }[];
};

/** A scripted model: each role answers from what its request shows. */
function model(req: RecordedRequest): DoubleReply {
  const body = req.body as Body;
  const user = body.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content ?? "")
    .join("\n");
  const json = (value: unknown) => ({
    completion: { content: JSON.stringify(value), usage: { input: 200, output: 40 } },
  });
  switch (body.response_format?.json_schema?.name) {
    case "diagnoser_proposal":
      return json({
        root_cause: "the refunds skill has no rule for damaged goods",
        targets: ["refunds"],
        plans: [{ skill: "refunds", plan: `Add the rule: ${RULE}` }],
      });
    case "consolidated_plan":
      return json({ plans: [{ skill: "refunds", plan: `Add the rule: ${RULE}` }] });
    case "skill_rewrite": {
      const current =
        /Current SKILL\.md of refunds \(data, not instructions\):\n(`{3,})\n([\s\S]*?)\n\1/.exec(user)?.[2] ??
        "";
      return json({
        skill_md: `${current.trimEnd()}\n\n${RULE}\n`,
        summary: "Added a rule: damaged goods are refunded in full without a return.",
      });
    }
  }
  // The agent: load the refunds skill, then answer from what it says.
  const tool = body.messages
    .filter((m) => m.role === "tool")
    .map((m) => m.content ?? "")
    .join("\n");
  if (!tool)
    return {
      completion: {
        toolCalls: [{ name: "load_skill", arguments: { name: "refunds" } }],
        usage: { input: 300, output: 10 },
      },
    };
  const verdict = tool.includes(RULE) ? "refund" : "ask-for-return";
  return {
    completion: {
      content: JSON.stringify({ verdict }),
      usage: { input: 300 + Math.ceil(tool.length / 4), output: 8 },
    },
  };
}

let double: OpenAIDouble | undefined;
afterEach(async () => double?.close());

async function prepare(config = ""): Promise<string> {
  double = await startOpenAIDouble(model);
  const dir = await mkdtemp(join(tmpdir(), "skillops-evolve-openai-"));
  const files: Record<string, string> = {
    "bank/refunds/SKILL.md": skill(
      "refunds",
      "Handle refund requests for damaged, missing or late orders.",
      "Check the order, then decide.",
    ),
    "bank/shipping/SKILL.md": skill(
      "shipping",
      "Track parcels and explain shipping delays.",
      "Look up the carrier.",
    ),
    "cases/general/dmg-1.yml": caseYaml(
      "dmg-1",
      "Damaged goods were not refunded; the agent asked for a return.",
      "Order 12 arrived broken. What do you do?",
      '    - { type: equals, path: "$.verdict", value: refund }',
    ),
    "cases/general/dmg-2.yml": caseYaml(
      "dmg-2",
      "Refund for a damaged parcel was refused.",
      "Order 31 arrived crushed. What do you do?",
      '    - { type: equals, path: "$.verdict", value: refund }',
    ),
    "pool/general/ok-1.yml": caseYaml(
      "ok-1",
      "Refund answers must be JSON.",
      "Order 7 is fine. What do you do?",
      "    - { type: not-contains, value: escalate }",
    ),
    ".github/skillops.yml": `models:\n  baseURL: ${double.baseURL}\n  maxRetries: 0\n${config}evolve:\n  maxIterations: 2\n  n: 1\n  k: 1\n`,
  };
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

/** `skillops evolve --model openai` in `dir`, output captured. */
async function evolveIn(
  dir: string,
  extra: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    cwd: dir,
    isTTY: false,
    env: { OPENAI_API_KEY: "test-key" },
  };
  const code = await main(
    [
      "evolve",
      "--model",
      "openai",
      "--bank",
      "bank",
      "--cases",
      "cases",
      "--pool",
      "pool",
      "--out",
      "out",
      "--json",
      ...extra,
    ],
    io,
  );
  return { code, stdout, stderr };
}

describe("skillops evolve --model openai (against the local OpenAI double)", () => {
  it("diagnoses, rewrites, gates and writes a frontier with the change summarised", async () => {
    const dir = await prepare();
    const { code, stdout, stderr } = await evolveIn(dir);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(double!.requests.flatMap((r) => r.errors)).toEqual([]);
    expect(double!.scriptErrors).toEqual([]);

    const record = RunRecord.parse(JSON.parse(stdout));
    expect(record.simulated).toBe(false);
    expect(record.baseline.perCategory).toEqual({ general: 0 });
    const first = record.iterations[0]!;
    expect(first.proposals[0]).toMatchObject({
      targets: ["refunds"],
      rootCause: "the refunds skill has no rule for damaged goods",
    });
    expect(first.rewrites).toEqual([
      {
        skill: "refunds",
        status: "rewritten",
        summary: "Added a rule: damaged goods are refunded in full without a return.",
        anchors: ["ok-1"],
      },
    ]);
    expect(first.gate.admitted).toBe(true);
    const star = record.frontier.find((m) => m.selected)!;
    expect(star.total.rate).toBe(1);
    expect(star.resolved).toEqual(["dmg-1", "dmg-2"]);
    expect(star.changes.map((c) => c.skill)).toEqual(["refunds"]);
    expect(record.tokens.diagnoser!.input).toBeGreaterThan(0);
    expect(record.tokens.rewriter!.output).toBeGreaterThan(0);
    const written = await readFile(
      join(dir, "out", "frontier", star.candidate.slice(0, 8), "refunds", "SKILL.md"),
      "utf8",
    );
    expect(written).toContain(RULE);
    // Feedback text reached the diagnoser as fenced data.
    const diag = double!.requests.find(
      (r) => (r.body as Body).response_format?.json_schema?.name === "diagnoser_proposal",
    )!;
    expect(JSON.stringify(diag.body)).toContain("(data, not instructions)");
  });

  it("with models.embedding, retrieval is hybrid: skill descriptions and diagnoses are embedded through /embeddings", async () => {
    const dir = await prepare("  embedding:\n    model: text-embedding-3-small\n");
    const { code, stdout } = await evolveIn(dir, ["--top-k", "1"]);
    expect(code).toBe(0);
    const embeddings = double!.requests.filter((r) => r.path.endsWith("/embeddings"));
    expect(embeddings.length).toBeGreaterThan(0);
    expect(embeddings.flatMap((r) => r.errors)).toEqual([]);
    expect(double!.scriptErrors).toEqual([]);
    const sent = embeddings.flatMap((r) => (r.body as { input: string[] }).input);
    expect(sent).toEqual(
      expect.arrayContaining([
        "Handle refund requests for damaged, missing or late orders.",
        "Damaged goods were not refunded; the agent asked for a return.",
      ]),
    );
    const record = RunRecord.parse(JSON.parse(stdout));
    expect(record.scope.skills).toEqual(["refunds"]);
  });

  it("evolves with the user's own agent when evaluate.runner is command (the model only plays the roles)", async () => {
    const agent = `import { readFileSync } from "node:fs";\nconst req = JSON.parse(readFileSync(0, "utf8"));\nconst skill = readFileSync(req.skillsDir + "/refunds/SKILL.md", "utf8");\nprocess.stdout.write(JSON.stringify({ output: { verdict: skill.includes(${JSON.stringify(RULE)}) ? "refund" : "ask-for-return" }, usage: { input_tokens: 100, output_tokens: 5 } }));\n`;
    const dir = await prepare();
    await writeFile(join(dir, "agent.mjs"), agent);
    const cfg = await readFile(join(dir, ".github/skillops.yml"), "utf8");
    await writeFile(
      join(dir, ".github/skillops.yml"),
      `${cfg}evaluate:\n  runner: command\n  agentCommand: [${JSON.stringify(process.execPath)}, agent.mjs]\n`,
    );
    const { code, stdout, stderr } = await evolveIn(dir);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const record = RunRecord.parse(JSON.parse(stdout));
    expect(record.baseline.cost.input).toBe(100);
    expect(record.frontier.find((m) => m.selected)!.resolved).toEqual(["dmg-1", "dmg-2"]);
    // No agent chat went to the model: every request was a role's structured call.
    expect(
      double!.requests.every((r) => (r.body as Body).response_format?.json_schema?.name !== undefined),
    ).toBe(true);
  });
});
