// `skillops sim new --kind sparse-faults` (docs/simulated-world.md "World kinds"): faults in one
// section among many, with noisy diagnoses, fault localisation's and scope widening's target. Twelve
// skills, six of them homes; every home holds its rules in a section of their own (`## <Topic>
// fields`) among three sections of background, and the bank starts with every rule present except in
// one section of one skill, the home retrieval ranks last (outside the default top-5): there, two
// clauses are replaced by their decoys and the rest are missing. Diagnoses are noisy: 40% name
// another (mostly working) rule, and an unlocalised fix goes to the home skill with probability 0.3
// only, so a diagnoser without the traces mostly writes the clause where it is never read.
import { rankSkills } from "../core/evolve/retrieve.js";
import { deriveRng } from "../vocabulary/rng.js";
import { generateWorld, type GenerateOptions } from "./generate.js";
import type { Rule, World, WorldSkill } from "./world.js";

const BACKGROUND = ["Intake", "Layout", "Escalation"];

export function sparseFaultsWorld(opts: GenerateOptions): World {
  const base = generateWorld({
    rules: 30,
    skills: 12,
    homes: 6,
    ...opts,
    present: { general: 1, hallucination: 1, special: 1, ...opts.present },
    params: { misleading: 0.4, qTarget: 0.3, ...opts.params },
  });
  const rng = deriveRng(base.seed, "sparse-faults-world");
  const faulty = leastRetrievedHome(base);
  const faults = rng.shuffle(base.rules.filter((r) => r.skill === faulty));
  const decoyed = new Set(faults.slice(0, 2).map((r) => r.id));
  const missing = new Set(faults.slice(2).map((r) => r.id));
  const skills = base.skills.map((s) =>
    sectioned(
      s,
      base.rules.filter((r) => r.skill === s.name),
      (r) => (decoyed.has(r.id) ? r.decoy : missing.has(r.id) ? undefined : r.clause),
    ),
  );
  const broken = new Set([...decoyed, ...missing]);
  const pool = base.pool.filter((wc) => !broken.has(wc.rule));
  return { ...base, skills, pool, worldKind: "sparse-faults" };
}

/**
 * The home skill retrieval ranks last among the homes over the evolution cases' diagnoses (as the
 * engine's retrieve.ts ranks them): with more homes than the default top-K, the fault sits outside
 * the first retrieved scope, so a run finds it only by looking past that scope.
 */
function leastRetrievedHome(world: World): string {
  const homes = new Set(world.rules.map((r) => r.skill));
  const skills = world.skills.map((s) => ({
    name: s.name,
    description: /^description:\s*(.*)$/m.exec(s.source)?.[1] ?? "",
  }));
  const queries = world.evolution.map((wc) => ({ diagnosis: wc.case.diagnosis, skills: wc.case.skills }));
  return rankSkills(skills, queries)
    .filter((r) => homes.has(r.skill))
    .at(-1)!.skill;
}

/** The skill's rules in a `## <Topic> fields` section between background sections and an empty `## Checks`. */
export function sectioned(
  s: WorldSkill,
  rules: readonly Rule[],
  line: (r: Rule) => string | undefined,
): WorldSkill {
  const at = s.source.indexOf("\n## Checks");
  const head = (at < 0 ? s.source : s.source.slice(0, at)).trimEnd();
  const topic = /^# Audit (\w+)/m.exec(head)?.[1] ?? "Field";
  const lines = rules.flatMap((r) => line(r) ?? []);
  const background = BACKGROUND.map(
    (title) =>
      `## ${title}\n\nFollow the lending policy's ${title.toLowerCase()} steps for this document type.`,
  );
  const own = `## ${topic[0]!.toUpperCase()}${topic.slice(1)} fields\n\n${lines.map((l) => `- ${l}`).join("\n")}`;
  const sections = [...background.slice(0, 2), ...(lines.length ? [own] : []), background[2]!, "## Checks\n"];
  return { ...s, source: `${head}\n\n${sections.join("\n\n")}` };
}
