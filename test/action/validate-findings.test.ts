// validate's report as a runner shows it: annotations on each finding's file, line and column
// (escaped, so a name or message cannot end the command or forge another), and the summary table.
import { describe, expect, it } from "vitest";
import {
  MAX_SUMMARY_FINDINGS,
  validateAnnotations,
  validateSummary,
} from "../../src/apps/action/validate-findings.js";
import { annotation } from "../../src/apps/action/workflow-command.js";
import type { ValidateReport } from "../../src/apps/cli/validate-report.js";

const report = (over: Partial<ValidateReport> = {}): ValidateReport => ({
  path: "skill-bank",
  kind: "bank",
  mode: "strict",
  ok: false,
  errors: 1,
  warnings: 1,
  skills: [{ name: "a", dir: "a", auxiliary: 0, knowledge: 0 }],
  diagnostics: [
    {
      file: "skill-bank/a/SKILL.md",
      line: 2,
      severity: "error",
      code: "SKILL_NAME_MISMATCH",
      message: "name 'b'",
    },
    { file: "skill-bank/a/x.md", line: 0, severity: "warning", code: "SKILL_AUX", message: "whole file" },
  ],
  config: {
    path: ".github/skillops.yml",
    ok: false,
    problems: [
      { line: 3, col: 5, path: "evolve.x", message: "unknown key" },
      { path: "", message: "… and 4 more problem(s)" },
    ],
  },
  ...over,
});

describe("validateAnnotations", () => {
  it("puts each finding on its file and line, the config's with the column, line 0 on the file alone", () => {
    expect(validateAnnotations(report(), "/repo")).toBe(
      [
        "::error file=skill-bank/a/SKILL.md,line=2,title=SKILL_NAME_MISMATCH::name 'b'",
        "::warning file=skill-bank/a/x.md,title=SKILL_AUX::whole file",
        "::error file=.github/skillops.yml,line=3,col=5,title=skillops config::evolve.x: unknown key",
        "::error file=.github/skillops.yml,title=skillops config::… and 4 more problem(s)",
        "",
      ].join("\n"),
    );
  });

  it("names files relative to the workspace, whatever the working directory or an absolute path", () => {
    const r = report({
      diagnostics: [{ file: "/ws/sub/bank/a/SKILL.md", line: 1, severity: "error", code: "C", message: "m" }],
      config: { path: "c.yml", ok: false, problems: [{ line: 1, col: 1, path: "", message: "m" }] },
    });
    expect(validateAnnotations(r, "/ws/sub", "/ws")).toBe(
      "::error file=sub/bank/a/SKILL.md,line=1,title=C::m\n::error file=sub/c.yml,line=1,col=1,title=skillops config::m\n",
    );
  });

  it("escapes data and properties, so a name or message stays one annotation", () => {
    expect(annotation("error", "50%\nline two", { file: "a,b:c.md", title: "t,1", line: 4, col: 2 })).toBe(
      "::error file=a%2Cb%3Ac.md,line=4,col=2,title=t%2C1::50%25%0Aline two\n",
    );
    expect(annotation("warning", "plain")).toBe("::warning::plain\n");
  });
});

describe("validateSummary", () => {
  it("says what was checked and tables the findings, escaped for markdown", () => {
    const r = report({
      diagnostics: [
        { file: "skill-bank/a|b/SKILL.md", line: 2, severity: "error", code: "C", message: "<b>@x</b>" },
      ],
    });
    expect(validateSummary(r)).toBe(
      [
        "Checked skill-bank (1 skill(s)) and .github/skillops.yml.",
        "",
        "| file | line | severity | finding |",
        "|---|---|---|---|",
        "| skill-bank/a\\|b/SKILL.md | 2 | error | C: \\<b\\>@\u200bx\\</b\\> |",
        "| .github/skillops.yml | 3:5 | error | skillops config: evolve.x: unknown key |",
        "| .github/skillops.yml | — | error | skillops config: … and 4 more problem\\(s\\) |",
        "",
      ].join("\n"),
    );
  });

  it("with no findings is one line; past the cap it counts the rest", () => {
    expect(validateSummary(report({ diagnostics: [], config: null }))).toBe(
      "Checked skill-bank (1 skill(s)).\n",
    );
    const many = Array.from({ length: MAX_SUMMARY_FINDINGS + 3 }, (_, i) => ({
      file: "f",
      line: i + 1,
      severity: "error" as const,
      code: "C",
      message: "m",
    }));
    const text = validateSummary(report({ diagnostics: many, config: null }));
    expect(text.split("\n").filter((l) => l.startsWith("| f |"))).toHaveLength(MAX_SUMMARY_FINDINGS);
    expect(text).toContain("… and 3 more finding(s) in the log.");
  });
});
