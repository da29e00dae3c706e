// `skillops coldstart --cases` end to end through the simulated endpoint over HTTP: the bank, and one
// draft `policy` case per clause that no skill's back-link covers, the expectation computed here
// from the policy file itself; and for a bad answer of the surfacer, nothing written at all.
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readHeadings } from "../../src/core/bank/policy-headings.js";
import { readPool } from "../../src/io/fsio/pool-store.js";
import { startSimEndpoint, type SimEndpoint } from "../../src/sim/endpoint/server.js";
import { corpusPath, skipWithoutCorpus } from "../support/corpora.js";
import { REPO_ROOT } from "../support/repo-root.js";
import { backLinks, runCli } from "./run-coldstart.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "skillops-gaps-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * The clauses no link covers, worked out independently of src/core/coldstart/coverage.ts: every heading
 * with a non-blank line before the next heading, unless it or a heading above it is linked (a
 * link to the document's title, its sole level-1 heading, covers only the title's own text).
 */
function expectedGaps(file: string, text: string, links: readonly string[]): string[] {
  const lines = text.split("\n");
  const hs = readHeadings(text);
  return hs
    .filter((h, i) => lines.slice(h.line + 1, hs[i + 1]?.line ?? lines.length).some((l) => l.trim() !== ""))
    .filter((h) => {
      const above = hs.filter(
        (o, j) =>
          o.line < h.line &&
          o.level < h.level &&
          hs.slice(j + 1).every((x) => x.line >= h.line || x.level > o.level),
      );
      const title = hs.filter((x) => x.level === 1).length === 1 && hs[0]!.level === 1 ? hs[0] : undefined;
      return ![h, ...above.filter((x) => x !== title)].some((x) => links.includes(`${file}#${x.slug}`));
    })
    .map((h) => `${file}#${h.slug}`);
}

async function coldstartWithCases(file: string) {
  const r = await runCli(["coldstart", "--policy", file, "--out", "bank", "--cases", "cases"], dir);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  const { diagnostics, links } = await backLinks(join(dir, "bank"), dir);
  expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  expect(links.filter((l) => !l.resolves)).toEqual([]);
  const pool = await readPool(join(dir, "cases"));
  expect(pool.diagnostics).toEqual([]);
  const text = await readFile(join(dir, file), "utf8");
  const gaps = expectedGaps(
    file,
    text,
    links.map((l) => l.link),
  );
  expect(pool.cases.map((c) => c.provenance.policy).sort()).toEqual([...gaps].sort());
  for (const c of pool.cases)
    expect(c.provenance).toMatchObject({ channel: "policy", draft: true, simulated: true });
  expect((await runCli(["validate", "bank", "--strict"], dir)).code).toBe(0);
  expect((await runCli(["validate", "cases"], dir)).code).toBe(0);
  return { r, pool, gaps };
}

describe("coldstart --cases on the in-repo airline policy (examples/policy/airline.md)", () => {
  beforeEach(async () => {
    await mkdir(join(dir, "policy"));
    await copyFile(join(REPO_ROOT, "examples/policy/airline.md"), join(dir, "policy/airline.md"));
  });

  it("writes one draft case per uncovered clause: here the rules before the first section", async () => {
    const { r, pool, gaps } = await coldstartWithCases("policy/airline.md");
    expect(gaps).toEqual(["policy/airline.md#airline-agent-policy"]);
    const [c] = pool.cases;
    expect(c).toMatchObject({ id: "policy-airline-airline-agent-policy", category: "airline-agent-policy" });
    expect(c!.task.rubric.some((i) => i.type === "judge" && /explicit "yes"/.test(i.criterion))).toBe(true);
    expect(r.stdout).toContain("wrote 1 draft case(s) for uncovered clauses to cases (simulated)");
  });

  it("--json names the gaps", async () => {
    const r = await runCli(
      ["--json", "coldstart", "--policy", "policy/airline.md", "--out", "b", "--cases", "c"],
      dir,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      simulated: true,
      cases: "c",
      gaps: [{ id: "policy-airline-airline-agent-policy", policy: "policy/airline.md#airline-agent-policy" }],
    });
  });

  it("a non-empty --cases is refused before any model call, and nothing is written", async () => {
    await mkdir(join(dir, "cases"));
    await writeFile(join(dir, "cases/keep.txt"), "x");
    const r = await runCli(
      ["coldstart", "--policy", "policy/airline.md", "--out", "bank", "--cases", "cases"],
      dir,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--cases cases exists and is not empty; pass --force");
    expect(existsSync(join(dir, "bank"))).toBe(false);
  });
});

it("--cases inside --out (or the same folder) is a usage error", async () => {
  for (const cases of ["bank", "bank/cases"]) {
    const r = await runCli(["coldstart", "--policy", "p.md", "--out", "bank", "--cases", cases], dir);
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining("must be separate folders")]);
  }
});

describe("a gap-surfacer answer that fails the schema (--model openai on a misbehaving endpoint)", () => {
  let endpoint: SimEndpoint;
  beforeEach(async () => {
    endpoint = await startSimEndpoint({});
    await mkdir(join(dir, "policy"));
    await copyFile(join(REPO_ROOT, "examples/policy/airline.md"), join(dir, "policy/airline.md"));
    await writeFile(join(dir, "skillops.yml"), `models:\n  baseURL: ${endpoint.baseURL}\n  maxRetries: 0\n`);
  });
  afterEach(() => endpoint.close());

  it.each(["garbage", "schema-violation"] as const)("%s: no bank and no cases are written", async (kind) => {
    endpoint.misbehave({ role: "gap-surfacer", kind, times: 2 });
    const argv = ["coldstart", "--policy", "policy/airline.md", "--out", "bank", "--cases", "cases"];
    const r = await runCli([...argv, "--model", "openai", "--config", "skillops.yml"], dir, {
      OPENAI_API_KEY: "k",
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /the gap surfacer on policy\/airline\.md#airline-agent-policy: no usable answer \((schema|bad-response)\)/,
    );
    expect(r.stderr).toContain("Nothing was written to bank or cases.");
    expect(existsSync(join(dir, "bank"))).toBe(false);
    expect(existsSync(join(dir, "cases"))).toBe(false);
    expect((await readdir(dir)).filter((n) => n.includes("coldstart"))).toEqual([]);
  });
});

describe.skipIf(skipWithoutCorpus("tau2-airline"))("coldstart --cases on the tau2-airline policy", () => {
  it("the gap cases are exactly the clauses without back-links", async () => {
    await mkdir(join(dir, "tau2-airline"));
    await copyFile(corpusPath("tau2-airline", "policy.md"), join(dir, "tau2-airline/policy.md"));
    const { pool, gaps } = await coldstartWithCases("tau2-airline/policy.md");
    expect(gaps.length).toBeGreaterThan(0);
    expect(pool.cases).toHaveLength(gaps.length);
  });
});
