// The simulated strategist (SkillEvolver §3.2.1, DiverseStrategies), shared by the in-process role
// and the endpoint: K strategies over the axes the simulated agent can vary (strategy-reading.ts):
// which skills to load (the closest, every listed one, or a named one first) and how much to read
// (the matching sections or every section). Given weak spots (from an iteration on), it aims first:
// one strategy per skill the failing runs went through, most implicated first, reading it whole, at
// most K − 1 of them so the plain reading stays as the control. Then the axes; each further one
// starts from a different listed skill, drawn by the seed, so no two are alike on every axis.
import type { WeakSpot } from "../records/weak-spot.js";
import type { WrittenStrategy } from "../records/written-strategy.js";
import type { Rng } from "../vocabulary/rng.js";

const AXES: readonly WrittenStrategy[] = [
  {
    name: "closest-sections",
    text: "Load only the skill closest to the task and read just the sections that match it; answer from its rules.",
  },
  {
    name: "closest-whole",
    text: "Load the skill closest to the task and read every section of it; follow the most specific rule that applies.",
  },
  {
    name: "every-skill",
    text: "Load every listed skill whose description could apply; where two disagree, follow the more specific rule.",
  },
];

export function writeStrategiesInWorld(
  skills: readonly string[],
  k: number,
  rng: Rng,
  weakSpots: readonly WeakSpot[] = [],
): WrittenStrategy[] {
  const out = [...aimedAt(weakSpots, skills, k - 1), ...AXES].slice(0, k);
  const named = new Set(out.flatMap((s) => [...s.text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)));
  const starts = rng.shuffle(skills.filter((s) => !named.has(s)));
  for (const [i, skill] of starts.entries()) {
    if (out.length >= k) break;
    out.push({
      name: `start-${i + 1}`,
      text: `Load \`${skill}\` first and read its matching sections, then the skill closest to the task; check the answer against both.`,
    });
  }
  // More strategies asked for than skills to start from: vary how much the named skill is read.
  for (const [i, skill] of starts.entries()) {
    if (out.length >= k) break;
    out.push({
      name: `start-whole-${i + 1}`,
      text: `Load \`${skill}\` and read every section of it, then the skill closest to the task.`,
    });
  }
  return out;
}

/** One strategy per listed skill the weak spots name, most failing cases first, at most `most`. */
function aimedAt(spots: readonly WeakSpot[], listed: readonly string[], most: number): WrittenStrategy[] {
  const seen = new Set<string>();
  const out: WrittenStrategy[] = [];
  for (const spot of spots)
    for (const skill of spot.skills) {
      if (out.length >= most || seen.has(skill) || !listed.includes(skill)) continue;
      seen.add(skill);
      out.push({
        name: `aim-${out.length + 1}`,
        text: `Cases fail where this skill is used: load \`${skill}\` first and read every section of it, then the skill closest to the task; check the answer against both.`,
      });
    }
  return out;
}
