// `skillops sim new --unlinked` (docs/simulated-world.md): the world as a repository whose feedback
// named no skill, so none of its cases (pool, evolution, held-out) carries `skills`. Anchors and the
// targeted sampling layer then depend on the links skillops derives (docs/case-format.md "Skill links").
import type { World, WorldCase } from "./world.js";

const unlinked = (wc: WorldCase): WorldCase => {
  const { skillsFrom: _dropped, ...rest } = wc.case;
  return { ...wc, case: { ...rest, skills: [] } };
};

export function withoutSkillLinks(world: World): World {
  return {
    ...world,
    evolution: world.evolution.map(unlinked),
    heldOut: world.heldOut.map(unlinked),
    pool: world.pool.map(unlinked),
  };
}
