// The simulated world file (docs/simulated-world.md "The world file"): one self-contained YAML document with
// every parameter, the rules, the bank's SKILL.md texts and the cases, so `skillops evolve --world
// world.yml` needs nothing else. Everything produced from it is simulated and says so.
import { parse, stringify } from "yaml";
import { z } from "zod";
import { Case } from "../records/case.js";
import { sha256Hex } from "../vocabulary/sha256.js";
import { KernelWorld } from "./kernel-world.js";
import { WORLD_KINDS } from "./world-kind.js";

export const WORLD_VERSION = 1 as const;

export const WorldParams = z.strictObject({
  /** Probability a run passes when its rule's clause is in the skill set and its decoy is not, per category. */
  pHit: z.record(z.string(), z.number().min(0).max(1)),
  /** Probability a run passes otherwise. */
  pMiss: z.number().min(0).max(1),
  /** Diagnoser: proposes the edit to the rule's home skill with this probability, else to another skill. */
  qTarget: z.number().min(0).max(1),
  /** Diagnoser: instead of the right edit, proposes a decoy clause that conflicts with a correct one. */
  qNoise: z.number().min(0).max(1),
  /** Rewriter: forgets each existing clause of the skill with this probability unless an anchor protects it. */
  qForget: z.number().min(0).max(1),
  /** Rewriter: drops one filler paragraph (cheaper, harmless) with this probability. */
  qDropFiller: z.number().min(0).max(1),
  /** Fraction of cases whose diagnosis names another rule's words. */
  misleading: z.number().min(0).max(1),
  /** Agent output tokens per run. */
  outputTokens: z.number().int().nonnegative(),
  /**
   * Extra output tokens per run, uniform in 0..outputTokensSpread and seeded by (case, run, what the
   * agent saw), so tokens vary per run as a real agent's do; absent or 0: constant per run.
   */
  outputTokensSpread: z.number().int().nonnegative().optional(),
  /**
   * Rewriter: writes a failing case's answer (keyed by its reference) instead of the rule's clause
   * with this probability (src/sim/leak.ts). Absent = 0, and cases then carry no reference.
   */
  leakRate: z.number().min(0).max(1).optional(),
  /**
   * Whether the endpoint agent honours the request's `seed` (absent = true): an identical request
   * with the same seed gets the identical answer. false: a sampled model whose every call is a fresh
   * draw (seeded by how often the endpoint has answered that exact request), so only the memo couples
   * a child's run with its parent's (docs/simulated-world.md).
   */
  seedHonoured: z.boolean().optional(),
  /**
   * The agent's context in tokens (an over-budget world, over-budget-world.ts): the in-process agent
   * holds the visible skills in the order given until this is full and never sees the rest. Absent:
   * no limit.
   */
  contextLimit: z.number().int().positive().optional(),
});
export type WorldParams = z.infer<typeof WorldParams>;

export const Rule = z.strictObject({
  id: z.string(),
  category: z.string(),
  /** Home skill: where the clause belongs. */
  skill: z.string(),
  /** Distinctive words; diagnoses name them. */
  words: z.array(z.string()).min(1),
  clause: z.string().min(1),
  /** A conflicting clause: when present, the rule's cases fail. */
  decoy: z.string().min(1),
});
export type Rule = z.infer<typeof Rule>;

export const WorldSkill = z.strictObject({
  name: z.string(),
  /** The whole SKILL.md as the world starts. */
  source: z.string(),
  /** Filler paragraphs in the source: they cost tokens and help nothing. */
  filler: z.array(z.string()),
});
export type WorldSkill = z.infer<typeof WorldSkill>;

export const WorldCase = z.strictObject({ rule: z.string(), case: Case });
export type WorldCase = z.infer<typeof WorldCase>;

/** A rule that lives in a tool (docs/simulated-world.md "Tool defects"): its runs fail until the tool is patched. */
export const WorldToolDefect = z.strictObject({
  /** Bank path of the tool, `<skill>/scripts/<file>`. */
  path: z.string(),
  /** The tool as the world starts, with the defect. */
  source: z.string(),
  /** The patched tool: same interface, the defect fixed. */
  fixed: z.string(),
  /** Rules whose runs pass only when the bank holds the patched tool. */
  rules: z.array(z.string()).min(1),
  /**
   * The record file (`record.txt`) the rules' cases carry: the patched tool prints `ok` on it, the
   * shipped one `mismatch`, so an agent that runs the tool (the endpoint's) reads the defect. Absent
   * in worlds written before it: there only the in-process agent applies the defect.
   */
  record: z.string().optional(),
});
export type WorldToolDefect = z.infer<typeof WorldToolDefect>;

/** A procedure paragraph repeated in several skills, which an extract into a tool shrinks. */
export const WorldProcedure = z.strictObject({
  paragraph: z.string(),
  skills: z.array(z.string()).min(2),
  /** The tool an extract creates, its text, and the line that replaces the paragraph in each skill. */
  tool: z.string(),
  source: z.string(),
  call: z.string(),
});
export type WorldProcedure = z.infer<typeof WorldProcedure>;

export const WorldTools = z.strictObject({
  defects: z.array(WorldToolDefect),
  procedures: z.array(WorldProcedure),
});
export type WorldTools = z.infer<typeof WorldTools>;

/**
 * A deceptive local optimum (deceptive-world.ts): a broad shortcut line that makes the `fixes` rules
 * pass, and while the agent reads it, the `blocks` rules fail even with their clauses present.
 */
export const WorldTrap = z.strictObject({
  /** The home skill of every rule the trap touches; the diagnoser writes the shortcut there. */
  skill: z.string(),
  shortcut: z.string().min(1),
  fixes: z.array(z.string()).min(1),
  blocks: z.array(z.string()).min(1),
  /** Diagnoser: proposes the shortcut, not the clause, for a failing `fixes` rule with this probability. */
  lure: z.number().min(0).max(1),
  /**
   * A valley (valley-world.ts): for a failing `blocks` rule while the parent holds the shortcut, the
   * diagnoser proposes removing the shortcut with this probability. Absent = never (deceptive).
   */
  suspect: z.number().min(0).max(1).optional(),
});
export type WorldTrap = z.infer<typeof WorldTrap>;

/**
 * Harmful text already in a skill (harmful-text-world.ts): while the agent reads `line`, the `blocks`
 * rules fail even with their clauses present. It sits in `section` of `skill`, apart from the clauses.
 */
export const WorldHarm = z.strictObject({
  skill: z.string(),
  section: z.string(),
  line: z.string().min(1),
  blocks: z.array(z.string()).min(1),
});
export type WorldHarm = z.infer<typeof WorldHarm>;

/** The generator's world kinds (world-kinds.ts; docs/simulated-world.md "World kinds"). */
export const WorldKind = z.enum(WORLD_KINDS);
export type WorldKind = z.infer<typeof WorldKind>;

/** One file of a deployed bank (a merged member's SKILL.md or tool), by bank path. */
export const WorldBankFile = z.strictObject({ path: z.string().min(1), content: z.string() });
export type WorldBankFile = z.infer<typeof WorldBankFile>;

export const World = z.strictObject({
  kind: z.literal("skillops-simulated-world"),
  version: z.literal(WORLD_VERSION),
  /** Always true: a reminder to every reader. */
  simulated: z.literal(true),
  seed: z.number().int(),
  /** Where the bank came from: `generated`, or the folder a real bank was read from. */
  bankOrigin: z.string(),
  categories: z.array(z.string()).min(1),
  params: WorldParams,
  rules: z.array(Rule).min(1),
  skills: z.array(WorldSkill).min(1),
  /** Accepted cases the loop evolves from. */
  evolution: z.array(WorldCase),
  /** Cases the loop never sees; measured only at the end. */
  heldOut: z.array(WorldCase),
  /** Regression pool: previously resolved cases (their rules are in the starting bank). */
  pool: z.array(WorldCase),
  /** A kernel world (examples/kernels/world.yml): each case's candidate ModelNew solutions. */
  kernel: KernelWorld.optional(),
  /** Tools with defects and repeated procedures (`skillops sim new --tools`); absent in a prose-only world. */
  tools: WorldTools.optional(),
  /** Deceptive local optima (`sim new --kind deceptive`); absent elsewhere. */
  traps: z.array(WorldTrap).optional(),
  /** Harmful text present from the start (`sim new --kind harmful-text`); absent elsewhere. */
  harms: z.array(WorldHarm).optional(),
  /** The generator's kind (`sim new --kind`); absent = default (or a world written before kinds). */
  worldKind: WorldKind.optional(),
  /**
   * The bank deployed now, when a merge replaced the world's starting bank (docs/simulated-world.md
   * "A merged world"): runs start from these files. `skills[].source` and the tools' sources stay
   * the world's origin, which the simulated model reads (where a rule's section is, the filler).
   */
  deployed: z.array(WorldBankFile).optional(),
});
export type World = z.infer<typeof World>;

export class WorldError extends Error {}

export function parseWorld(text: string, file = "world.yml"): World {
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: 100 });
  } catch (e) {
    throw new WorldError(`${file}: not valid YAML: ${(e as Error).message}`);
  }
  const result = World.safeParse(data);
  if (!result.success) {
    const first = result.error.issues.slice(0, 5).map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new WorldError(`${file}: not a simulated world file: ${first.join("; ")}`);
  }
  const world = result.data;
  const rules = new Set(world.rules.map((r) => r.id));
  const skills = new Set(world.skills.map((s) => s.name));
  for (const r of world.rules)
    if (!skills.has(r.skill))
      throw new WorldError(`${file}: rule ${r.id} names skill "${r.skill}", which the world does not have`);
  for (const wc of [...world.evolution, ...world.heldOut, ...world.pool]) {
    if (!rules.has(wc.rule))
      throw new WorldError(
        `${file}: case ${wc.case.id} tests rule "${wc.rule}", which the world does not have`,
      );
  }
  return world;
}

export function renderWorld(world: World): string {
  return `# skillops simulated world (every figure measured on it is simulated)\n${stringify(world, { lineWidth: 0 })}`;
}

export function hashWorld(world: World): string {
  return sha256Hex(JSON.stringify(world));
}
