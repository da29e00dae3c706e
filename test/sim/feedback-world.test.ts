// The demo's world: the example feedback issues, converted by the template converter, over the real
// example bank. The run must be able to fix what the issues describe, and bad hints are refused.
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIG } from "../../src/core/config/config.js";
import { runConfigOf } from "../../src/core/evolve/run.js";
import { buildFeedbackWorld, FeedbackWorldError } from "../../src/sim/feedback-world.js";
import { bankSkills, feedback } from "./feedback-examples.js";
import { runSimulatedEvolution } from "../support/sim-roles/run.js";
import { parseWorld, renderWorld } from "../../src/sim/world.js";

describe("feedback world", () => {
  it("turns each accepted issue into a rule whose clause the bank lacks, and round-trips as a world file", async () => {
    const { cases, fixes } = await feedback();
    expect(cases.length).toBeGreaterThanOrEqual(4);
    const skills = await bankSkills();
    const world = buildFeedbackWorld({ seed: 0, bank: { origin: "skill-bank", skills }, cases, fixes });
    const text = skills.map((s) => s.source).join("\n");
    const fb = world.rules.filter((r) => r.id.startsWith("fb"));
    expect(fb).toHaveLength(cases.length);
    for (const r of fb) expect(text.includes(r.clause)).toBe(false);
    const present = world.rules.filter((r) => r.id.startsWith("p"));
    expect(present.length).toBeGreaterThan(4);
    for (const r of present) expect(text.includes(`- ${r.clause}`)).toBe(true);
    expect(world.evolution.map((w) => w.case.id)).toEqual(expect.arrayContaining(cases.map((c) => c.id)));
    expect(world.skills.map((s) => s.source)).toEqual(skills.map((s) => s.source));
    expect(parseWorld(renderWorld(world))).toEqual(world);
  });

  it("lets a simulated run resolve the feedback cases by writing their clauses into the named skills", async () => {
    const { cases, fixes } = await feedback();
    const world = buildFeedbackWorld({
      seed: 0,
      bank: { origin: "skill-bank", skills: await bankSkills() },
      cases,
      fixes,
    });
    const { record, banks } = await runSimulatedEvolution(
      world,
      { ...runConfigOf(DEFAULT_CONFIG.evolve), bootstrap: 200 },
      { now: () => new Date("2026-11-30T00:00:00Z") },
    );
    const best = record.frontier.reduce((a, b) => (b.total.rate > a.total.rate ? b : a));
    const resolvedFeedback = best.resolved.filter((id) => id.startsWith("issue-"));
    expect(resolvedFeedback.length).toBeGreaterThan(0);
    const bank = banks.get(best.candidate)!;
    const sourceOf = (name: string) => bank.skills.find((s) => s.name === name)!.source;
    const fixed = fixes.filter((f) => resolvedFeedback.includes(f.caseId));
    expect(fixed.some((f) => sourceOf(f.skill).includes(f.clause))).toBe(true);
  });

  it("refuses a fix whose words the diagnosis does not name, or a skill the bank lacks", async () => {
    const { cases, fixes } = await feedback();
    const skills = await bankSkills();
    const bad = fixes.map((f, i) =>
      i === 0 ? { ...f, words: ["zeppelin", f.words[1], f.words[2]] as [string, string, string] } : f,
    );
    expect(() => buildFeedbackWorld({ seed: 0, bank: { origin: "b", skills }, cases, fixes: bad })).toThrow(
      FeedbackWorldError,
    );
    expect(() => buildFeedbackWorld({ seed: 0, bank: { origin: "b", skills }, cases, fixes: bad })).toThrow(
      /does not name "zeppelin"/,
    );
    const noSkill = fixes.map((f, i) => (i === 0 ? { ...f, skill: "no-such-skill" } : f));
    expect(() =>
      buildFeedbackWorld({ seed: 0, bank: { origin: "b", skills }, cases, fixes: noSkill }),
    ).toThrow(/no-such-skill/);
    expect(() =>
      buildFeedbackWorld({ seed: 0, bank: { origin: "b", skills }, cases, fixes: fixes.slice(1) }),
    ).toThrow(/no simulated fix/);
  });
});
