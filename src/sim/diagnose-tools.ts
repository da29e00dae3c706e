// The simulated diagnoser's tool plans (docs/simulated-world.md "Tool defects"), beside its prose
// plans: a failing rule whose clause the skills already state is blamed on the tool that carries it
// (a patch), and a procedure paragraph that several skills repeat is proposed for an extract. It
// sees SKILL.md texts only, as the model diagnoser does, so it cannot tell a patched tool from bad
// luck: a repeated patch comes back from the tool-smith unchanged.
import type { SkillPlan } from "../records/run-record.js";
import type { ToolOpKind } from "../records/tool-op.js";
import type { Rule, World } from "./world.js";

export function toolPlansInWorld(
  world: World,
  parent: readonly { name: string; source: string }[],
  blamed: readonly Rule[],
  allowed: readonly ToolOpKind[],
): SkillPlan[] {
  const tools = world.tools;
  if (!tools) return [];
  const plans: SkillPlan[] = [];
  if (allowed.includes("patch"))
    for (const d of tools.defects.filter((x) => blamed.some((r) => x.rules.includes(r.id))))
      plans.push({
        skill: d.path,
        plan: `patch: the skill states the rule, so the tool's check is wrong (${d.rules.join(", ")})`,
        op: { kind: "patch", tool: d.path },
      });
  if (allowed.includes("extract"))
    for (const p of tools.procedures) {
      const holders = parent.filter((s) => s.source.includes(p.paragraph)).map((s) => s.name);
      if (holders.length >= 2)
        plans.push({
          skill: p.tool,
          plan: `extract: ${holders.join(", ")} repeat the record-reading procedure`,
          op: { kind: "extract", tool: p.tool, callers: holders },
        });
    }
  return plans;
}
