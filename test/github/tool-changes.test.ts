// The PR body's per-skill view of a tool operation: the script is listed among the derived changes
// with its own diff, and the tool-smith's summary stays a note (the child's changes, from tool-step.ts).
import { describe, expect, it } from "vitest";
import type { FrontierMember } from "../../src/records/run-record.js";
import { skillChanges } from "../../src/core/github/plan.js";
import { EXTRACT_PY, toolBank } from "../evolve/tool-bank.js";
import { applyBundle } from "../../src/core/evolve/tools/tool-bundle.js";

describe("skillChanges with a tool operation", () => {
  it("lists the script with its diff, and keeps the operation's summary as the note", () => {
    const base = toolBank();
    const tool = "tables/scripts/extract.py";
    const member = applyBundle(base, [
      { path: tool, content: EXTRACT_PY.replace("print(a.col)", "print(int(a.col))") },
    ]);
    const changes = [{ skill: "tables", summary: `Tool patch of ${tool}: cast the column.`, t: 1 }];
    const views = skillChanges(base.files, member.files, { changes } as unknown as FrontierMember);
    expect(views.map((v) => v.name)).toEqual(["tables"]);
    expect(views[0]!.note).toEqual({ t: 1, text: `Tool patch of ${tool}: cast the column.` });
    expect(views[0]!.sentences).toEqual([`script ${tool} modified: +1 −1 lines`]);
    expect(views[0]!.scripts).toEqual([
      expect.objectContaining({ path: tool, patch: expect.stringContaining("+print(int(a.col))") }),
    ]);
    expect(views[0]!.diff).toBe("");
  });
});
