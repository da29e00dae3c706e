// The simulated diagnoser behind the endpoint, through the real `openai` client and the model
// diagnoser's prompt: it reads the "Already tried" blocks and never proposes a tried edit again
// (the next-best skill instead), and it reads SkillEvolver's "Best and worst run" block to fix a case
// the parent passes only on some runs, even when the case's diagnosis names the wrong rule.
import { afterEach, describe, expect, it } from "vitest";
import { normaliseLines } from "../../src/core/nogoods/nogood.js";
import { createModelRoles } from "../../src/core/evolve/model-roles.js";
import type { CaseView, DiagnoseInput } from "../../src/core/llm/roles.js";
import type { TriedEdit } from "../../src/core/llm/prompts/diagnoser.js";
import type { Contrast } from "../../src/core/llm/prompts/contrast-block.js";
import { parsePlan } from "../../src/sim/plan.js";
import { simDiagnoser } from "../support/sim-roles/roles.js";
import type { World } from "../../src/sim/world.js";
import { connect, type Connected } from "./endpoint-support.js";
import { diagnoserWorld, skillViews } from "../support/diagnoser-world.js";

/** A rule whose clause no skill holds yet, and one evolution case of it. */
const { world, rule, wc } = diagnoserWorld(1);
const views = skillViews;

let c: Connected | undefined;
afterEach(async () => c?.endpoint.close());

/** The endpoint's answer and the in-process role's to the same input, which must agree. */
async function both(input: DiagnoseInput) {
  const over = await createModelRoles(c!.model).diagnoser.diagnose(input);
  const local = await simDiagnoser(world).diagnose(input);
  if (!over.ok || !local.ok) throw new Error("a diagnoser failed");
  expect(over.value).toEqual(local.value);
  return over.value.plans.map((p) => ({ skill: p.skill, edits: parsePlan(p.plan) }));
}

describe("the simulated diagnoser heeds what the prompt tells it", () => {
  it("a tried edit is not proposed again: the clause goes to the next-best skill", async () => {
    c = await connect(world);
    const parent = views(world);
    const batch: CaseView[] = [{ ...wc.case, parentPassed: false }];
    const fresh = await both({ parent, batch, index: 0, seed: 1 });
    expect(fresh).toEqual([
      { skill: rule.skill, edits: [{ op: "ADD", rule: rule.id, clause: rule.clause }] },
    ]);
    const tried: TriedEdit[] = [
      {
        skill: rule.skill,
        section: "checks",
        origin: "gate",
        removed: [],
        added: normaliseLines([`- ${rule.clause}`]),
        reasons: ["category special below its floor"],
        categories: ["special"],
      },
    ];
    const heeded = await both({ parent, batch, index: 0, seed: 1, tried });
    expect(heeded).toHaveLength(1);
    expect(heeded[0]!.skill).not.toBe(rule.skill);
    expect(heeded[0]!.edits).toEqual([{ op: "ADD", rule: rule.id, clause: rule.clause }]);
    // Tried together with a decoy line: the decoy is the culprit, so the clause may go home again.
    const decoy = world.rules.find((r) => r.id !== rule.id)!.decoy;
    const withDecoy = [{ ...tried[0]!, added: normaliseLines([`- ${rule.clause}`, `- ${decoy}`]) }];
    expect(await both({ parent, batch, index: 0, seed: 1, tried: withDecoy })).toEqual(fresh);
    // Tried on every skill: nothing is left to propose for it.
    const everywhere = parent.map((s) => ({ ...tried[0]!, skill: s.name }));
    expect(await both({ parent, batch, index: 0, seed: 1, tried: everywhere })).toEqual([]);
  });

  it("the best-vs-worst contrast moves a clause the best run found elsewhere into the skill the worst run read", async () => {
    const elsewhere = world.skills.find((s) => s.name !== rule.skill)!.name;
    const moved: World = {
      ...world,
      skills: world.skills.map((s) =>
        s.name === elsewhere ? { ...s, source: `${s.source}\n## Checks\n\n- ${rule.clause}\n` } : s,
      ),
    };
    c = await connect(moved);
    const parent = views(moved);
    const contrast: Contrast = {
      best: {
        runIndex: 2,
        passed: true,
        hint: "broad",
        skillsLoaded: [rule.skill, elsewhere],
        sectionsRead: [],
      },
      worst: {
        runIndex: 0,
        passed: false,
        hint: "focused",
        skillsLoaded: [rule.skill],
        sectionsRead: [`${rule.skill}#checks`],
      },
    };
    const other = world.rules.find((r) => r.id !== rule.id)!;
    const misleading = other.words.join(" "); // names another rule: the traces still single this one out
    for (const diagnosis of [wc.case.diagnosis, misleading]) {
      const batch: CaseView[] = [{ ...wc.case, diagnosis, parentPassed: true, contrast }];
      const over = await createModelRoles(c.model).diagnoser.diagnose({ parent, batch, index: 0, seed: 1 });
      const local = await simDiagnoser(moved).diagnose({ parent, batch, index: 0, seed: 1 });
      expect(over).toMatchObject({ ok: true });
      if (!over.ok || !local.ok) return;
      expect(over.value).toEqual(local.value);
      expect(over.value.plans.map((p) => ({ skill: p.skill, edits: parsePlan(p.plan) }))).toEqual([
        { skill: rule.skill, edits: [{ op: "ADD", rule: rule.id, clause: rule.clause }] },
      ]);
    }
    // Without the contrast a case the parent passes is left alone.
    const plain: CaseView[] = [{ ...wc.case, parentPassed: true }];
    const none = await createModelRoles(c.model).diagnoser.diagnose({
      parent,
      batch: plain,
      index: 0,
      seed: 1,
    });
    expect(none).toMatchObject({ ok: true, value: { plans: [] } });
  });
});
