import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSkillMd } from "../../src/core/bank/parse.js";
import { rankSkills, retrieveScope } from "../../src/core/evolve/retrieve.js";
import {
  readCorpusSkillSources,
  readSkillSources,
  SKILL_CORPORA,
  type SkillSource,
} from "../bank/skill-sources.js";
import { skipWithoutCorpus } from "../support/corpora.js";
import { REPO_ROOT } from "../support/repo-root.js";

function describedSkills(sources: SkillSource[]): { name: string; description: string }[] {
  return sources.flatMap((s) => {
    const fm = parseSkillMd(s.source, s.path).frontmatter;
    return fm.name && fm.description ? [{ name: String(fm.name), description: String(fm.description) }] : [];
  });
}

function itRanksTheMatchingSkillFirst(sources: () => SkillSource[]): void {
  it("ranks the skill whose description matches the diagnoses first", () => {
    const skills = describedSkills(sources());
    expect(skills.length).toBeGreaterThan(3);
    const target = skills[0]!;
    const words = target.description.split(/\s+/).slice(0, 12).join(" ");
    const { scope } = retrieveScope(skills, [{ diagnosis: `The agent ignored this: ${words}` }], 3);
    expect(scope[0]).toBe(target.name);
  });
}

// Real skills from the shared corpora (read in place), and the repository's own example bank.
describe.skipIf(skipWithoutCorpus(...SKILL_CORPORA))("retrieve over the real corpus", () => {
  itRanksTheMatchingSkillFirst(readCorpusSkillSources);
});

describe("retrieve over the example skill bank", () => {
  itRanksTheMatchingSkillFirst(() => readSkillSources(join(REPO_ROOT, "skill-bank")));
});

describe("retrieve the working scope (BM25 over descriptions)", () => {
  it("aggregates over all cases: a skill many cases point at outranks one a single case points at", () => {
    const mini = [
      { name: "refunds", description: "Issue refunds for cancelled orders and damaged goods." },
      { name: "shipping", description: "Track parcels and shipping delays with carriers." },
      { name: "billing", description: "Explain invoices, billing cycles and tax lines." },
    ];
    const ranked = rankSkills(mini, [
      { diagnosis: "refund not issued for damaged goods" },
      { diagnosis: "refund for cancelled order missing" },
      { diagnosis: "parcel shipping delay unexplained" },
    ]);
    expect(ranked.map((r) => r.skill)).toEqual(["refunds", "shipping", "billing"]);
    expect(retrieveScope(mini, [{ diagnosis: "refund missing" }], 5).scope).toEqual(["refunds"]);
  });

  it("counts a case's named skills and fuses embeddings when given", () => {
    const mini = [
      { name: "a", description: "alpha words" },
      { name: "b", description: "beta words" },
    ];
    expect(rankSkills(mini, [{ diagnosis: "gamma", skills: ["b", "b"] }])[0]).toEqual({
      skill: "b",
      score: 1,
    });
    const hybrid = rankSkills(mini, [{ diagnosis: "nothing lexical" }], {
      skills: new Map([
        ["a", [1, 0]],
        ["b", [0, 1]],
      ]),
      queries: [[0, 1]],
    });
    expect(hybrid[0]!.skill).toBe("b");
  });
});
