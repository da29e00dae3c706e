// The simulated agent, a model-free Runner: a run passes with probability p_hit (per category) when
// its rule's clause is in the skills it reads and the rule's decoy is not, p_miss otherwise. It reads
// every visible skill, or with `loading: "selective"` only those it would load (as the endpoint
// agent does). Tokens = the skills it reads + the case. Draws are seeded by (world seed, case, run index, what it saw), so
// an execution is a pure function of its cache key and caching changes no result.
import type { Skill } from "../bank/skill.js";
import type { Runner, RunInput, RunResult } from "../evaluate/runner.js";
import { deriveRng } from "../random/rng.js";
import { sha256Hex } from "../vocabulary/sha256.js";
import { skillsToLoad } from "./skill-selection.js";
import type { Rule, World } from "./world.js";

/** A crude but stable token count: one token per four characters. */
export function tokensOf(text: string): number {
  return Math.ceil(text.length / 4);
}

export interface SimAgentOptions {
  /**
   * "all" (the default): every visible skill is in context, as a runner that pastes the bank into
   * the prompt. "selective": it loads only what skill-selection.ts picks from names and
   * descriptions, as the endpoint agent does, so a changed skill can go unloaded (silent bypass).
   */
  loading?: "all" | "selective";
}

export function createSimAgent(world: World, opts: SimAgentOptions = {}): Runner {
  const selective = opts.loading === "selective";
  const ruleOf = new Map<string, Rule>();
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  for (const wc of [...world.evolution, ...world.heldOut, ...world.pool])
    ruleOf.set(wc.case.id, rules.get(wc.rule)!);
  return {
    name: "sim-agent",
    settingsKey: `sim-agent:v1:${world.seed}:${JSON.stringify(world.params)}${selective ? ":selective" : ""}`,
    async run(input: RunInput): Promise<RunResult> {
      const rule = ruleOf.get(input.case.id);
      const skills = selective ? selectSkills(rule, input) : input.skills;
      const text = skills.map((s) => s.source).join("\n");
      const usage = {
        input: tokensOf(text) + tokensOf(input.case.task.prompt),
        output: world.params.outputTokens,
        cached: 0,
      };
      const trace = skills.map((s) => ({ type: "skill-loaded" as const, skill: s.name }));
      if (!rule)
        return {
          output: { verdict: "unknown" },
          trace,
          usage,
          error: `simulated agent: case ${input.case.id} is not in the world`,
        };
      const hasClause = text.includes(rule.clause);
      const hasDecoy = text.includes(rule.decoy);
      // A rule that lives in a tool: its runs go wrong until the bank holds the patched script.
      const tool = toolState(world, rule, input.skills);
      const ok = hasClause && !hasDecoy && tool !== "defective";
      const p = ok ? (world.params.pHit[rule.category] ?? 0.7) : world.params.pMiss;
      const draw = deriveRng(
        world.seed,
        `agent:${input.case.id}:${input.runIndex}:${hasClause}:${hasDecoy}${tool === "none" ? "" : `:${tool}`}`,
      ).next();
      const verdict =
        draw < p ? `report-${rule.words[2]}` : hasDecoy ? `no-report-${rule.words[2]}` : "no-finding";
      return { output: { verdict }, trace, usage };
    },
  };
}

/** "none" when the rule needs no tool; else whether the visible skills hold the patched script (by hash). */
function toolState(world: World, rule: Rule, skills: readonly Skill[]): "none" | "fixed" | "defective" {
  const defect = world.tools?.defects.find((d) => d.rules.includes(rule.id));
  if (!defect) return "none";
  const at = defect.path.indexOf("/scripts/");
  const owner = skills.find((s) => s.dir === defect.path.slice(0, at));
  const file = owner?.auxiliary.find((a) => a.path === defect.path.slice(at + 1));
  return file?.sha256 === sha256Hex(defect.fixed) ? "fixed" : "defective";
}

function selectSkills(rule: Rule | undefined, input: RunInput): readonly Skill[] {
  const listed = input.skills.map((s) => ({
    name: s.name,
    description: String(s.frontmatter.description ?? ""),
  }));
  const names = new Set(skillsToLoad(rule, input.case.task.prompt, listed));
  return input.skills.filter((s) => names.has(s.name));
}
