import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Case } from "../../src/records/case.js";
import { escapeReason, parseCase, renderCase } from "../../src/core/cases/parse-case.js";

const valid = `id: late-refund
category: special
diagnosis: The agent refunded a cancellation the rules do not allow.
task:
  prompt: Cancel reservation ABC123 and refund me.
  files:
    - path: records/abc.txt
      content: "reservation ABC123: economy, no insurance"
  rubric:
    - type: not-contains
      path: $.actions
      value: cancel_reservation
    - type: judge
      criterion: The agent refuses the cancellation.
skills: [cancel-reservation]
provenance:
  channel: issue
  issue: 12
  author: alice
  created: "2026-11-30T01:02:03Z"
`;

describe("parseCase", () => {
  it("parses a valid case and keeps YAML 1.2 scalars as strings", () => {
    const r = parseCase(valid, "special/late-refund.yml");
    expect(r.diagnostics).toEqual([]);
    expect(r.case?.id).toBe("late-refund");
    expect(r.case?.task.rubric.map((i) => i.type)).toEqual(["not-contains", "judge"]);
    // An unquoted timestamp and an 0-prefixed number stay strings / decimal in YAML 1.2 core.
    const t = parseCase(
      valid.replace('"2026-11-30T01:02:03Z"', "2026-11-30T01:02:03Z"),
      "special/late-refund.yml",
    );
    expect(t.case?.provenance.created).toBe("2026-11-30T01:02:03Z");
  });

  it("reports malformed YAML with its line", () => {
    const r = parseCase("id: x\ncategory: [general\ndiagnosis: y\n", "general/x.yml");
    expect(r.case).toBeUndefined();
    expect(r.diagnostics[0]).toMatchObject({ file: "general/x.yml", code: "CASE_YAML", severity: "error" });
    expect(r.diagnostics[0]!.line).toBeGreaterThanOrEqual(2);
  });

  it("reports a duplicated key as malformed YAML on the duplicate's line", () => {
    const r = parseCase(
      valid.replace("category: special\n", "category: special\ncategory: general\n"),
      "special/late-refund.yml",
    );
    expect(r.diagnostics).toMatchObject([{ code: "CASE_YAML", line: 3 }]);
  });

  it("names the failing field and its line on a schema failure", () => {
    const r = parseCase(valid.replace("  issue: 12", "  issue: twelve"), "special/late-refund.yml");
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: "CASE_SCHEMA", line: 18 });
    expect(r.diagnostics[0]!.message).toMatch(/^provenance\.issue: /);
  });

  it("points a missing field at its parent", () => {
    const r = parseCase(
      valid.replace("  prompt: Cancel reservation ABC123 and refund me.\n", ""),
      "special/late-refund.yml",
    );
    expect(r.diagnostics).toMatchObject([{ code: "CASE_SCHEMA", line: 4 }]);
    expect(r.diagnostics[0]!.message).toMatch(/^task\.prompt: /);
  });

  it("names an unknown rubric type with the item's line and the known types", () => {
    const r = parseCase(valid.replace("    - type: judge", "    - type: vibes"), "special/late-refund.yml");
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ code: "CASE_RUBRIC_TYPE", line: 13 });
    expect(r.diagnostics[0]!.message).toContain('unknown rubric type "vibes"');
    expect(r.diagnostics[0]!.message).toContain(
      "equals, contains, not-contains, regex, number, set, judge, command",
    );
  });

  it("rejects input files that escape the case folder", () => {
    for (const bad of ["../secrets.txt", "a/../../b", "/etc/passwd", "C:/x", "a\\..\\b", "."]) {
      const r = parseCase(valid.replace("records/abc.txt", bad), "special/late-refund.yml");
      expect(r.case, bad).toBeUndefined();
      expect(r.diagnostics, bad).toMatchObject([{ code: "CASE_FILE_ESCAPES", line: 7 }]);
    }
    expect(escapeReason("a/../b.txt")).toBeUndefined();
    expect(escapeReason("./in/data.json")).toBeUndefined();
  });

  it("checks the id and category against <category>/<id>.yml", () => {
    const r = parseCase(valid, "regression-pool/general/other.yml");
    expect(r.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ["CASE_ID_MISMATCH", 1],
      ["CASE_CATEGORY_MISMATCH", 2],
    ]);
    expect(parseCase(valid, "issue #12", {}).diagnostics).toEqual([]);
    expect(parseCase(valid, "x.yml", { checkLocation: false }).diagnostics).toEqual([]);
  });

  it("refuses a non-mapping document and alias bombs", () => {
    expect(parseCase("- a\n- b\n", "general/a.yml").diagnostics).toMatchObject([
      { code: "CASE_SCHEMA", line: 1 },
    ]);
    const bomb = [
      "a: &a [x, x, x, x, x, x, x, x, x, x]",
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(", ")}]`,
      ),
    ].join("\n");
    expect(parseCase(bomb, "general/a.yml").diagnostics[0]).toMatchObject({ code: "CASE_YAML" });
  });
});

// Arbitrary valid cases for the round trip.
const text = fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim().length > 0);
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const rubricItem = fc.oneof(
  fc.record({ type: fc.constant("equals" as const), path: fc.constant("$.a"), value: json }),
  fc.record({
    type: fc.constant("contains" as const),
    value: text,
    ignoreCase: fc.option(fc.boolean(), { nil: undefined }),
  }),
  fc.record({ type: fc.constant("not-contains" as const), value: text, path: fc.constant("$.actions") }),
  fc.record({ type: fc.constant("regex" as const), pattern: fc.constant("^ok\\b"), flags: fc.constant("i") }),
  fc.record({
    type: fc.constant("number" as const),
    value: fc.double({ noNaN: true, noDefaultInfinity: true }),
    tolerance: fc.double({ min: 0, max: 10, noNaN: true }),
  }),
  fc.record({
    type: fc.constant("set" as const),
    path: fc.constant("$.ids[*]"),
    values: fc.array(json, { maxLength: 3 }),
  }),
  fc.record({ type: fc.constant("judge" as const), criterion: text }),
  fc.record({
    type: fc.constant("command" as const),
    run: fc.array(text, { minLength: 1, maxLength: 3 }),
    timeoutMs: fc.option(fc.integer({ min: 1, max: 9999 }), { nil: undefined }),
  }),
);
const arbitraryCase = fc
  .record({
    id: fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,20}$/),
    category: fc.constantFrom("general", "hallucination", "special"),
    diagnosis: fc.oneof(text, fc.constant("line one\nline two: with colon\n  indented")),
    prompt: text,
    rubric: fc.array(rubricItem, { minLength: 1, maxLength: 4 }),
    skills: fc.array(fc.stringMatching(/^[a-z][a-z-]{0,10}$/), { maxLength: 3 }),
    issue: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: undefined }),
  })
  .map((r) =>
    Case.parse({
      id: r.id,
      category: r.category,
      diagnosis: r.diagnosis,
      task: { prompt: r.prompt, rubric: r.rubric, files: [{ path: "in.txt", content: "0123\nyes\n" }] },
      skills: r.skills,
      provenance: { channel: "issue", issue: r.issue, created: "2026-11-30T00:00:00Z" },
    }),
  );

describe("renderCase", () => {
  it("round-trips: parse(render(c)) equals c, and rendering is stable", () => {
    fc.assert(
      fc.property(arbitraryCase, (c) => {
        const text = renderCase(c);
        const back = parseCase(text, `${c.category}/${c.id}.yml`);
        expect(back.diagnostics).toEqual([]);
        expect(back.case).toEqual(c);
        expect(renderCase(back.case!)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it("puts keys in schema order whatever the input order", () => {
    const a = parseCase(valid, "special/late-refund.yml").case!;
    const shuffled = Object.fromEntries(Object.entries(a).reverse()) as Case;
    expect(renderCase(shuffled)).toBe(renderCase(a));
    expect(renderCase(a).split("\n")[0]).toBe("id: late-refund");
  });
});
