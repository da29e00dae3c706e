// The PR body's per-skill view of a tool operation: the script's diff sits beside SKILL.md's, and
// the summary names the operation (the child's changes, from tool-step.ts).
import { describe, expect, it } from "vitest";
import type { FrontierMember } from "../../src/evolve/run-record.js";
import { skillChanges } from "../../src/github/frontier/plan.js";
import { EXTRACT_PY, toolBank } from "../evolve/tool-bank.js";
import { applyBundle } from "../../src/evolve/tool-bundle.js";

describe("skillChanges with a tool operation", () => {
  it("shows the script diff and names the operation in the skill's summary", () => {
    const base = toolBank();
    const tool = "tables/scripts/extract.py";
    const member = applyBundle(base, [
      { path: tool, content: EXTRACT_PY.replace("print(a.col)", "print(int(a.col))") },
    ]);
    const changes = [{ skill: "tables", summary: `Tool patch of ${tool}: cast the column.`, t: 1 }];
    const views = skillChanges(base.files, member.files, { changes } as unknown as FrontierMember);
    expect(views.map((v) => v.name)).toEqual(["tables"]);
    expect(views[0]!.summary).toBe(`Tool patch of ${tool}: cast the column.`);
    expect(views[0]!.diff).toContain(`+++ b/${tool}`);
    expect(views[0]!.diff).toContain("+print(int(a.col))");
  });
});
