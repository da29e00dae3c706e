// The simulated diagnoser reads the repair sites' types from the localisation block (through the
// real `openai` client and the model diagnoser's prompt, and in process, which must agree): a case's
// failing runs that went through its rule's home skill as a section, skill or missing site put the
// clause there; the same skill typed `description` (retrieval sent the runs there) does not, so a
// diagnoser that misdirects (q_target = 0 here) sends the clause elsewhere. Simulated.
import { afterEach, describe, expect, it } from "vitest";
import type { Suspect } from "../../src/records/suspect.js";
import type { SiteKind } from "../../src/records/repair-site.js";
import { checksSite } from "../support/checks-site.js";
import { parsePlan } from "../../src/sim/plan.js";
import { diagnoseBothWays } from "../support/diagnose-both-ways.js";
import { connect, type Connected } from "./endpoint-support.js";
import { diagnoserWorld, skillViews } from "../support/diagnoser-world.js";

const { world, rule, wc } = diagnoserWorld(0);
const parent = skillViews(world);

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

const site = (kind: SiteKind, confirmation?: Suspect["confirmation"]): Suspect =>
  checksSite(rule.skill, wc.case.id, kind, confirmation);

/** Where the endpoint's diagnoser and the in-process one put the rule's clause (their draws differ). */
async function targets(localisation: Suspect[]): Promise<{ over: string[]; local: string[] }> {
  const plans = await diagnoseBothWays(
    c!.model,
    world,
    parent,
    { ...wc.case, parentPassed: false },
    localisation,
  );
  const of = (v: typeof plans.over) =>
    v.filter((p) => parsePlan(p.plan).some((e) => e.rule === rule.id)).map((p) => p.skill);
  return { over: of(plans.over), local: of(plans.local) };
}

describe("the simulated diagnoser and typed repair sites", () => {
  it("puts the clause in a section, skill or missing site of the home skill, not in a description site", async () => {
    c = await connect(world);
    const home = { over: [rule.skill], local: [rule.skill] };
    expect(await targets([site("section")])).toEqual(home);
    expect(await targets([{ ...site("skill"), component: rule.skill }])).toEqual(home);
    const refuted = { action: "masked", verdict: "refuted", before: 0, after: 0 } as const;
    expect(await targets([site("missing", refuted)])).toEqual(home);
    // Typed description, the site says nothing about where the rule lives: q_target = 0 misdirects.
    for (const placed of [await targets([site("description")]), await targets([])]) {
      expect(placed.over).toHaveLength(1);
      expect(placed.local).toHaveLength(1);
      expect(placed.over[0]).not.toBe(rule.skill);
      expect(placed.local[0]).not.toBe(rule.skill);
    }
  });
});
