import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseSkillMd } from "../../src/bank/parse.js";
import { rankSkills, retrieveScope } from "../../src/evolve/retrieve.js";

// Real skills from the shared corpora (read in place).
const CORPORA = fileURLToPath(new URL("../../../shared/corpora/", import.meta.url));

function corpusSkills(dir: string): { name: string; description: string }[] {
  const out: { name: string; description: string }[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "SKILL.md") {
        const fm = parseSkillMd(readFileSync(p, "utf8"), p).frontmatter;
        if (fm.name && fm.description)
          out.push({ name: String(fm.name), description: String(fm.description) });
      }
    }
  };
  walk(dir);
  return out;
}

describe("retrieve the working scope (BM25 over descriptions)", () => {
  const skills = corpusSkills(CORPORA);

  it("ranks the skill whose description matches the diagnoses first", () => {
    expect(skills.length).toBeGreaterThan(3);
    const target = skills[0]!;
    const words = target.description.split(/\s+/).slice(0, 12).join(" ");
    const { scope } = retrieveScope(skills, [{ diagnosis: `The agent ignored this: ${words}` }], 3);
    expect(scope[0]).toBe(target.name);
  });

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
