// `skillops coldstart` end to end through the simulated endpoint over HTTP (the real openai client):
// a valid bank whose back-links resolve, and for each bad input a specific message with nothing written.
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { POLICY_CHAR_CAP, SEGMENT_CHAR_CAP } from "../../src/core/coldstart/policy-document.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { corpusPath, skipWithoutCorpus } from "../support/corpora.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { backLinks, runCli } from "./run-coldstart.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-coldstart-"));
  await mkdir(join(dir, "policy"));
  await copyFile(join(REPO_ROOT, "test/fixtures/policy/bakery.md"), join(dir, "policy/bakery.md"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const coldstart = (...args: string[]) => runCli(["coldstart", ...args], dir);

async function expectNothingWritten(out = "bank") {
  expect(existsSync(join(dir, out))).toBe(false);
  expect((await readdir(dir)).filter((n) => n.includes("coldstart"))).toEqual([]);
}

describe("skillops coldstart on the simulated endpoint", () => {
  it("writes a strictly valid bank, one skill per ## section, every back-link resolving", async () => {
    const r = await coldstart("--policy", "policy/bakery.md", "--out", "bank");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("wrote 3 skill(s) to bank (simulated)");
    const { bank, diagnostics, links } = await backLinks(join(dir, "bank"), dir);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(bank.skills.map((s) => s.name).sort()).toEqual([
      "allergen-questions",
      "cancel-an-order",
      "take-an-order",
    ]);
    expect(links).toContainEqual({
      skill: "take-an-order",
      link: "policy/bakery.md#take-an-order",
      resolves: true,
    });
    expect(links.every((l) => l.resolves)).toBe(true);
    const take = bank.skills.find((s) => s.name === "take-an-order")!;
    // The ### subsection's rules are steps of its ## activity, in order, not a skill of their own.
    expect(take.body).toMatch(/4\. Read back the total[\s\S]*5\. Custom cakes need 48 hours' notice/);
    expect(take.body).toContain("simulated");
    const cancel = bank.skills.find((s) => s.name === "cancel-an-order")!;
    expect(cancel.frontmatter.metadata).toMatchObject({ refs: "take-an-order", tags: "cancel, order" });
    const validate = await runCli(["validate", "bank", "--strict"], dir);
    expect(validate.code).toBe(0);
  });

  it("--json reports the skills and that they are simulated", async () => {
    const r = await runCli(["--json", "coldstart", "--policy", "policy/bakery.md", "--out", "bank"], dir);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { ok: boolean; simulated: boolean; skills: { name: string }[] };
    expect(report).toMatchObject({ ok: true, simulated: true });
    expect(report.skills).toHaveLength(3);
  });

  it("refuses a non-empty --out unless --force, and then replaces it whole", async () => {
    await mkdir(join(dir, "bank"));
    await writeFile(join(dir, "bank/old.txt"), "keep me");
    const refused = await coldstart("--policy", "policy/bakery.md", "--out", "bank");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--out bank exists and is not empty; pass --force");
    expect(await readFile(join(dir, "bank/old.txt"), "utf8")).toBe("keep me");
    const forced = await coldstart("--policy", "policy/bakery.md", "--out", "bank", "--force");
    expect(forced.code).toBe(0);
    expect(existsSync(join(dir, "bank/old.txt"))).toBe(false);
    expect((await readdir(join(dir, "bank"))).sort()).toEqual([
      "allergen-questions",
      "cancel-an-order",
      "take-an-order",
    ]);
  });
});

describe("bad input: a specific message, exit 1, nothing written", () => {
  const cases: [string, string | Uint8Array, string][] = [
    ["an empty policy", "  \n\n", "policy/bad.md: the policy is empty"],
    ["a binary file", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]), "policy/bad.md: not a text file"],
    ["a policy without headings", "Refunds take 5 days.\n- be nice\n", "policy/bad.md: no Markdown headings"],
    [
      "a policy over the segmenter's cap",
      `# Big\n\n${"x".repeat(POLICY_CHAR_CAP)}\n`,
      `cold start sends at most ${POLICY_CHAR_CAP} to the segmenter`,
    ],
    [
      "a segment over the skill writer's cap",
      `# Policy\n\n## Huge\n\n- ${"y".repeat(SEGMENT_CHAR_CAP)}\n`,
      `segment "Huge" spans`,
    ],
  ];
  it.each(cases)("%s", async (_, content, message) => {
    await writeFile(join(dir, "policy/bad.md"), content);
    const r = await coldstart("--policy", "policy/bakery.md", "policy/bad.md", "--out", "bank");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("Nothing was written to bank.");
    await expectNothingWritten();
  });

  it("an unknown --model is a usage error", async () => {
    const r = await coldstart("--policy", "policy/bakery.md", "--out", "bank", "--model", "gpt");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--model must be sim or openai (got "gpt")');
    await expectNothingWritten();
  });

  it("a missing policy file", async () => {
    const r = await coldstart("--policy", "policy/nope.md", "--out", "bank");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("policy/nope.md: cannot read the policy (ENOENT)");
    await expectNothingWritten();
  });
});

describe("a model answer that fails the schema (--model openai on a misbehaving endpoint)", () => {
  let endpoint: SimEndpoint;
  beforeEach(async () => {
    endpoint = await startSimEndpoint({});
    await writeFile(join(dir, "skillops.yml"), `models:\n  baseURL: ${endpoint.baseURL}\n  maxRetries: 0\n`);
  });
  afterEach(() => endpoint.close());

  it.each(["segmenter", "skill-writer"] as const)("%s: fails cleanly after the one repair", async (role) => {
    endpoint.misbehave({ role, kind: "schema-violation", times: 2 });
    const argv = ["coldstart", "--policy", "policy/bakery.md", "--out", "bank", "--model", "openai"];
    const r = await runCli([...argv, "--config", "skillops.yml"], dir, { OPENAI_API_KEY: "k" });
    expect(r.code).toBe(1);
    const who = role === "segmenter" ? "the segmenter on policy/bakery.md" : "the skill writer on segment";
    expect(r.stderr).toContain(who);
    expect(r.stderr).toMatch(/no usable answer \(schema\): answer does not match schema policy_/);
    await expectNothingWritten();
    expect(endpoint.requests.filter((q) => q.misbehaved === "schema-violation")).toHaveLength(2);
  });

  it("without the API key: the error names the variable, exit 1, nothing written", async () => {
    const argv = ["coldstart", "--policy", "policy/bakery.md", "--out", "bank", "--model", "openai"];
    const r = await runCli([...argv, "--config", "skillops.yml"], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("no API key: the environment variable OPENAI_API_KEY is not set");
    await expectNothingWritten();
    expect(endpoint.requests).toEqual([]);
  });

  it("the same endpoint answering well gives the bank, labelled with the configured model", async () => {
    const argv = ["coldstart", "--policy", "policy/bakery.md", "--out", "bank", "--model", "openai"];
    const r = await runCli([...argv, "--config", "skillops.yml"], dir, { OPENAI_API_KEY: "k" });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("simulated");
    const skill = await readFile(join(dir, "bank/take-an-order/SKILL.md"), "utf8");
    expect(skill).toContain("generated: skillops coldstart, model gpt-4o-mini");
  });
});

describe.skipIf(skipWithoutCorpus("tau2-airline"))("cold start on the tau2-airline policy", () => {
  it("writes a strictly valid bank whose back-links all resolve", async () => {
    await mkdir(join(dir, "tau2-airline"));
    await copyFile(corpusPath("tau2-airline", "policy.md"), join(dir, "tau2-airline/policy.md"));
    const r = await coldstart("--policy", "tau2-airline/policy.md", "--out", "bank");
    expect(r.code).toBe(0);
    const { bank, diagnostics, links } = await backLinks(join(dir, "bank"), dir);
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(bank.skills.map((s) => s.name)).toEqual(
      expect.arrayContaining(["book-flight", "cancel-flight", "modify-flight", "refunds-and-compensation"]),
    );
    expect(links.length).toBeGreaterThanOrEqual(bank.skills.length);
    expect(links.filter((l) => !l.resolves)).toEqual([]);
  });
});
