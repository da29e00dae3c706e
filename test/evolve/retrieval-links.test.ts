// Retrieval links (docs/case-format.md "Skill links"): a pool case no source links is linked in memory
// to the skill its diagnosis and prompt clearly retrieve; an ambiguous or unmatched case is not, and a
// case another source links keeps its links. The targeted layer then draws it. The run test is simulated.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBank } from "../../src/core/bank/bank.js";
import { parseCase, renderCase } from "../../src/core/cases/parse-case.js";
import { sampleRegressionLayers } from "../../src/core/cases/sample.js";
import { EvolveConfig } from "../../src/core/config/config.js";
import { inMemoryPool, lazyPool } from "../../src/core/evolve/pool-cases.js";
import { loadPoolIndex, readCases, writeCase } from "../../src/io/fsio/pool-store.js";
import { linkPoolByRetrieval } from "../../src/core/evolve/retrieval-links.js";
import { runConfigOf, runEvolution } from "../../src/core/evolve/run.js";
import type { Case } from "../../src/records/case.js";
import { createRng } from "../../src/vocabulary/rng.js";
import { generateWorld } from "../../src/sim/generate.js";
import { withoutSkillLinks } from "../../src/sim/unlinked-world.js";
import { worldRunInputs } from "../../src/apps/cli/evolve/world-run-inputs.js";
import { createSimAgent } from "../support/sim-roles/agent.js";
import { createSimRoles } from "../support/sim-roles/roles.js";

const skill = (name: string, description: string, body: string) => ({
  path: `${name}/SKILL.md`,
  bytes: new TextEncoder().encode(`---\nname: ${name}\ndescription: ${description}\n---\n${body}\n`),
});
const { bank } = loadBank([
  skill(
    "refund-policy",
    "Use when a customer asks for a refund of a cancelled booking.",
    "Refunds go to the original card.",
  ),
  skill(
    "baggage-allowance",
    "Use when a traveller asks about checked luggage.",
    "Each suitcase may weigh 23 kg.",
  ),
]);

const poolCase = (
  id: string,
  diagnosis: string,
  skills: string[] = [],
  prompt = "Answer the customer.",
): Case => ({
  id,
  category: "general",
  diagnosis,
  task: { prompt, files: [], rubric: [{ type: "contains", value: "ok" }] },
  skills,
  provenance: { channel: "issue", created: "2026-01-01T00:00:00Z" },
  resolved: { candidate: "00000000", run: "earlier" },
});

describe("linkPoolByRetrieval", () => {
  it("links an unlinked pool case to the skill its diagnosis and prompt retrieve, recorded as retrieval", async () => {
    const c = poolCase("bags", "The agent let a suitcase of 30 kg through as checked luggage.");
    const pool = linkPoolByRetrieval(inMemoryPool([c]), bank);
    expect(pool.index.bySkill.get("baggage-allowance")?.map((e) => e.id)).toEqual(["bags"]);
    const [loaded] = await pool.load(pool.index.entries);
    expect(loaded).toMatchObject({
      skills: ["baggage-allowance"],
      skillsFrom: { "baggage-allowance": ["retrieval"] },
    });
  });

  it("makes no link when no skill clearly wins or none matches", () => {
    const tie = poolCase("tie", "Refund the suitcase.", [], "Refund or luggage?");
    const none = poolCase("none", "The agent was rude.", [], "Say hello.");
    const pool = linkPoolByRetrieval(inMemoryPool([tie, none]), bank);
    expect([...pool.index.bySkill.keys()]).toEqual([]);
    expect(pool.byId.get("tie")?.skills).toEqual([]);
    expect(pool.byId.get("tie")?.skillsFrom).toBeUndefined();
  });

  it("never overrides another source's link", () => {
    const linked: Case = {
      ...poolCase("linked", "The agent let a suitcase of 30 kg through as checked luggage.", [
        "refund-policy",
      ]),
      skillsFrom: { "refund-policy": ["diagnosis", "resolution"] },
    };
    const pool = linkPoolByRetrieval(inMemoryPool([linked]), bank);
    expect(pool.index.bySkill.get("baggage-allowance")).toBeUndefined();
    expect(pool.byId.get("linked")).toEqual(linked);
  });

  it("gives the targeted layer the retrieval-linked cases of a changed skill", () => {
    const cases = [
      poolCase("bags", "The agent let a suitcase of 30 kg through as checked luggage."),
      poolCase("refund", "The agent refused a refund for a cancelled booking."),
    ];
    const pool = linkPoolByRetrieval(inMemoryPool(cases), bank);
    const layers = sampleRegressionLayers({
      index: pool.index,
      evalSetSize: 4,
      modifiedSkills: ["refund-policy"],
      rng: createRng(1),
    });
    expect(layers.targeted.map((e) => e.id)).toEqual(["refund"]);
  });
});

describe("a pool read from files (the CLI's lazy pool)", () => {
  it("links from the scanned diagnosis and prompt, cached or not, and loads the case linked", async () => {
    const root = await mkdtemp(join(tmpdir(), "skillops-retrieval-links-"));
    try {
      await writeCase(
        root,
        poolCase("bags", "The agent let a suitcase of 30 kg through\nas checked luggage."),
      );
      await writeCase(root, poolCase("tie", "Refund the suitcase.", [], "Refund or luggage?"));
      const cacheFile = join(root, ".cache", "pool-index.tsv");
      for (const pass of ["cold", "cached"]) {
        const { index } = await loadPoolIndex(root, { cacheFile });
        expect(index.byId.get("bags")?.linkText, pass).toContain("checked luggage");
        const pool = linkPoolByRetrieval(
          lazyPool(index, (es) => readCases(root, es)),
          bank,
        );
        expect(
          pool.index.bySkill.get("baggage-allowance")?.map((e) => e.id),
          pass,
        ).toEqual(["bags"]);
        expect(pool.index.byId.get("tie")?.skills, pass).toEqual([]);
        const [loaded] = await pool.load([pool.index.byId.get("bags")!]);
        expect(loaded?.skillsFrom, pass).toEqual({ "baggage-allowance": ["retrieval"] });
      }
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("skillsFrom: retrieval", () => {
  it("parses and renders back byte for byte", () => {
    const c: Case = {
      ...poolCase("bags", "d", ["baggage-allowance"]),
      skillsFrom: { "baggage-allowance": ["retrieval"] },
    };
    const text = renderCase(c);
    expect(text).toContain("skillsFrom:\n  baggage-allowance:\n    - retrieval\n");
    const parsed = parseCase(text, "general/bags.yml");
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.case?.skillsFrom).toEqual({ "baggage-allowance": ["retrieval"] });
    expect(renderCase(parsed.case!)).toBe(text);
  });
});

describe("a run on a legacy pool whose cases name no skill (simulated)", () => {
  it("draws a targeted layer from retrieval links, where without them it draws none", async () => {
    const world = withoutSkillLinks(generateWorld({ seed: 3, casesPerRule: 4 }));
    const config = {
      ...runConfigOf(EvolveConfig.parse({ seed: 3, maxIterations: 4, patience: 4 })),
      bootstrap: 100,
    };
    const { inputs } = worldRunInputs(world, config);
    const deps = { roles: createSimRoles(world), runner: createSimAgent(world), now: () => new Date(0) };
    const targeted = async (retrievalLinks: boolean) => {
      const { record } = await runEvolution({ ...inputs, retrievalLinks }, deps);
      return record.iterations.reduce((s, it) => s + (it.child?.targeted ?? 0), 0);
    };
    expect(await targeted(false)).toBe(0);
    expect(await targeted(true)).toBeGreaterThan(0);
  }, 120_000);
});
