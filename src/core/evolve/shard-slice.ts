// A shard job's part of a pending measurement (docs/workflows.md "Sharded evaluation"): its slice of
// the cases, evaluated from the measurement's spec (fan-out.ts) alone — the candidate's files, the
// cases, the runs — with this job's runner, into its cache. No role is asked anything and the run is
// not replayed, so a model that answers differently in each process changes nothing here. Before
// anything runs, the spec is checked against itself and against this job's runner: a shard that
// would write cache keys the step job never looks up is refused.
import { loadBank } from "../bank/bank.js";
import { hashBank } from "../bank/hash.js";
import type { Skill } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import { cacheKey, type EvalCache } from "../evaluate/cache.js";
import { inlineFiles, type Limiter } from "../evaluate/evaluate.js";
import type { Runner } from "../evaluate/runner.js";
import type { CommandScorer } from "../evaluate/scorers/score-rubric.js";
import type { Model } from "../llm/model.js";
import { canonicalJson } from "../../vocabulary/canonical-json.js";
import { sha256Hex } from "../../vocabulary/sha256.js";
import type { MeasurementSpec } from "./fan-out.js";
import { measure } from "./measure.js";
import { withStrategies } from "./strategies/written-strategies.js";

/** The spec does not describe one measurement, or this job could not evaluate it as the step job reads it. */
export class SpecMismatch extends Error {}

/** The cache key of each of the n runs of every case, in order. */
export async function measurementKeys(
  m: { skills: readonly Skill[]; cases: readonly Case[]; n: number; settingsKey: string },
  filesOf: (c: Case) => Promise<Record<string, string>>,
): Promise<string[]> {
  const out: string[] = [];
  for (const c of m.cases) {
    const files = await filesOf(c);
    for (let runIndex = 0; runIndex < m.n; runIndex++)
      out.push(cacheKey({ skills: m.skills, case: c, files, settingsKey: m.settingsKey, runIndex }));
  }
  return out;
}

export const keysDigest = (keys: readonly string[]): string => sha256Hex(canonicalJson(keys));

export interface SliceDeps {
  runner: Runner;
  judge?: Model;
  runCommand?: CommandScorer;
  cache: EvalCache;
  limit?: Limiter;
  /** Cases evaluated at once. */
  parallel: number;
}

/** The skills the spec's agent sees, from its own files; refused when the files are not the candidate. */
function specSkills(spec: MeasurementSpec): Skill[] {
  const hash = hashBank(spec.bank);
  if (hash !== spec.candidate)
    throw new SpecMismatch(
      `its bank files hash to ${hash.slice(0, 12)}, not to the candidate ${spec.candidate.slice(0, 12)} it names`,
    );
  const bank = loadBank(spec.bank).bank;
  return spec.skills.map((name) => {
    const skill = bank.skills.find((s) => s.name === name);
    if (!skill) throw new SpecMismatch(`its agent sees skill ${name}, which its bank files do not hold`);
    return skill;
  });
}

/** Evaluates the cases `mine` picks into `deps.cache`: the runs early stop reaches, no rejection, no budget. */
export async function evaluateSlice(
  spec: MeasurementSpec,
  mine: (caseId: string) => boolean,
  deps: SliceDeps,
): Promise<{ mine: number; of: number }> {
  const skills = specSkills(spec);
  const runner = spec.strategies ? withStrategies(deps.runner, spec.strategies) : deps.runner;
  if (runner.settingsKey !== spec.settingsKey)
    throw new SpecMismatch(
      `this job's runner settings ${runner.settingsKey} are not the step job's ${spec.settingsKey}: run the shard with the step job's config, runner and model`,
    );
  const filesOf = (c: Case) => Promise.resolve(spec.caseFiles[c.id] ?? inlineFiles(c));
  const keys = await measurementKeys({ ...spec, skills, settingsKey: runner.settingsKey }, filesOf);
  if (keysDigest(keys) !== spec.keys)
    throw new SpecMismatch("its cases and skills give other cache keys than the ones the step job looks up");
  const cases = spec.cases.filter((c) => mine(c.id));
  await measure({
    skills,
    skillFiles: spec.bank,
    cases,
    categories: spec.categories,
    runner,
    ...(deps.judge ? { judge: deps.judge } : {}),
    ...(deps.runCommand ? { runCommand: deps.runCommand } : {}),
    n: spec.n,
    k: spec.k,
    earlyStop: spec.earlyStop,
    ...(spec.kernelScore ? { kernelScore: spec.kernelScore } : {}),
    parallel: deps.parallel,
    resolveFiles: filesOf,
    cache: deps.cache,
    ...(deps.limit ? { limit: deps.limit } : {}),
  });
  return { mine: cases.length, of: spec.cases.length };
}
