// The library entry point the CLI, the demo and the GitHub publisher call: run the loop and, when
// held-out cases are given (the simulated world), measure the baseline and every frontier member on
// them. Returns the run record and each frontier member's whole bank.
import type { Case } from "../../records/case.js";
import type { EvolveConfig } from "../config/config.js";
import { createMemoryCache } from "../evaluate/cache.js";
import { settingsOf, shownSkills, type EvolveDeps, type EvolveInputs } from "./context.js";
import { metricsOf } from "./finish.js";
import { evolve, type EvolveResult } from "./loop.js";
import { trackReuse, type ReuseTracker } from "../evaluate/cache-reuse.js";
import { measure } from "./measure.js";
import type { RunConfig } from "../../records/run-record.js";

import { checkScorers } from "./start.js";
import { strategyFor } from "./strategies/strategies.js";

export { EvolveInputError } from "./start.js";
export type { EvolveResult } from "./loop.js";
export type { EvolveDeps, EvolveInputs, ProgressEvent } from "./context.js";
export { roundRobin, type ParentSelector } from "./strategies/parent-selector.js";

/** The run's knobs: the evolve config (whose keys are RunConfig's engine knobs) plus the budget. */
export function runConfigOf(config: EvolveConfig, budgetTokens?: number): RunConfig {
  if (config.k > config.n) throw new RangeError(`k (${config.k}) cannot exceed n (${config.n})`);
  // How the run is spread over jobs is not a knob of the run (scale-config.ts).
  const { shards: _shards, jobBudgetMinutes: _minutes, ...engine } = config;
  return { ...engine, ...(budgetTokens ? { budgetTokens } : {}) };
}

export async function runEvolution(
  inputs: EvolveInputs,
  deps: EvolveDeps,
  opts: { heldOut?: readonly Case[] } = {},
): Promise<EvolveResult> {
  const { savings, bootstrap: B } = settingsOf(inputs.config, strategyFor(inputs.config));
  checkScorers(opts.heldOut ?? [], deps);
  const tracker = savings ? trackReuse(deps.cache ?? createMemoryCache()) : undefined;
  const deps2: EvolveDeps = { ...deps, cache: tracker?.cache };
  const result = withReuse(await evolve(inputs, deps2), tracker);
  if (!opts.heldOut || opts.heldOut.length === 0) return result;
  const { record } = result;
  const measureOn = async (bank: EvolveResult["banks"] extends Map<string, infer V> ? V : never) => {
    const m = await measure({
      skills: shownSkills(bank),
      skillFiles: bank.files,
      cases: opts.heldOut!,
      categories: record.categories,
      runner: deps.runner,
      ...(deps.judge ? { judge: deps.judge } : {}),
      ...(deps.runCommand ? { runCommand: deps.runCommand } : {}),
      n: inputs.config.n,
      k: inputs.config.k,
      ...(inputs.config.kernelScore ? { kernelScore: inputs.config.kernelScore } : {}),
      ...(deps2.cache ? { cache: deps2.cache } : {}),
    });
    return metricsOf(m.results, record.categories, B, inputs.config.seed);
  };
  const baseline = await measureOn(inputs.bank);
  const members = [];
  for (const member of record.frontier)
    members.push({ candidate: member.candidate, ...(await measureOn(result.banks.get(member.candidate)!)) });
  const heldOut = { cases: opts.heldOut.length, baseline, members };
  return withReuse({ ...result, record: { ...record, heldOut } }, tracker);
}

/** The record with the reuse counted so far (executions.reuse); as it was without the cache. */
function withReuse(result: EvolveResult, tracker: ReuseTracker | undefined): EvolveResult {
  if (!tracker) return result;
  const executions = { ...result.record.executions, reuse: tracker.tally() };
  return { ...result, record: { ...result.record, executions } };
}
