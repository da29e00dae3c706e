// The parent's weak spots (SkillEvolver Algorithm 1 line 8, "K stress-test priors aimed at v_r's
// weak spots"): the categories whose evolution cases it fails now, most failing cases first, each
// with the skills those cases link to or their failing runs loaded. The strategist rewrites the
// strategies from them every iteration, so the exploration runs probe where the parent fails.
import type { CaseResult } from "../../../records/eval-record.js";
import type { WeakSpot } from "../../../records/weak-spot.js";

/** Skills named per weak spot: enough to aim a strategy at, few enough to read. */
const SKILLS_PER_SPOT = 4;

export function weakSpotsOf(
  results: readonly CaseResult[],
  linked: ReadonlyMap<string, readonly string[]>,
): WeakSpot[] {
  const byCategory = new Map<string, { failing: number; of: number; skills: Map<string, number> }>();
  for (const r of results) {
    const spot = byCategory.get(r.category) ?? { failing: 0, of: 0, skills: new Map<string, number>() };
    byCategory.set(r.category, spot);
    spot.of++;
    if (r.passAtK >= 1) continue;
    spot.failing++;
    const touched = new Set(linked.get(r.id) ?? []);
    for (const run of r.runDetails) if (!run.pass) for (const s of run.skillsLoaded) touched.add(s);
    for (const s of touched) spot.skills.set(s, (spot.skills.get(s) ?? 0) + 1);
  }
  return [...byCategory.entries()]
    .filter(([, s]) => s.failing > 0)
    .map(([category, s]) => ({
      category,
      failing: s.failing,
      of: s.of,
      skills: [...s.skills.entries()]
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
        .slice(0, SKILLS_PER_SPOT)
        .map(([skill]) => skill),
    }))
    .sort((a, b) => b.failing - a.failing || a.category.localeCompare(b.category));
}
