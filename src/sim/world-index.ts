// Look-ups the endpoint's roles need from a world, built once per world object.
import type { Case } from "../records/case.js";
import type { Rule, World } from "./world.js";

export interface WorldIndex {
  world: World;
  /** Every case with its rule, longest prompt first so the most specific prompt matches. */
  cases: { case: Case; rule: Rule }[];
}

const built = new WeakMap<World, WorldIndex>();

export function indexWorld(world: World): WorldIndex {
  const known = built.get(world);
  if (known) return known;
  const rules = new Map(world.rules.map((r) => [r.id, r]));
  const cases = [...world.evolution, ...world.heldOut, ...world.pool]
    .map((wc) => ({ case: wc.case, rule: rules.get(wc.rule)! }))
    .sort((a, b) => b.case.task.prompt.length - a.case.task.prompt.length);
  const index = { world, cases };
  built.set(world, index);
  return index;
}

/** The world case whose prompt the user message starts with (the reference runner may append the file list). */
export function caseOfPrompt(index: WorldIndex, prompt: string): { case: Case; rule: Rule } | undefined {
  return index.cases.find((c) => prompt.startsWith(c.case.task.prompt));
}

/** Lower-case words of five letters or more: what "naming" a topic means to the simulated model. */
export function contentWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 5),
  );
}
