// Case–skill links (docs/case-format.md "Skill links"): derived from each source when a case names
// no skill, recorded in skillsFrom, kept as written when it names one; old case files still parse.
import { describe, expect, it } from "vitest";
import { deriveLinks, linkCase, resolvedPoolCases } from "../../src/core/cases/case-links.js";
import { caseLinkEvidence } from "../../src/core/evolve/case-evidence.js";
import { parseCase, renderCase } from "../../src/core/cases/parse-case.js";
import { summarizeCase } from "../../src/core/cases/case-summary.js";
import type { Case } from "../../src/records/case.js";
import type { CaseResult } from "../../src/records/eval-record.js";
import type { Iteration } from "../../src/records/run-record.js";

const unlinked = (id: string): Case => ({
  id,
  category: "general",
  diagnosis: "The agent missed the check.",
  task: { prompt: "Check it.", files: [], rubric: [{ type: "contains", value: "ok" }] },
  skills: [],
  provenance: { channel: "issue", issue: 3, created: "2026-01-01T00:00:00Z" },
});

describe("deriveLinks", () => {
  it("links from the diagnosers' targets alone", () => {
    expect(deriveLinks({ diagnosis: ["b", "a"] })).toEqual({
      skills: ["a", "b"],
      skillsFrom: { a: ["diagnosis"], b: ["diagnosis"] },
    });
  });
  it("links from the skills the runs loaded alone", () => {
    expect(deriveLinks({ trace: ["a"] })).toEqual({ skills: ["a"], skillsFrom: { a: ["trace"] } });
  });
  it("links from the resolving member's changes alone", () => {
    expect(deriveLinks({ resolution: ["c"] })).toEqual({ skills: ["c"], skillsFrom: { c: ["resolution"] } });
  });
  it("narrows the resolution to the skill the case's evidence points at, naming every source", () => {
    const links = deriveLinks({ diagnosis: ["a", "b"], trace: ["a", "z"], resolution: ["a", "c"] });
    expect(links).toEqual({ skills: ["a"], skillsFrom: { a: ["diagnosis", "trace", "resolution"] } });
  });
  it("keeps the evidence when the member changed other skills (resolved as a side effect)", () => {
    expect(deriveLinks({ trace: ["a"], resolution: ["c"] }).skills).toEqual(["a"]);
  });
  it("derives nothing from nothing", () => {
    expect(deriveLinks({})).toEqual({ skills: [], skillsFrom: {} });
  });
});

describe("linkCase", () => {
  it("keeps a case that names its skills as written", () => {
    const named = { ...unlinked("a"), skills: ["form-skill"] };
    expect(linkCase(named, { resolution: ["other"] })).toBe(named);
  });
  it("links a case that names none", () => {
    const c = linkCase(unlinked("a"), { resolution: ["x"] });
    expect([c.skills, c.skillsFrom]).toEqual([["x"], { x: ["resolution"] }]);
  });
});

describe("the case file", () => {
  it("reads a case without skillsFrom (written before links were derived) and one with it", () => {
    const old = renderCase({ ...unlinked("old"), skills: ["a"] });
    expect(old).not.toContain("skillsFrom");
    expect(parseCase(old, "general/old.yml").case?.skillsFrom).toBeUndefined();
    const linked = linkCase(unlinked("new"), { diagnosis: ["a"], trace: ["a"] });
    const text = renderCase(linked);
    const back = parseCase(text, "general/new.yml");
    expect(back.diagnostics).toEqual([]);
    expect(back.case).toEqual(linked);
    // The pool index's line scan still reads the skills of a file that carries skillsFrom.
    expect(summarizeCase(text)).toEqual({ id: "new", category: "general", skills: ["a"] });
  });
  it("refuses an unknown source with the field named", () => {
    const text = renderCase(unlinked("bad")).replace("skills: []", "skills: [a]\nskillsFrom:\n  a: [guess]");
    const { diagnostics } = parseCase(text, "general/bad.yml");
    expect(diagnostics.map((d) => d.message).join(" ")).toMatch(/skillsFrom\.a\[0\]: Invalid option/);
  });
});

describe("caseLinkEvidence and resolvedPoolCases", () => {
  const proposal = (batch: string[], targets: string[]) => ({
    diagnoser: 0,
    batch,
    targets,
    rootCause: "",
    plans: [],
  });
  const run = (pass: boolean, skillsLoaded: string[]) => ({
    runIndex: 0,
    pass,
    cached: false,
    tokens: { input: 1, output: 1, cached: 0 },
    skillsLoaded,
    items: [],
  });
  const result = (id: string, runs: ReturnType<typeof run>[]) =>
    ({ id, runDetails: runs }) as unknown as CaseResult;
  const iterations = [
    { proposals: [proposal(["u1", "u2"], ["alpha", "beta/scripts/x.py", "not-in-bank"])] },
    { proposals: [proposal(["u2"], ["gamma#Checks"])] },
  ] as unknown as Iteration[];

  it("collects each unnamed case's diagnosis targets and the skills its failing runs loaded", () => {
    const cases = [unlinked("u1"), unlinked("u2"), { ...unlinked("named"), skills: ["alpha"] }];
    const baseline = [
      result("u1", [run(false, ["alpha"]), run(true, ["delta"])]),
      result("u2", [run(true, ["gamma"])]),
      result("named", [run(false, ["alpha"])]),
    ];
    expect(caseLinkEvidence(cases, iterations, baseline, ["alpha", "beta", "gamma", "delta"])).toEqual([
      { case: "u1", diagnosis: ["alpha", "beta"], trace: ["alpha"] },
      { case: "u2", diagnosis: ["alpha", "beta", "gamma"], trace: ["gamma"] },
    ]);
  });

  it("writes resolved cases into the pool linked, or unlinked with derivation off", () => {
    const record = {
      runId: "run-1",
      cases: ["u1", "u2"],
      caseLinks: [{ case: "u1", diagnosis: ["alpha", "beta"], trace: ["alpha"] }],
    };
    const member = {
      candidate: "abcdef0123456789",
      resolved: ["u1", "u2"],
      changes: [
        { skill: "alpha", summary: "", t: 1 },
        { skill: "beta/scripts/x.py", summary: "", t: 1 },
      ],
    };
    const [u1, u2] = resolvedPoolCases(record, member, [unlinked("u1"), unlinked("u2")]);
    expect([u1!.skills, u1!.skillsFrom, u1!.resolved]).toEqual([
      ["alpha"],
      { alpha: ["diagnosis", "trace", "resolution"] },
      { candidate: "abcdef0123456789", run: "run-1" },
    ]);
    expect([u2!.skills, u2!.skillsFrom]).toEqual([
      ["alpha", "beta"],
      { alpha: ["resolution"], beta: ["resolution"] },
    ]);
    const off = resolvedPoolCases(record, member, [unlinked("u1")], { derive: false });
    expect([off[0]!.skills, off[0]!.skillsFrom]).toEqual([[], undefined]);
  });
});
