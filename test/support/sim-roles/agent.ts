// The simulated agent in process, a model-free Runner for the fast engine tests and the benches (the
// product's agent is the endpoint's, src/sim/endpoint/agent.ts, reached through the real client). It
// reads what the endpoint agent reads (agent-reading.ts: the rule's home skill: its overview, the
// rule's section and the rules section), and a run passes with probability p_hit (per category) when
// its rule's clause is in what it read and the rule's decoy is not (or what it read holds this case's
// memorised answer, leak.ts; a deceptive world's shortcut, rule-holds.ts), p_miss otherwise; a tool
// world's defect rule passes only once the bank holds the patched script, and its runs that read the
// tool's skill run the script (a script-ran event); an over-budget world's agent never sees the skills
// past its context limit (context-limit.ts). Tokens = every visible skill + the case. Draws are seeded by (world seed,
// case, run index, what it saw), so an execution is a pure function of its cache key and caching
// changes no result.
import type { Skill } from "../../../src/core/bank/skill.js";
import type { Runner, RunInput, RunResult, TraceEvent } from "../../../src/core/evaluate/runner.js";
import { deriveRng } from "../../../src/vocabulary/rng.js";
import { readSections, sectionsToRead, skillsToRead } from "../../../src/sim/agent-reading.js";
import { readRule, readingKey } from "../../../src/sim/rule-holds.js";
import { skillsWithinContext } from "../../../src/sim/context-limit.js";
import { sha256Hex } from "../../../src/vocabulary/sha256.js";
import { readStrategy, strategySkills } from "../../../src/sim/strategy-reading.js";
import { tokensOf } from "../../../src/sim/token-count.js";
import type { Rule, World } from "../../../src/sim/world.js";

export function createSimAgent(world: World): Runner {
  const ruleOf = new Map<string, Rule>();
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  for (const wc of [...world.evolution, ...world.heldOut, ...world.pool])
    ruleOf.set(wc.case.id, rules.get(wc.rule)!);
  return {
    name: "sim-agent",
    settingsKey: `sim-agent:v1:${world.seed}:${JSON.stringify(world.params)}`,
    async run(input: RunInput): Promise<RunResult> {
      const rule = ruleOf.get(input.case.id);
      // What fits in the agent's context (all of it unless the world sets a limit) is what it pays for.
      const text = skillsWithinContext(world, input.skills)
        .map((s) => s.source)
        .join("\n");
      const spread = world.params.outputTokensSpread ?? 0;
      const extra =
        spread > 0
          ? deriveRng(world.seed, `tokens:${input.case.id}:${input.runIndex}:${tokensOf(text)}`).int(
              spread + 1,
            )
          : 0;
      const usage = {
        input: tokensOf(text) + tokensOf(input.case.task.prompt),
        output: world.params.outputTokens + extra,
        cached: 0,
      };
      const read = readSkills(world, rule, input);
      const trace = [...read.trace, ...scriptsRan(world, rule, input.skills, read.trace)];
      if (!rule)
        return {
          output: { verdict: "unknown" },
          trace,
          usage,
          error: `simulated agent: case ${input.case.id} is not in the world`,
        };
      const reading = readRule(world, rule, input.case, read.text);
      // A rule that lives in a tool: its runs go wrong until the bank holds the patched script.
      const tool = toolState(world, rule, input.skills);
      const hit = reading.hit && tool !== "defective";
      const p = hit ? (world.params.pHit[rule.category] ?? 0.7) : world.params.pMiss;
      const draw = deriveRng(
        world.seed,
        `agent:${input.case.id}:${input.runIndex}:${readingKey(reading)}${tool === "none" ? "" : `:${tool}`}`,
      ).next();
      const verdict =
        draw < p ? `report-${rule.words[2]}` : reading.hasDecoy ? `no-report-${rule.words[2]}` : "no-finding";
      return { output: { verdict }, trace, usage };
    },
  };
}

/** The skills and sections this run reads, as trace events, and the text it learned from them. */
function readSkills(
  world: World,
  rule: Rule | undefined,
  input: RunInput,
): { trace: TraceEvent[]; text: string } {
  // An over-budget world: skills past the agent's context limit are never seen.
  const visible = skillsWithinContext(world, input.skills);
  const listed = visible.map((s) => ({ name: s.name, description: s.frontmatter.description ?? "" }));
  // A SkillEvolver strategy changes how it reads, as its text says: every skill, every section, or a named skill too.
  const strategy = readStrategy(input.hint);
  const plain = skillsToRead(rule, input.case.task.prompt, listed);
  const names = new Set(
    strategySkills(
      strategy,
      plain,
      listed.map((s) => s.name),
    ),
  );
  const trace: TraceEvent[] = [];
  const texts: string[] = [];
  for (const s of visible.filter((k) => names.has(k.name))) {
    const r = readSections(s.body, strategy.thorough ? undefined : sectionsToRead(world, rule, s.name));
    trace.push({ type: "skill-loaded", skill: s.name });
    for (const section of r.sections) trace.push({ type: "section-read", skill: s.name, section });
    texts.push(r.text);
  }
  return { trace, text: texts.join("\n") };
}

/**
 * The rule's tool, when it has one and the agent read the skill that holds it: the skill says to run
 * it and trust its verdict, so the run runs it (exit 0: a defective script answers wrongly, not loudly).
 */
function scriptsRan(
  world: World,
  rule: Rule | undefined,
  skills: readonly Skill[],
  read: TraceEvent[],
): TraceEvent[] {
  const defect = rule && world.tools?.defects.find((d) => d.rules.includes(rule.id));
  if (!defect) return [];
  const at = defect.path.indexOf("/scripts/");
  const owner = skills.find((s) => s.dir === defect.path.slice(0, at));
  const loaded = owner && read.some((e) => e.type === "skill-loaded" && e.skill === owner.name);
  if (!owner || !loaded || !owner.auxiliary.some((a) => a.path === defect.path.slice(at + 1))) return [];
  return [{ type: "script-ran", skill: owner.name, script: defect.path.slice(at + 1), exitCode: 0 }];
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
