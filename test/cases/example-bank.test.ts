// The example bank and pool shipped in the repository: they must load cleanly, and every case must
// point at skills that exist, so the demo and later evolution runs start from valid data.
import { classifyByTemplate } from "../../src/core/feedback/classify.js";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { formatDiagnostic } from "../../src/core/bank/diagnostic.js";
import { indexCases } from "../../src/core/cases/pool.js";
import { readFolder } from "../../src/io/fsio/read-folder.js";
import { parseFeedbackForm } from "../../src/core/feedback/issue-form.js";
import { parseBankManifest, renderBankManifest } from "../../src/records/bank-manifest.js";
import { readPool } from "../../src/io/fsio/pool-store.js";
import { corpusPath, skipWithoutCorpus } from "../support/corpora.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "../..");
// The tests comparing the example data with the τ² airline domain it came from need that corpus.
const corpus = corpusPath("tau2-airline");
const noCorpus = skipWithoutCorpus("tau2-airline");

describe("example skill bank", () => {
  it("validates strictly with no diagnostics", async () => {
    const read = await readFolder(join(repo, "skill-bank"));
    const { bank, diagnostics } = loadBank(read.files, { mode: "strict" });
    expect([...read.diagnostics, ...diagnostics].map(formatDiagnostic)).toEqual([]);
    expect(bank.skills.length).toBeGreaterThanOrEqual(5);
    for (const s of bank.skills) {
      expect(s.frontmatter.metadata?.policy, s.name).toMatch(/tau2-airline\/policy\.md#/);
      expect(s.frontmatter.metadata?.version, s.name).toBeTruthy();
      expect(s.frontmatter.license, s.name).toMatch(/MIT/);
    }
  });

  it.skipIf(noCorpus)("links only to sections that exist in the policy", async () => {
    const policy = await readFile(join(corpus, "policy.md"), "utf8");
    const anchors = new Set(
      [...policy.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-"),
      ),
    );
    const read = await readFolder(join(repo, "skill-bank"));
    const { bank } = loadBank(read.files);
    for (const s of bank.skills) {
      for (const link of (s.frontmatter.metadata?.policy ?? "").split(",").map((x) => x.trim())) {
        expect(anchors.has(link.split("#")[1] ?? ""), `${s.name}: ${link}`).toBe(true);
      }
    }
  });

  it("declares no deployment yet: bank.yml is the baseline, in the manifest's own rendering", async () => {
    const text = await readFile(join(repo, "skill-bank/bank.yml"), "utf8");
    const manifest = parseBankManifest(text);
    expect(manifest).toMatchObject({ operatingPoint: "baseline", candidate: null, metrics: null });
    expect(renderBankManifest(manifest)).toBe(text);
  });

  it("skill-bank and regression-pool carry the same MIT notice, naming Sierra Research", async () => {
    const licenceIn = async (dir: string) =>
      /```\n(MIT License\n[\s\S]*?)```/.exec(await readFile(join(repo, dir, "NOTICE.md"), "utf8"))?.[1];
    const bank = await licenceIn("skill-bank");
    expect(bank).toContain("Copyright (c) 2025 Sierra Research");
    expect(bank).toContain("The above copyright notice and this permission notice shall be included");
    expect(await licenceIn("regression-pool")).toBe(bank);
  });

  it.skipIf(noCorpus)("carries the tau2-bench MIT notice", async () => {
    const licence = (await readFile(join(corpus, "LICENSE"), "utf8")).trim();
    for (const dir of ["skill-bank", "regression-pool"]) {
      expect(await readFile(join(repo, dir, "NOTICE.md"), "utf8")).toContain(licence);
    }
  });
});

describe("example regression pool", () => {
  it("parses every case with no diagnostics, covers every default category and names existing skills", async () => {
    const { cases, diagnostics } = await readPool(join(repo, "regression-pool"));
    expect(diagnostics.map(formatDiagnostic)).toEqual([]);
    expect(cases.length).toBeGreaterThanOrEqual(8);
    expect(new Set(cases.map((c) => c.category))).toEqual(new Set(["general", "hallucination", "special"]));
    expect(indexCases(cases).diagnostics).toEqual([]);
    const read = await readFolder(join(repo, "skill-bank"));
    const names = new Set(loadBank(read.files).bank.skills.map((s) => s.name));
    for (const c of cases) {
      expect(c.skills.length, c.id).toBeGreaterThan(0);
      for (const s of c.skills) expect(names.has(s), `${c.id} names ${s}`).toBe(true);
      expect(c.provenance).toMatchObject({ channel: "import", license: expect.stringMatching(/MIT/) });
      expect(c.resolved).toBeDefined();
    }
  });

  it.skipIf(noCorpus)(
    "derives each case from a real tau2 task: its communicate_info strings and gold write actions appear in the rubric",
    async () => {
      const tasks = JSON.parse(await readFile(join(corpus, "tasks.json"), "utf8")) as Array<{
        id: string;
        evaluation_criteria: {
          communicate_info?: string[];
          actions?: Array<{ name: string; arguments: Record<string, unknown> }>;
        };
      }>;
      const { cases } = await readPool(join(repo, "regression-pool"));
      for (const c of cases) {
        const n = /#task-(\d+)$/.exec(c.provenance.url ?? "")?.[1];
        const task = tasks.find((t) => t.id === n);
        expect(task, c.id).toBeDefined();
        const rubric = JSON.stringify(c.task.rubric);
        for (const info of task!.evaluation_criteria.communicate_info ?? [])
          expect(rubric, `${c.id} ${info}`).toContain(`"value":"${info}"`);
        const writes = (task!.evaluation_criteria.actions ?? []).filter(
          (a) => !/^(get_|search_|calculate)/.test(a.name),
        );
        for (const a of writes) expect(rubric, `${c.id} ${a.name}`).toContain(a.name);
        if (writes.length === 0) expect(rubric, `${c.id}: no write expected`).toMatch(/not-contains/);
      }
    },
  );
});

describe("example feedback issues", () => {
  it("each parses with the feedback form parser, in a default category, naming an existing skill when it names one", async () => {
    const list = JSON.parse(await readFile(join(repo, "examples/feedback/issues.json"), "utf8")) as Array<{
      file: string;
      title: string;
      tau2Task?: number;
    }>;
    expect(list.length).toBeGreaterThanOrEqual(4);
    const read = await readFolder(join(repo, "skill-bank"));
    const names = new Set(loadBank(read.files).bank.skills.map((s) => s.name));
    const pooled = new Set(
      (await readPool(join(repo, "regression-pool"))).cases.map(
        (c) => /#task-(\d+)$/.exec(c.provenance.url ?? "")?.[1],
      ),
    );
    for (const item of list) {
      const body = await readFile(join(repo, "examples/feedback", item.file), "utf8");
      const parsed = parseFeedbackForm(body, {
        categories: ["general", "hallucination", "special"],
        maxBodyChars: 20_000,
      });
      expect(parsed, item.file).toMatchObject({ ok: true });
      if (parsed.ok && parsed.form.skill !== undefined)
        expect(names.has(parsed.form.skill), item.file).toBe(true);
      if (item.tau2Task === undefined) {
        // Our own advice (no τ² task behind it): it must read as advice, i.e. name no input to replay.
        expect(parsed.ok && classifyByTemplate(parsed.form).kind, item.file).toBe("experiential");
        continue;
      }
      expect(body, item.file).toContain(`task ${item.tau2Task} (MIT, Sierra Research)`);
      expect(
        pooled.has(String(item.tau2Task)),
        `${item.file}: feedback must not duplicate a pooled task`,
      ).toBe(false);
    }
  });
});
