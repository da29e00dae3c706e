// Case files are read within CASE_YAML_CAPS, with only the core schema's tags.
import { describe, expect, it } from "vitest";
import { CASE_YAML_CAPS, parseCase } from "../../src/core/cases/parse-case.js";

const CASE = [
  "id: c1",
  "category: general",
  "diagnosis: d",
  "task:",
  "  prompt: p",
  "  rubric:",
  "    - {type: contains, value: x}",
  "provenance: {channel: manual, author: a, created: '2026-01-01T00:00:00Z'}",
];

describe("case caps", () => {
  it("refuses a case with more nodes than the cap, naming the cap and the line", () => {
    const items = Array.from({ length: 600 }, () => "    - {type: contains, value: x}");
    const text = [...CASE.slice(0, 7), ...items, CASE[7]].join("\n");
    const r = parseCase(text, "general/c1.yml");
    expect(r.case).toBeUndefined();
    expect(r.diagnostics).toEqual([
      expect.objectContaining({
        code: "CASE_YAML",
        line: 405, // 15 nodes by line 7, then 5 per rubric line: the 2,001st is on line 405
        message: `a case file has more than ${CASE_YAML_CAPS.maxNodes.toLocaleString("en-US")} nodes (the cap)`,
      }),
    ]);
  });

  it("refuses a tag beyond the core schema", () => {
    const text = [...CASE.slice(0, 2), "diagnosis: !!js/function 'function () {}'", ...CASE.slice(3)].join(
      "\n",
    );
    expect(parseCase(text, "general/c1.yml").diagnostics).toEqual([
      expect.objectContaining({
        code: "CASE_YAML",
        line: 3,
        message: "malformed YAML: the tag !!js/function is not allowed (only the YAML core schema's)",
      }),
    ]);
  });
});
