// A harmful-text world's diagnoser (harm-in-world.ts) through the real `openai` client and the model
// diagnoser's prompt, and in process, which must agree: for a failing case whose clause is present,
// a confirmed `## Checks` site gets its harmful line removed; the same site refuted, or unchecked,
// gets nothing (the failure reads as bad luck). Simulated.
import { afterEach, describe, expect, it } from "vitest";
import type { Suspect } from "../../src/records/suspect.js";
import { checksSite } from "../support/checks-site.js";
import { harmfulTextWorld } from "../../src/sim/harmful-text-world.js";
import { parsePlan } from "../../src/sim/plan.js";
import { diagnoseBothWays } from "../support/diagnose-both-ways.js";
import { connect, type Connected } from "./endpoint-support.js";
import { skillViews } from "../support/diagnoser-world.js";

const world = harmfulTextWorld({ seed: 4, params: { misleading: 0 } });
const harm = world.harms![0]!;
const wc = world.evolution.find((x) => harm.blocks.includes(x.rule))!;
const parent = skillViews(world);

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

function site(verdict?: "confirmed" | "refuted"): Suspect {
  const kind = verdict === "refuted" ? "missing" : "section";
  const after = verdict === "confirmed" ? 1 : 0;
  return checksSite(harm.skill, wc.case.id, kind, verdict && { action: "masked", verdict, before: 0, after });
}

/** The lines each diagnoser proposes removing: over the endpoint, and in process. */
async function removals(localisation: Suspect[]): Promise<{ over: string[]; local: string[] }> {
  const plans = await diagnoseBothWays(
    c!.model,
    world,
    parent,
    { ...wc.case, parentPassed: false },
    localisation,
  );
  const of = (v: typeof plans.over) =>
    v.flatMap((p) =>
      parsePlan(p.plan)
        .filter((e) => e.op === "REMOVE")
        .map((e) => `${p.skill}: ${e.clause}`),
    );
  return { over: of(plans.over), local: of(plans.local) };
}

describe("the simulated diagnoser in a harmful-text world", () => {
  it("removes the harmful line of a confirmed site, and nothing for a refuted or unchecked one", async () => {
    c = await connect(world);
    const removed = [`${harm.skill}: ${harm.line}`];
    expect(await removals([site("confirmed")])).toEqual({ over: removed, local: removed });
    expect(await removals([site("refuted")])).toEqual({ over: [], local: [] });
    expect(await removals([site()])).toEqual({ over: [], local: [] });
  });
});
