import { describe, expect, it } from "vitest";
import { checkBundle } from "../../src/core/evolve/tools/tool-bundle.js";
import { ToolOp } from "../../src/records/tool-op.js";
import { EXTRACT_PY, SCOPE, skillMd, textAt, toolBank } from "./tool-bank.js";

const TOOL = "tables/scripts/extract.py";
const RETYPED = EXTRACT_PY.replace('"--col"', '"--column"');
const renamed = (s: string) => s.replace(/--col /g, "--column ");

describe("checkBundle", () => {
  it("applies a patch that keeps the interface", () => {
    const patched = EXTRACT_PY.replace("print(a.col)", "print(a.col - 1)");
    const r = checkBundle(toolBank(), SCOPE, {
      op: { kind: "patch", tool: TOOL },
      files: [{ path: TOOL, content: patched }],
      summary: "off by one",
    });
    expect(r.ok).toBe(true);
    if (r.ok) expect(textAt(r.bank, TOOL)).toBe(patched);
  });

  it("refuses a patch that changes the interface", () => {
    const r = checkBundle(toolBank(), SCOPE, {
      op: { kind: "patch", tool: TOOL },
      files: [{ path: TOOL, content: RETYPED }],
      summary: "",
    });
    expect(r).toEqual({
      ok: false,
      reason: `the patch changed the interface of ${TOOL} (--col --file → --column --file); that is a retype`,
    });
  });

  it("applies a retype that updates every caller", () => {
    const bank = toolBank();
    const callers = ["tables", "invoices", "refunds"];
    const r = checkBundle(bank, SCOPE, {
      op: { kind: "retype", tool: TOOL, from: ["--col", "--file"], to: ["--column", "--file"], callers },
      files: [
        { path: TOOL, content: RETYPED },
        ...callers.map((c) => ({ path: `${c}/SKILL.md`, content: renamed(textAt(bank, `${c}/SKILL.md`)!) })),
      ],
      summary: "",
    });
    expect(r.ok).toBe(true);
  });

  it("refuses a retype that leaves a caller with the old interface", () => {
    const bank = toolBank();
    const r = checkBundle(bank, SCOPE, {
      op: {
        kind: "retype",
        tool: TOOL,
        from: ["--col", "--file"],
        to: ["--column", "--file"],
        callers: ["tables", "invoices"],
      },
      files: [
        { path: TOOL, content: RETYPED },
        { path: "tables/SKILL.md", content: renamed(textAt(bank, "tables/SKILL.md")!) },
        { path: "invoices/SKILL.md", content: renamed(textAt(bank, "invoices/SKILL.md")!) },
      ],
      summary: "",
    });
    expect(r).toEqual({
      ok: false,
      reason: "refunds/SKILL.md:8 still calls extract.py with the old interface (--col)",
    });
  });

  it("refuses files outside the scope and files the operation does not name", () => {
    const outside = checkBundle(toolBank(), ["tables"], {
      op: { kind: "patch", tool: TOOL },
      files: [{ path: "invoices/SKILL.md", content: "x" }],
      summary: "",
    });
    expect(outside).toEqual({ ok: false, reason: "invoices/SKILL.md is outside the working scope" });
    const stray = checkBundle(toolBank(), SCOPE, {
      op: { kind: "patch", tool: TOOL },
      files: [
        { path: TOOL, content: EXTRACT_PY },
        { path: "other/SKILL.md", content: skillMd("other", "changed") },
      ],
      summary: "",
    });
    expect(stray).toEqual({
      ok: false,
      reason: "other/SKILL.md is neither the tool nor a caller the patch names",
    });
  });

  it("refuses an inline that leaves a dangling call, and one that keeps the tool", () => {
    const bank = toolBank();
    const dangling = checkBundle(bank, SCOPE, {
      op: { kind: "inline", tool: TOOL, callers: ["tables"] },
      files: [
        { path: TOOL, content: null },
        { path: "tables/SKILL.md", content: skillMd("tables", "Read the column by hand.") },
      ],
      summary: "",
    });
    expect(dangling).toEqual({
      ok: false,
      reason: `a dangling call of the inlined ${TOOL} is left in invoices/SKILL.md:8`,
    });
    const kept = checkBundle(bank, SCOPE, {
      op: { kind: "inline", tool: TOOL, callers: [] },
      files: [],
      summary: "",
    });
    expect(kept).toEqual({ ok: false, reason: `an inline must delete ${TOOL}` });
  });

  it("refuses an extract whose caller does not call the new tool, and a bundle that is not the planned op", () => {
    const tool = "other/scripts/check.sh";
    const r = checkBundle(toolBank(), SCOPE, {
      op: { kind: "extract", tool, callers: ["other"] },
      files: [
        { path: tool, content: "#!/bin/bash\n# Check.\necho ok\n" },
        { path: "other/SKILL.md", content: skillMd("other", "Still by hand.") },
      ],
      summary: "",
    });
    expect(r).toEqual({
      ok: false,
      reason: "other/SKILL.md is a caller of the extract but does not call check.sh",
    });
    const wrong = checkBundle(
      toolBank(),
      SCOPE,
      { op: { kind: "patch", tool: TOOL }, files: [], summary: "" },
      { kind: "inline", tool: TOOL, callers: [] },
    );
    expect(wrong).toEqual({
      ok: false,
      reason: `the plan asked for inline ${TOOL}, the bundle did patch ${TOOL}`,
    });
  });

  it("names tools by their bank path", () => {
    expect(ToolOp.safeParse({ kind: "patch", tool: "extract.py" }).error?.issues[0]?.message).toBe(
      "a tool is named by its bank path, <skill>/scripts/<file>",
    );
  });
});
