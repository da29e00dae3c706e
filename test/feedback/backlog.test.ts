// `skillops ingest --backlog`: a mixed backlog in JSONL and in Markdown, classified once through the
// simulated endpoint over HTTP (the real openai client): executable items become draft cases, advice
// becomes knowledge.md entries, and every bad input stops the batch with its line named.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseKnowledge } from "../../src/core/bank/knowledge.js";
import { readPool } from "../../src/io/fsio/pool-store.js";
import { parseBacklog } from "../../src/core/feedback/backlog.js";
import { startOpenAIDouble, type OpenAIDouble } from "../support/openai-double.js";
import { runCli } from "../cli/run-cli.js";

let dir: string;
let double: OpenAIDouble | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-backlog-"));
});
afterEach(async () => {
  await double?.close();
  double = undefined;
  await rm(dir, { recursive: true, force: true });
});

const ITEMS = [
  {
    title: "Refund window misquoted",
    body: 'It said refunds are fine after 60 days. It should say "30 days".',
    evidence: "User: can I get a refund after 40 days?",
    expected: 'Say "30 days".',
    author: "joe",
  },
  {
    title: "Wrong baggage count",
    body: "It promised 4 free bags to a basic economy passenger.",
    evidence: "User: I'm basic economy, how many free bags?",
    category: "hallucination",
  },
  {
    title: "Be kind to angry customers",
    body: "Acknowledge the frustration before anything else.",
    skill: "refunds",
  },
  {
    title: "Ask for the booking code",
    body: "Ask for the booking code first instead of the name.",
    evidence: "User: cancel my flight",
  },
  {
    title: "Quote the policy line",
    body: "Name the policy clause you rely on.",
    skill: "baggage",
    author: "ann",
  },
];
const JSONL = `${ITEMS.map((i) => JSON.stringify(i)).join("\n")}\n`;
const CASES = ITEMS.filter((i) => "evidence" in i).length;
const ADVICE = ITEMS.length - CASES;

const MARKDOWN = `# Old feedback, exported from the wiki

## Refund window misquoted
It said refunds are fine after 60 days. It should say "30 days".
Evidence: User: can I get a refund after 40 days?
Author: joe

## Greet returning customers
Use their name when they come back.
Skill: refunds

## Wrong baggage count
Category: hallucination
Evidence: User: how many free bags in basic economy?
It promised 4 free bags.

\`\`\`
## not a section: inside a fence
\`\`\`
`;

const ingest = (...args: string[]) => runCli(["ingest", ...args], dir);

describe("ingest --backlog on the simulated endpoint", () => {
  it("JSONL: executable items become draft cases, advice becomes knowledge entries", async () => {
    await writeFile(join(dir, "backlog.jsonl"), JSONL);
    const r = await ingest("--backlog", "backlog.jsonl", "--json");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      simulated: true,
      accepted: false,
      cases: CASES,
      knowledge: ADVICE,
      out: "regression-pool",
      knowledgeDir: "knowledge-drafts",
    });
    const pool = await readPool(join(dir, "regression-pool"));
    expect(pool.diagnostics).toEqual([]);
    expect(pool.cases).toHaveLength(CASES);
    for (const c of pool.cases) {
      expect(c.id).toMatch(/^backlog-[0-9a-f]{12}$/);
      expect(c.provenance).toMatchObject({ channel: "backlog", draft: true });
      expect(c.provenance.acceptedBy).toBeUndefined();
    }
    expect(pool.cases.find((c) => c.category === "hallucination")?.task.prompt).toContain("basic economy");
    const refunds = pool.cases.find((c) => c.provenance.author === "joe")!;
    expect(refunds.task.rubric).toEqual([{ type: "contains", value: "30 days", ignoreCase: true }]);
    const knowledge = ["refunds", "baggage"].map(async (s) =>
      parseKnowledge(await readFile(join(dir, "knowledge-drafts", s, "knowledge.md"), "utf8"), s),
    );
    const [refundsK, baggageK] = await Promise.all(knowledge);
    expect(refundsK!.entries).toHaveLength(1);
    expect(refundsK!.entries[0]!.provenance).toMatch(/^backlog backlog\.jsonl:3, draft, not yet accepted, /);
    expect(baggageK!.entries[0]!.provenance).toMatch(/^backlog backlog\.jsonl:5 by @ann, draft/);
    // The same backlog again writes the same case files and no second knowledge entry.
    await ingest("--backlog", "backlog.jsonl");
    expect((await readPool(join(dir, "regression-pool"))).cases).toHaveLength(CASES);
    const again = await readFile(join(dir, "knowledge-drafts/refunds/knowledge.md"), "utf8");
    expect(parseKnowledge(again, "k").entries).toHaveLength(1);
  });

  it("eval and evolve skip drafts, and refuse a folder of drafts only", async () => {
    await writeFile(join(dir, "backlog.jsonl"), JSONL);
    await ingest("--backlog", "backlog.jsonl", "--out", "drafts");
    await mkdir(join(dir, "bank/refunds"), { recursive: true });
    await writeFile(
      join(dir, "bank/refunds/SKILL.md"),
      "---\nname: refunds\ndescription: Refunds.\n---\nBody.\n",
    );
    const ev = await runCli(["eval", "--bank", "bank", "--cases", "drafts"], dir);
    expect(ev.code).toBe(2);
    expect(ev.stderr).toContain(`skipped ${CASES} draft case(s) not yet accepted by a maintainer`);
    expect(ev.stderr).toContain(
      "--cases drafts: every case is a draft; accept at least one before evaluating",
    );
    const evo = await runCli(["evolve", "--bank", "bank", "--cases", "drafts"], dir);
    expect(evo.code).not.toBe(0);
    expect(evo.stderr).toContain(`warning: --cases drafts: skipped ${CASES} draft case(s)`);
  });

  it("Markdown: one item per ## section; --accept records who accepted, and advice goes to the bank", async () => {
    await writeFile(join(dir, "backlog.md"), MARKDOWN);
    const r = await ingest("--backlog", "backlog.md", "--accept", "--out", "pool", "--knowledge", "bank");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "3 item(s): 2 case(s) to pool, 1 knowledge entry to bank (1 new); accepted by",
    );
    expect(r.stdout).toContain("(simulated model)");
    const pool = await readPool(join(dir, "pool"));
    expect(pool.cases.map((c) => c.category).sort()).toEqual(["general", "hallucination"]);
    for (const c of pool.cases) {
      expect(c.provenance.draft).toBeUndefined();
      expect(c.provenance.acceptedBy).toBe("local-maintainer");
    }
    const k = await readFile(join(dir, "bank/refunds/knowledge.md"), "utf8");
    expect(parseKnowledge(k, "k").entries[0]).toMatchObject({
      text: "Use their name when they come back.",
      provenance: expect.stringMatching(/^backlog backlog\.md:8, accepted by @local-maintainer, /),
    });
  });
});

describe("ingest --backlog refuses bad input and writes nothing", () => {
  const refused = async (name: string, text: string, ...args: string[]) => {
    await writeFile(join(dir, name), text);
    const r = await ingest("--backlog", name, ...args);
    expect(existsSync(join(dir, "regression-pool"))).toBe(false);
    expect(existsSync(join(dir, "knowledge-drafts"))).toBe(false);
    return r;
  };

  it("a malformed line, named; an empty file; a file with no sections; an unknown extension", async () => {
    const bad = await refused(
      "b.jsonl",
      `${JSON.stringify(ITEMS[0])}\n{"title": "x",\n${JSON.stringify({ title: "t" })}\n`,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("error: b.jsonl:2: not a JSON object");
    expect(bad.stderr).toContain("error: b.jsonl:3: body: Invalid input");
    expect(bad.stderr).toContain("Nothing was written.");
    expect((await refused("e.jsonl", "\n  \n")).stderr).toContain("e.jsonl: the backlog is empty (no items)");
    expect((await refused("n.md", "# Title\nno sections\n")).stderr).toContain('n.md: no "## " sections');
    const ext = await refused("b.txt", "x");
    expect(ext).toMatchObject({ code: 2, stderr: expect.stringContaining("name a .jsonl or .md file") });
  });

  it("an item over the issue body cap, and a category that is not configured", async () => {
    const big = { title: "big", body: "x".repeat(20_001) };
    const r = await refused(
      "b.jsonl",
      `${JSON.stringify(big)}\n${JSON.stringify({ ...ITEMS[1], category: "nope" })}\n`,
    );
    expect(r.stderr).toContain(
      "b.jsonl:1: the item is 20,004 characters; skillops reads at most 20,000 per item",
    );
    expect(r.stderr).toContain(
      'b.jsonl:2: category "nope" is not configured (general, hallucination, special)',
    );
  });

  it("advice with no skill to file it under fails the whole batch, naming the item", async () => {
    const r = await refused(
      "b.jsonl",
      `${JSON.stringify(ITEMS[0])}\n${JSON.stringify({ title: "Tip", body: "Be nice." })}\n`,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/b\.jsonl:2: item "Tip" could not be converted: .*name the skill/);
  });

  it("a classifier answer that fails its schema is named, and nothing is written", async () => {
    double = await startOpenAIDouble(() => ({ completion: { content: '{"kind":"maybe"}' } }));
    await mkdir(join(dir, ".github"));
    await writeFile(
      join(dir, ".github/skillops.yml"),
      `models:\n  baseURL: ${double.baseURL}\n  maxRetries: 0\n`,
    );
    await writeFile(join(dir, "b.jsonl"), `${JSON.stringify(ITEMS[0])}\n`);
    const r = await runCli(["ingest", "--backlog", "b.jsonl", "--model", "openai"], dir, {
      OPENAI_API_KEY: "k",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /b\.jsonl:1: item "Refund window misquoted" could not be converted: the classifier gave no usable answer \(schema/,
    );
    expect(existsSync(join(dir, "regression-pool"))).toBe(false);
    expect(await readdir(dir)).toEqual(expect.not.arrayContaining(["knowledge-drafts"]));
  });
});

describe("parseBacklog", () => {
  it("reads fields out of a Markdown section and keeps the rest as the body", () => {
    const r = parseBacklog(MARKDOWN, "b.md", {
      format: "markdown",
      maxChars: 20_000,
      categories: ["general", "hallucination"],
    });
    expect(r.ok && r.items.map((i) => [i.line, i.item.title, i.item.skill ?? null])).toEqual([
      [3, "Refund window misquoted", null],
      [8, "Greet returning customers", "refunds"],
      [12, "Wrong baggage count", null],
    ]);
    expect(r.ok && r.items[2]!.item.body).toContain("## not a section: inside a fence");
  });
});
