// The one YAML reader for untrusted text: every cap is checked before anything is composed, only
// the core schema's tags are accepted, and duplicate keys are found (a line and column for each).
import { describe, expect, it } from "vitest";
import { parseBoundedYaml, type YamlCaps } from "../../src/vocabulary/bounded-yaml.js";

const CAPS: YamlCaps = {
  what: "the file",
  maxChars: 10_000,
  maxLines: 100,
  maxNodes: 50,
  maxDepth: 4,
  maxAliases: 3,
};

const problems = (text: string, caps = CAPS) => {
  const r = parseBoundedYaml(text, caps);
  return r.ok ? [] : r.problems;
};

describe("parseBoundedYaml", () => {
  it("reads a document within the caps as plain data (core schema)", () => {
    const r = parseBoundedYaml("a: 1\nb: [x, true, null]\nc: &c {d: 2}\ne: *c\n", CAPS);
    expect(r.ok && r.data).toEqual({ a: 1, b: ["x", true, null], c: { d: 2 }, e: { d: 2 } });
  });

  it("refuses text over each cap before parsing it, naming the cap and where", () => {
    expect(problems("a: " + "x".repeat(10_001))).toEqual([
      { line: 1, col: 1, kind: "cap", message: "the file is 10,004 characters; the cap is 10,000" },
    ]);
    expect(problems("\n".repeat(101))).toEqual([
      { line: 101, col: 1, kind: "cap", message: "the file has more than 100 lines (the cap)" },
    ]);
    expect(problems(Array.from({ length: 30 }, (_, i) => `k${i}: v`).join("\n"))).toEqual([
      { line: 26, col: 1, kind: "cap", message: "the file has more than 50 nodes (the cap)" },
    ]);
    expect(problems("a: [[[[[1]]]]]\n")).toEqual([
      { line: 1, col: 8, kind: "cap", message: "the file nests deeper than 4 levels (the cap)" },
    ]);
    expect(problems("a: &a 1\nb: [*a, *a, *a, *a]\n")).toEqual([
      { line: 2, col: 17, kind: "cap", message: "the file has more than 3 aliases (the cap)" },
    ]);
  });

  it("stops an alias bomb that stays under the alias count", () => {
    expect(parseBoundedYaml("a: &a [x, x]\nb: [*a, *a, *a]\n", CAPS).ok).toBe(true);
    // *b stands for 2 copies of *a each time: 2 × 3 copies of `a` is past the cap of 3 aliases.
    const bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a]\nc: [*b]\n";
    expect(problems(bomb)).toEqual([
      {
        line: 1,
        col: 1,
        kind: "cap",
        message: "the file expands its aliases into more than 3 copies (the cap)",
      },
    ]);
  });

  it("accepts only the core schema's tags, and no %TAG directive", () => {
    expect(parseBoundedYaml("a: !!str 1\n", CAPS)).toMatchObject({ ok: true, data: { a: "1" } });
    expect(problems("a: 1\nf: !!js/function 'function () {}'\n")).toEqual([
      {
        line: 2,
        col: 4,
        kind: "yaml",
        message: "the tag !!js/function is not allowed (only the YAML core schema's)",
      },
    ]);
    expect(problems("r: !<tag:yaml.org,2002:js/regexp> /x/\n")[0]?.message).toMatch(/tag .* is not allowed/);
    expect(problems("%TAG !! tag:example.com,2000:\n---\na: !!str x\n")[0]?.message).toBe(
      "the directive %TAG is not allowed",
    );
  });

  it("reports every repeated key of a map, including 1 and '1' (one key once read)", () => {
    expect(problems("a: 1\nb: 2\na: 3\n1: x\n'1': y\n")).toEqual([
      { line: 3, col: 1, kind: "yaml", message: 'duplicate key "a"' },
      { line: 5, col: 1, kind: "yaml", message: 'duplicate key "1"' },
    ]);
  });

  it("gives a syntax error its line and column", () => {
    expect(problems("a: 1\nb: [x\n")).toEqual([expect.objectContaining({ line: 3, kind: "yaml" })]);
  });
});
