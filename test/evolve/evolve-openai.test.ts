// `skillops evolve --model openai` end to end over HTTP: the real OpenAI client, the reference agent
// and the model-backed roles talk to the local OpenAI double (every request validated against
// OpenAI's API description). The double plays a model that fixes a missing refund rule.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { RunRecord } from "../../src/records/run-record.js";
import { double, evolveIn, prepare, RULE, type Body } from "./openai-refund-world.js";

afterEach(async () => double?.close());

describe("skillops evolve --model openai (against the local OpenAI double)", () => {
  it("diagnoses, rewrites, gates and writes a frontier with the change summarised", async () => {
    const dir = await prepare();
    const { code, stdout, stderr } = await evolveIn(dir);
    expect(stderr).not.toMatch(/^(error|warning)/m);
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
        provenance: [expect.objectContaining({ text: expect.any(String) })],
        provenanceCases: ["dmg-1", "dmg-2"],
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
    expect(stderr).not.toMatch(/^(error|warning)/m);
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
