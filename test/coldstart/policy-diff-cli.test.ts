// `skillops ingest --policy-diff OLD NEW --bank DIR [--cases DIR]` on an edited copy of a policy:
// one section changed, one added, one removed. Exactly which skills may be stale, which back-links
// broke, which cases are drafted; then `validate` on the same bank; then bad input.
import { existsSync } from "node:fs";
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readPool } from "../../src/io/fsio/pool-store.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { corpusPath, skipWithoutCorpus } from "../support/corpora.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { runCli } from "./run-coldstart.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-policy-diff-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Cancel flight gains a rule, Pets is added, Refunds and Compensation is removed. */
function edit(text: string, cancelRule: string): string {
  const at = text.indexOf("## Refunds and Compensation");
  expect(at).toBeGreaterThan(0);
  return `${text.slice(0, at).replace("## Cancel flight\n", `## Cancel flight\n\n${cancelRule}\n`)}## Pets\n\n- Small pets travel in the cabin for 40 dollars.\n`;
}

async function setUp(policy: string, file: string) {
  const text = await readFile(policy, "utf8");
  await mkdir(join(dir, "old"), { recursive: true });
  await mkdir(join(dir, file, ".."), { recursive: true });
  await writeFile(join(dir, "old/policy.md"), text);
  await writeFile(join(dir, file), edit(text, "- A cancellation needs the user's explicit confirmation."));
}

const diff = (...extra: string[]) =>
  runCli(["ingest", "--policy-diff", "old/policy.md", "policy/airline.md", "--bank", "bank", ...extra], dir, {
    OPENAI_API_KEY: "k",
  });

describe("ingest --policy-diff on the in-repo airline policy, bank from coldstart", () => {
  beforeEach(async () => {
    await mkdir(join(dir, "policy"));
    await copyFile(join(REPO_ROOT, "examples/policy/airline.md"), join(dir, "policy/airline.md"));
    expect((await runCli(["coldstart", "--policy", "policy/airline.md", "--out", "bank"], dir)).code).toBe(0);
    await setUp(join(REPO_ROOT, "examples/policy/airline.md"), "policy/airline.md");
  });

  it("--json: the sections, the stale skill, the broken back-link (exit 1), the uncovered clause", async () => {
    const r = await runCli(
      ["--json", "ingest", "--policy-diff", "old/policy.md", "policy/airline.md", "--bank", "bank"],
      dir,
    );
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      changed: [{ slug: "cancel-flight", heading: "Cancel flight" }],
      added: [{ slug: "pets", heading: "Pets" }],
      removed: [{ slug: "refunds-and-compensation", heading: "Refunds and Compensation" }],
      stale: [{ skill: "cancel-flight", links: ["policy/airline.md#cancel-flight"] }],
      broken: [
        {
          skill: "refunds-and-compensation",
          link: "policy/airline.md#refunds-and-compensation",
          removed: true,
        },
      ],
      uncovered: ["policy/airline.md#pets"],
    });
  });

  it("--cases drafts one case, for the added section nobody covers; text output names the error", async () => {
    const r = await diff("--cases", "cases");
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("may be stale (1):\n  cancel-flight  (policy/airline.md#cancel-flight)");
    expect(r.stderr).toBe(
      "error: refunds-and-compensation: metadata.policy policy/airline.md#refunds-and-compensation names a heading the new version removed\n",
    );
    const pool = await readPool(join(dir, "cases"));
    expect(pool.cases.map((c) => [c.id, c.category, c.provenance.policy])).toEqual([
      ["policy-airline-pets", "pets", "policy/airline.md#pets"],
    ]);
    expect(pool.cases[0]!.provenance).toMatchObject({ channel: "policy", draft: true, simulated: true });
    expect(pool.cases[0]!.task.rubric).toEqual([
      expect.objectContaining({ type: "judge", criterion: expect.stringContaining("40 dollars") }),
    ]);
  });

  it("validate reports the same broken back-link as an error", async () => {
    const r = await runCli(["validate", "bank"], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /bank\/refunds-and-compensation\/SKILL\.md:\d+: error SKILL_POLICY_ANCHOR metadata\.policy policy\/airline\.md#refunds-and-compensation: policy\/airline\.md has no heading with the anchor #refunds-and-compensation/,
    );
    expect(r.stdout).toContain("1 error(s)");
  });

  it("an unchanged policy: nothing changed, exit 0", async () => {
    await copyFile(join(REPO_ROOT, "examples/policy/airline.md"), join(dir, "policy/airline.md"));
    const r = await diff();
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("changed (0)\nadded (0)\nremoved (0)\nmay be stale (0)");
  });
});

describe("bad input: a specific message and the right exit code", () => {
  beforeEach(async () => {
    await cp(join(REPO_ROOT, "skill-bank"), join(dir, "bank"), { recursive: true });
    await mkdir(join(dir, "policy"));
    await mkdir(join(dir, "old"));
    await copyFile(join(REPO_ROOT, "examples/policy/airline.md"), join(dir, "policy/airline.md"));
    await copyFile(join(REPO_ROOT, "examples/policy/airline.md"), join(dir, "old/policy.md"));
  });

  it("an unreadable OLD", async () => {
    const r = await runCli(
      ["ingest", "--policy-diff", "old/nope.md", "policy/airline.md", "--bank", "bank"],
      dir,
    );
    expect([r.code, r.stderr]).toEqual([1, "error: old/nope.md: cannot read the policy (ENOENT)\n"]);
  });

  it("a NEW without headings", async () => {
    await writeFile(join(dir, "policy/airline.md"), "Just prose.\n");
    const r = await diff();
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("policy/airline.md: no Markdown headings");
  });

  it("one file, or no --bank, is a usage error", async () => {
    const one = await runCli(["ingest", "--policy-diff", "old/policy.md", "--bank", "bank"], dir);
    expect([one.code, one.stderr]).toEqual([
      2,
      expect.stringContaining("--policy-diff takes two files, OLD and NEW (got 1)"),
    ]);
    const noBank = await runCli(["ingest", "--policy-diff", "old/policy.md", "policy/airline.md"], dir);
    expect([noBank.code, noBank.stderr]).toEqual([
      2,
      expect.stringContaining("--policy-diff needs --bank DIR"),
    ]);
  });

  describe("the surfacer's answer is garbage", () => {
    let endpoint: SimEndpoint;
    beforeEach(async () => {
      endpoint = await startSimEndpoint({});
      await writeFile(
        join(dir, "skillops.yml"),
        `models:\n  baseURL: ${endpoint.baseURL}\n  maxRetries: 0\n`,
      );
      await writeFile(
        join(dir, "policy/airline.md"),
        edit(await readFile(join(dir, "old/policy.md"), "utf8"), "- x"),
      );
    });
    afterEach(() => endpoint.close());

    it("exit 1, the clause named, no --cases folder", async () => {
      endpoint.misbehave({ role: "gap-surfacer", kind: "garbage", times: 2 });
      const r = await diff("--cases", "cases", "--model", "openai", "--config", "skillops.yml");
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        "error: the gap surfacer on policy/airline.md#cancel-flight: no usable answer",
      );
      expect(r.stderr).toContain("Nothing was written to cases.");
      expect(existsSync(join(dir, "cases"))).toBe(false);
    });
  });
});

describe.skipIf(skipWithoutCorpus("tau2-airline"))(
  "the policy channel on tau2-airline and the hand-written bank",
  () => {
    it("stale: the skills linking Cancel flight; broken: compensation's link; drafted: Pets", async () => {
      await cp(join(REPO_ROOT, "skill-bank"), join(dir, "bank"), { recursive: true });
      await mkdir(join(dir, "tau2-airline"));
      await setUp(corpusPath("tau2-airline", "policy.md"), "tau2-airline/policy.md");
      const argv = [
        "--json",
        "ingest",
        "--policy-diff",
        "old/policy.md",
        "tau2-airline/policy.md",
        "--bank",
        "bank",
      ];
      const r = await runCli([...argv, "--cases", "cases"], dir);
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout) as Record<string, unknown>;
      expect(report).toMatchObject({
        changed: [{ slug: "cancel-flight" }],
        added: [{ slug: "pets" }],
        removed: [{ slug: "refunds-and-compensation" }],
        stale: [
          { skill: "cancel-reservation", links: ["tau2-airline/policy.md#cancel-flight"] },
          { skill: "find-reservation", links: ["tau2-airline/policy.md#cancel-flight"] },
        ],
        broken: [
          { skill: "compensation", link: "tau2-airline/policy.md#refunds-and-compensation", removed: true },
        ],
        // airline-conduct links the document's title, which covers only the preamble: Pets is a gap.
        uncovered: ["tau2-airline/policy.md#pets"],
        written: [{ id: "policy-policy-pets", category: "pets", policy: "tau2-airline/policy.md#pets" }],
      });
    });
  },
);
