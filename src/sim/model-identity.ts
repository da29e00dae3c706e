// What the simulated model is, as cache and memo keys name it (docs/simulated-world.md "The model's
// identity"): the world's seed, parameters, rules and categories, and the origin it reads (the
// starting skills' sources and filler, tools, traps, kernel candidates). Not the bank a run deploys:
// a run is asked about a bank, and a merge that replaces it leaves the model as it was. Not the case
// lists either: an agent's answer for a case depends on that case alone (its rule, found by its
// prompt), which every execution's cache key names by id, prompt and files and every memoised call
// by its request; so a pool grown by a run's cases, or new feedback, is the same model.
import { canonicalJson } from "../vocabulary/canonical-json.js";
import { sha256Hex } from "../vocabulary/sha256.js";
import type { World } from "./world.js";

/** A 16-hex digest of what decides the simulated model's answers. */
export function simulatedModelIdentity(world: World): string {
  const { deployed: _d, evolution: _e, heldOut: _h, pool: _p, bankOrigin: _o, ...model } = world;
  return sha256Hex(canonicalJson({ v: 2, ...model })).slice(0, 16);
}
