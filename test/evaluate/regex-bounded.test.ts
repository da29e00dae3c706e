import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { Case, RubricItem } from "../../src/records/case.js";
import { parseCase } from "../../src/core/cases/parse-case.js";
import { scoreRegex } from "../../src/core/evaluate/scorers/regex.js";
import { buildCase, type FeedbackSource } from "../../src/core/feedback/to-case.js";

const caseWith = (rubric: string) => `id: r1
category: special
diagnosis: d
task:
  prompt: p
  rubric:
    - type: contains
      value: ok
${rubric}
provenance:
  channel: manual
  created: "2026-11-30T01:02:03Z"
`;

const regexItem = (pattern: string, flags?: string) =>
  RubricItem.parse({ type: "regex", pattern, ...(flags ? { flags } : {}) }) as Extract<
    RubricItem,
    { type: "regex" }
  >;

describe("regex rubric items run on a linear-time engine", () => {
  it("scores (a+)+$ against a×40+! without hanging", () => {
    // In a child process: with a backtracking engine this never returns, and the timeout kills it.
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", "test/evaluate/fixtures/regex-catastrophic.ts"],
      {
        encoding: "utf8",
        timeout: 30_000,
      },
    );
    expect(r.signal, "the scorer hung and was killed").toBeNull();
    expect(r.status, r.stderr).toBe(0);
    const verdict = JSON.parse(r.stdout) as { pass: boolean; reason: string };
    expect(verdict.pass).toBe(false);
    expect(verdict.reason).toContain("does not match /(a+)+$/");
  });

  it("keeps the i, m and s flags and JS spellings such as \\u0041 and named groups", () => {
    expect(scoreRegex(regexItem("^TASK"), "task 1").pass).toBe(false);
    expect(scoreRegex(regexItem("^TASK", "i"), "task 1").pass).toBe(true);
    expect(scoreRegex(regexItem("^b$"), "a\nb").pass).toBe(false);
    expect(scoreRegex(regexItem("^b$", "m"), "a\nb").pass).toBe(true);
    expect(scoreRegex(regexItem("a.b"), "a\nb").pass).toBe(false);
    expect(scoreRegex(regexItem("a.b", "s"), "a\nb").pass).toBe(true);
    expect(scoreRegex(regexItem("\\u0041(?<rest>\\d+)", "u"), "A42").pass).toBe(true);
  });

  it("refuses a backreference at case validation, naming the rubric item", () => {
    const r = parseCase(caseWith('    - type: regex\n      pattern: "(a)\\\\1"'), "special/r1.yml");
    expect(r.case).toBeUndefined();
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      expect.stringContaining(
        "rubric item 2: pattern uses a backreference (\\1), which skillops does not run (regex items use a linear-time engine, RE2",
      ),
    ]);
  });

  it.each([
    ["(?<w>a)\\k<w>", "pattern uses a named backreference (\\k<…>)"],
    ["a(?=b)", "pattern uses a lookahead ((?=…))"],
    ["a(?!b)", "pattern uses a lookahead ((?!…))"],
    ["(?<=a)b", "pattern uses a lookbehind ((?<=…))"],
    ["(?<!a)b", "pattern uses a lookbehind ((?<!…))"],
    ["a{1001}", "pattern cannot run on RE2 (error parsing regexp: invalid repeat count"],
    ["(", "pattern is not a valid regular expression"],
  ])("refuses %s with a specific reason", (pattern, reason) => {
    const parsed = Case.safeParse({
      id: "r1",
      category: "special",
      diagnosis: "d",
      task: { prompt: "p", rubric: [{ type: "regex", pattern }] },
      provenance: { channel: "manual", created: "2026-11-30T01:02:03Z" },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([
      expect.stringContaining(`rubric item 1: ${reason}`),
    ]);
  });

  it("does not mistake escapes and classes for backreferences", () => {
    expect(scoreRegex(regexItem("[(?=\\]]x"), "]x").pass).toBe(true);
    expect(scoreRegex(regexItem("\\\\1"), "\\1").pass).toBe(true);
  });

  it("fails a rubric item built past validation as bad-rubric at scoring, never running it", () => {
    const v = scoreRegex(regexItem("(a)\\1"), "aa");
    expect(v).toMatchObject({ pass: false, failure: "bad-rubric" });
    expect(v.reason).toContain("pattern uses a backreference (\\1)");
  });

  it("a converter (template or model) that produces a backreference fails the conversion, saying why", () => {
    const source: FeedbackSource = {
      ...{
        issue: 7,
        url: "https://github.com/acme/s/issues/7",
        title: "t",
        author: "joe",
        acceptedBy: "mona",
      },
      form: { did: "d", expected: "e", evidence: "x", category: "general" },
    };
    const c = buildCase(
      source,
      { diagnosis: "d", prompt: "p", rubric: [regexItem("(\\w+) \\1")] },
      "2026-11-30T03:00:00Z",
    );
    expect(c).toEqual({
      kind: "failed",
      reason: expect.stringContaining(
        "task.rubric.0.pattern: rubric item 1: pattern uses a backreference (\\1)",
      ),
    });
  });
});
