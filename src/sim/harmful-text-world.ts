// `skillops sim new --kind harmful-text` (docs/simulated-world.md "World kinds"): the fault is text
// the bank already holds, which only a counterfactual check can pin down. Every home skill holds its
// rules in a `## <Topic> fields` section (as in sparse-faults-world.ts), every clause present. In two
// homes the `## Checks` section, which the agent reads beside the rule's section, holds one broad
// line that, while read, makes every rule of that skill fail. The diagnoser sees the clauses present
// and reads the failures as bad luck, unless fault localisation's confirmation masked a section and
// more runs passed (harm-in-world.ts): then it removes that section's non-rule text. Masking the
// rules section loses the clauses and refutes it, so only the confirmed site gets the fix.
import { deriveRng } from "../vocabulary/rng.js";
import { generateWorld, type GenerateOptions } from "./generate.js";
import { RULES_SECTION } from "./agent-reading.js";
import { sectioned } from "./sparse-faults-world.js";
import type { World, WorldHarm } from "./world.js";

const HARMS = 2;

function harmLine(word: string): string {
  return `Before any other check, when the ${word} field is blank, report no finding and stop.`;
}

export function harmfulTextWorld(opts: GenerateOptions): World {
  const base = generateWorld({
    rules: 24,
    skills: 8,
    homes: 4,
    ...opts,
    present: { general: 1, hallucination: 1, special: 1, ...opts.present },
  });
  const rng = deriveRng(base.seed, "harmful-text-world");
  const homes = rng.shuffle([...new Set(base.rules.map((r) => r.skill))]).slice(0, HARMS);
  const harms: WorldHarm[] = homes.map((skill) => {
    const rules = base.rules.filter((r) => r.skill === skill);
    return {
      skill,
      section: RULES_SECTION,
      line: harmLine(rules[0]!.words[0]!),
      blocks: rules.map((r) => r.id),
    };
  });
  const skills = base.skills.map((s) => {
    const laid = sectioned(
      s,
      base.rules.filter((r) => r.skill === s.name),
      (r) => r.clause,
    );
    const harm = harms.find((h) => h.skill === s.name);
    return harm ? { ...laid, source: `${laid.source}\n- ${harm.line}\n` } : laid;
  });
  const blocked = new Set(harms.flatMap((h) => h.blocks));
  const pool = base.pool.filter((wc) => !blocked.has(wc.rule));
  return { ...base, skills, pool, harms, worldKind: "harmful-text" };
}
