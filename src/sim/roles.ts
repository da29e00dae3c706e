// Model-free diagnoser, consolidator merge and rewriter for the simulated world
// (docs/simulated-world.md). The vote filter between them is the engine's real code; only the merge
// here is simulated (a union of the retained edits). Token counts imitate what a model would read
// and write.
import type {
  Consolidator,
  Diagnoser,
  Proposal,
  Rewriter,
  RoleResult,
  RewriteOutput,
  Roles,
  SkillView,
} from "../evolve/roles.js";
import type { SkillPlan } from "../evolve/run-record.js";
import { createRng, type Rng } from "../random/rng.js";
import { tokensOf } from "./agent.js";
import { type PlanEdit, parsePlan, renderPlan, unionEdits } from "./plan.js";
import type { Rule, World } from "./world.js";

export function createSimRoles(world: World): Roles {
  return { diagnoser: simDiagnoser(world), consolidator: simConsolidator(), rewriter: simRewriter(world) };
}

function usage(read: string, wrote: string) {
  return { input: tokensOf(read), output: tokensOf(wrote), cached: 0 };
}

/** The rule a diagnosis points at: the one all of whose words it names (a misleading one points elsewhere). */
function ruleNamedBy(world: World, diagnosis: string): Rule | undefined {
  return world.rules.find((r) => r.words.every((w) => diagnosis.includes(w)));
}

export function simDiagnoser(world: World): Diagnoser {
  return {
    async diagnose({ parent, batch, seed }): Promise<RoleResult<Proposal>> {
      const rng = createRng(seed);
      const edits = new Map<string, PlanEdit[]>();
      const add = (skill: string, e: PlanEdit) => edits.set(skill, [...(edits.get(skill) ?? []), e]);
      const names = parent.map((s) => s.name);
      const holder = (text: string) => parent.find((s) => s.source.includes(text));
      const causes: string[] = [];
      for (const c of batch) {
        if (c.parentPassed === true) continue;
        const rule = ruleNamedBy(world, c.diagnosis);
        if (!rule) continue;
        const decoyIn = holder(rule.decoy);
        if (decoyIn) {
          add(decoyIn.name, { op: "REMOVE", rule: rule.id, clause: rule.decoy });
          causes.push(`${rule.id} contradicted`);
          continue;
        }
        if (holder(rule.clause)) continue; // the clause is there: the failure was bad luck
        if (rng.chance(world.params.qNoise)) {
          const victim = noiseTarget(world, parent, rng) ?? rule;
          add(victim.skill, { op: "ADD", rule: victim.id, clause: victim.decoy });
          causes.push(`${victim.id} (misread)`);
          continue;
        }
        const others = names.filter((n) => n !== rule.skill);
        const target =
          rng.chance(world.params.qTarget) || others.length === 0
            ? rule.skill
            : others[rng.int(others.length)]!;
        add(target, { op: "ADD", rule: rule.id, clause: rule.clause });
        causes.push(`${rule.id} missing`);
      }
      const plans: SkillPlan[] = [...edits]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([skill, es]) => ({ skill, plan: renderPlan(unionEdits([es])) }));
      const value: Proposal = {
        targets: plans.map((p) => p.skill),
        rootCause: causes.length
          ? `Simulated diagnosis: ${causes.join(", ")}`
          : "Simulated diagnosis: no skill-level cause found",
        plans,
      };
      return {
        ok: true,
        value,
        usage: usage(
          parent.map((s) => s.source).join("\n") + batch.map((c) => c.diagnosis).join("\n"),
          JSON.stringify(value),
        ),
      };
    },
  };
}

/** A rule whose clause the parent holds: its decoy would break working behaviour. */
function noiseTarget(world: World, parent: readonly SkillView[], rng: Rng): Rule | undefined {
  const working = world.rules.filter((r) => parent.some((s) => s.source.includes(r.clause)));
  return working.length ? working[rng.int(working.length)] : undefined;
}

export function simConsolidator(): Consolidator {
  return {
    async merge({ proposals }): Promise<RoleResult<SkillPlan[]>> {
      const bySkill = new Map<string, PlanEdit[][]>();
      for (const p of proposals)
        for (const x of p.plans) bySkill.set(x.skill, [...(bySkill.get(x.skill) ?? []), parsePlan(x.plan)]);
      const value = [...bySkill]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([skill, lists]) => ({ skill, plan: renderPlan(unionEdits(lists)) }));
      return { ok: true, value, usage: usage(JSON.stringify(proposals), JSON.stringify(value)) };
    },
  };
}

export function simRewriter(world: World): Rewriter {
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  const ruleOfCase = new Map(
    [...world.evolution, ...world.heldOut, ...world.pool].map((wc) => [wc.case.id, wc.rule]),
  );
  const filler = new Map(world.skills.map((s) => [s.name, s.filler]));
  return {
    async rewrite({ skill, plan, anchors, siblings, seed }): Promise<RoleResult<RewriteOutput>> {
      const rng = createRng(seed);
      const edits = parsePlan(plan);
      const protectedClauses = new Set(
        anchors
          .map((a) => rules.get(ruleOfCase.get(a.id) ?? "")?.clause)
          .filter((c): c is string => c !== undefined),
      );
      let source = skill.source;
      const done: string[] = [];
      // Forgetting: an existing clause may be lost unless an anchor case protects it.
      for (const r of world.rules) {
        if (
          !source.includes(`- ${r.clause}`) ||
          protectedClauses.has(r.clause) ||
          edits.some((e) => e.clause === r.clause)
        )
          continue;
        if (rng.chance(world.params.qForget)) source = source.replace(`- ${r.clause}\n`, "");
      }
      for (const e of edits) {
        if (e.op === "ADD" && !source.includes(e.clause)) {
          source = appendCheck(source, e.clause);
          done.push(`added the check "${e.clause}"`);
        } else if (e.op === "REMOVE" && source.includes(`- ${e.clause}\n`)) {
          source = source.replace(`- ${e.clause}\n`, "");
          done.push(`removed the contradicting line "${e.clause}"`);
        }
      }
      const drop = (filler.get(skill.name) ?? []).find((f) => source.includes(f));
      if (drop && rng.chance(world.params.qDropFiller)) {
        source = source.replace(`${drop}\n\n`, "");
        done.push("dropped a paragraph that added length but no guidance");
      }
      const summary = done.length
        ? `Simulated rewrite of ${skill.name}: ${done.join("; ")}.`
        : `Simulated rewrite of ${skill.name}: no change was needed.`;
      const read = [
        skill.source,
        plan,
        ...anchors.map((a) => a.diagnosis),
        ...siblings.map((s) => s.summary),
      ].join("\n");
      return { ok: true, value: { source, summary }, usage: usage(read, source + summary) };
    },
  };
}

function appendCheck(source: string, clause: string): string {
  const body = source.endsWith("\n") ? source : `${source}\n`;
  return body.includes("## Checks") ? `${body}- ${clause}\n` : `${body}\n## Checks\n\n- ${clause}\n`;
}
