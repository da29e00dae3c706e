import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appendKnowledge,
  checkAppendOnly,
  parseKnowledge,
  renderKnowledge,
} from "../../src/core/bank/knowledge.js";

const e1 = {
  text: "Check the fare class before refunding.",
  provenance: "issue #3 by @ann, accepted by @bo, 2026-11-30",
};
const e2 = { text: "## Not a heading\nProvenance: fake\n\\ backslash line", provenance: "issue #9 by @cy" };

describe("knowledge.md", () => {
  it("round-trips entries, including text that looks like framing", () => {
    const text = renderKnowledge("refund", [e1, e2]);
    expect(parseKnowledge(text, "k.md")).toEqual({ entries: [e1, e2], diagnostics: [] });
  });

  it("appending keeps every existing byte", () => {
    const before = renderKnowledge("refund", [e1]);
    const after = appendKnowledge(before, "refund", [e2]);
    expect(after.startsWith(before)).toBe(true);
    expect(parseKnowledge(after, "k.md").entries).toEqual([e1, e2]);
    expect(checkAppendOnly(before, after, "k.md")).toEqual([]);
    expect(appendKnowledge(undefined, "refund", [e1])).toBe(before);
  });

  it("detects edits and removals", () => {
    const before = renderKnowledge("refund", [e1, e2]);
    expect(checkAppendOnly(before, renderKnowledge("refund", [e1]), "k.md")[0]!.code).toBe(
      "KNOWLEDGE_NOT_APPEND_ONLY",
    );
    expect(
      checkAppendOnly(before, renderKnowledge("refund", [{ ...e1, text: "changed" }, e2]), "k.md")[0]!
        .message,
    ).toBe("knowledge entry 1 was edited or removed");
  });

  it("requires provenance on every entry, naming the entry's line", () => {
    const r = parseKnowledge("# Knowledge: x\n\n## 1\ntext\n\n## 2\nmore\n", "x/knowledge.md");
    expect(r.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [3, "KNOWLEDGE_NO_PROVENANCE"],
      [6, "KNOWLEDGE_NO_PROVENANCE"],
    ]);
    expect(() => renderKnowledge("x", [{ text: "t", provenance: "two\nlines" }])).toThrow(
      /one non-empty line/,
    );
  });

  it("round-trips arbitrary text (property)", () => {
    const entry = fc.record({
      text: fc
        .string({ maxLength: 60 })
        .map((s) => s.trim())
        .filter((s) => s !== ""),
      provenance: fc
        .string({ minLength: 1, maxLength: 20 })
        .map((s) => s.replace(/[\r\n]/g, " ").trim())
        .filter((s) => s !== ""),
    });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 4 }), (entries) => {
        const parsed = parseKnowledge(renderKnowledge("s", entries), "k.md").entries;
        expect(parsed.map((e) => e.provenance)).toEqual(entries.map((e) => e.provenance));
        expect(parsed.map((e) => e.text)).toEqual(entries.map((e) => e.text.replace(/\r\n/g, "\n")));
      }),
      { numRuns: 300 },
    );
  });
});
