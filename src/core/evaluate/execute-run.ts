// One run of one case: taken from the cache when this exact execution was done before, otherwise
// run by the agent (under the evaluation's shared limit) and cached, then scored on the rubric.
import type { BankFile, Skill } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { Model } from "../llm/model.js";
import { addTokens, ZERO_TOKENS, type Tokens } from "../../records/tokens.js";
import { cacheKey, type EvalCache } from "./cache.js";
import type { ExecutionRecord } from "../../records/eval-record.js";
import type { RunResult, Runner, TraceEvent } from "./runner.js";
import { scoreRubric, type CommandScorer } from "./scorers/score-rubric.js";
import { stepsOf } from "./trajectory-steps.js";

/** How many more times a run that ended transient (an infrastructure failure) is run before it is recorded so. */
export const TRANSIENT_RERUNS = 2;

/** Runs `fn` under the run's shared execution limit. */
export type Limiter = <T>(fn: () => Promise<T>) => Promise<T>;

export interface RunSetting {
  case: Case;
  skills: readonly Skill[];
  runner: Runner;
  /** The case's input files, resolved (path → content). */
  files: Record<string, string>;
  limit: Limiter;
  cache?: EvalCache | undefined;
  judge?: Model | undefined;
  runCommand?: CommandScorer | undefined;
  skillFiles?: readonly BankFile[] | undefined;
  /** Sees every execution with its verdict (`eval --traces-out` writes them). */
  onExecution?: ((e: Execution) => void) | undefined;
}

export interface Execution {
  case: Case;
  runIndex: number;
  result: RunResult;
  pass: boolean;
}

/** What a case's runs spent beyond their own tokens: executions, cache hits, and scoring tokens. */
export interface RunTally {
  executed: number;
  savedByCache: number;
  scoring: Tokens;
}

/** A run's result and what its failed attempts (run again) paid for model calls. */
interface Attempts {
  result: RunResult;
  failedPaid: Tokens;
}

/** Tokens an attempt's model calls were paid for: its usage less what the memo served. */
function paidBy(r: RunResult): Tokens {
  const reused = r.reused ?? ZERO_TOKENS;
  return {
    input: r.usage.input - reused.input,
    output: r.usage.output - reused.output,
    cached: r.usage.cached - reused.cached,
  };
}

export function newTally(): RunTally {
  return { executed: 0, savedByCache: 0, scoring: ZERO_TOKENS };
}

export function tokensOf(u: Tokens) {
  return { input: u.input, output: u.output, cached: u.cached };
}

export async function executeRun(s: RunSetting, runIndex: number, tally: RunTally): Promise<ExecutionRecord> {
  const { case: c, skills, runner, files, cache } = s;
  const keyInput = { skills, case: c, files, settingsKey: runner.settingsKey, runIndex };
  const key = cacheKey(keyInput);
  let result: RunResult | undefined = cache ? await cache.get(key) : undefined;
  const cached = result !== undefined;
  let failedPaid = ZERO_TOKENS;
  if (result === undefined) {
    result = await cache?.claim?.(key);
    if (result === undefined) ({ result, failedPaid } = await runWithReruns(s, runIndex, tally));
    else tally.executed++;
    // A transient failure or a refusal may not recur: the next evaluation runs it again.
    if (cache && !result.transient && result.refusal === undefined) await cache.put(key, result);
  } else {
    tally.savedByCache++;
  }
  await cache?.seen?.(key, keyInput, cached ? "hit" : "ran");
  const base = {
    runIndex,
    cached,
    tokens: tokensOf(result.usage),
    ...traceFields(result.trace),
    ...(result.reused && !cached ? { reused: tokensOf(result.reused) } : {}),
    ...(totalOf(failedPaid) > 0 ? { failedAttempts: tokensOf(failedPaid) } : {}),
    ...(result.usageSource ? { usageSource: result.usageSource } : {}),
    ...(result.proxyUsage ? { proxyTokens: tokensOf(result.proxyUsage) } : {}),
    ...(result.modelCalls !== undefined ? { modelCalls: result.modelCalls } : {}),
    ...(result.turns !== undefined ? { turns: result.turns } : {}),
    ...(result.costUsd !== undefined ? { costUsd: result.costUsd } : {}),
    ...(result.otherSkills?.length ? { otherSkills: result.otherSkills } : {}),
    ...(runner.keepsTrajectory ? { steps: stepsOf(result) } : {}),
  };
  // A run that did not execute, or whose agent refused, fails without scoring.
  if (result.error !== undefined || result.refusal !== undefined) {
    s.onExecution?.({ case: c, runIndex, result, pass: false });
    return {
      ...base,
      pass: false,
      ...(result.error !== undefined ? { error: result.error } : { refusal: result.refusal }),
      ...(result.transient ? { transient: true } : {}),
      items: [],
    };
  }
  const score = await scoreRubric(c.task.rubric, result.output, {
    task: c.task.prompt,
    case: c,
    ...(s.judge ? { judge: s.judge } : {}),
    ...(s.runCommand ? { runCommand: s.runCommand } : {}),
  });
  tally.scoring = addTokens(tally.scoring, score.usage);
  s.onExecution?.({ case: c, runIndex, result, pass: score.pass });
  return { ...base, pass: score.pass, items: score.items };
}

/** What the trace says the run loaded, ran and read. */
function traceFields(trace: RunResult["trace"]) {
  const skillsLoaded = [...new Set(trace.flatMap((e) => (e.type === "skill-loaded" ? [e.skill] : [])))];
  const scriptsRun = [
    ...new Set(trace.flatMap((e) => (e.type === "script-ran" ? [`${e.skill}/${e.script}`] : []))),
  ];
  const sectionsRead = sectionsReadOf(trace);
  return {
    skillsLoaded,
    ...(scriptsRun.length ? { scriptsRun } : {}),
    ...(sectionsRead.length ? { sectionsRead } : {}),
  };
}

/**
 * The run, again while it ends transient (an infrastructure failure), at most TRANSIENT_RERUNS more
 * times; `failedPaid` is what the attempts run again had paid (their calls the memo may serve next).
 */
async function runWithReruns(s: RunSetting, runIndex: number, tally: RunTally): Promise<Attempts> {
  let result = await runOnce(s, runIndex);
  let failedPaid = ZERO_TOKENS;
  tally.executed++;
  for (let again = 0; result.transient && again < TRANSIENT_RERUNS; again++) {
    failedPaid = addTokens(failedPaid, paidBy(result));
    result = await runOnce(s, runIndex);
    tally.executed++;
  }
  return { result, failedPaid };
}

const totalOf = (t: Tokens) => t.input + t.output;

/** The agent's execution of run `runIndex`, under the evaluation's shared limit. */
function runOnce(s: RunSetting, runIndex: number): Promise<RunResult> {
  const { case: c, skills, runner, files } = s;
  return s.limit(() =>
    runner.run({ case: c, skills, runIndex, files, ...(s.skillFiles ? { skillFiles: s.skillFiles } : {}) }),
  );
}

/** The (skill, section) pairs the trace read, once each, in the order first read. */
function sectionsReadOf(trace: readonly TraceEvent[]): { skill: string; section: string }[] {
  const seen = new Map<string, { skill: string; section: string }>();
  for (const e of trace)
    if (e.type === "section-read")
      seen.set(JSON.stringify([e.skill, e.section]), { skill: e.skill, section: e.section });
  return [...seen.values()];
}
