// The seam between evaluation and whatever executes a case: the built-in reference agent, the
// user's own agent behind a command, the kernel runner. A failing case is a result (`error`), not an
// exception; runners throw only for systemic failures (no API key, bad config, spent budget).
import type { BankFile, Skill } from "../bank/skill.js";
import type { Case } from "../../records/case.js";
import type { ChatMessage } from "../llm/model.js";
import type { Tokens } from "../../records/tokens.js";

/** What happened during one execution, in order. Later used to detect skills that are silently bypassed. */
export type TraceEvent =
  | { type: "skill-loaded"; skill: string }
  /** A `##` section of a loaded skill the agent read (heading text); a whole-skill load reads them all. */
  | { type: "section-read"; skill: string; section: string }
  | { type: "script-ran"; skill: string; script: string; exitCode: number | null; timedOut?: boolean }
  | { type: "tool-call"; name: string; ok: boolean; detail?: string }
  | { type: "note"; text: string }
  /** Processes the run left alive when it exited, timed out or overflowed, which skillops then killed. */
  | {
      type: "processes-killed";
      after: "exit" | "timeout" | "overflow";
      /** What ran the processes: "agent command", or the skill script's path. */
      source: string;
      processes: { pid: number; command: string }[];
    };

export interface RunInput {
  case: Case;
  /** The skills visible to the agent. */
  skills: readonly Skill[];
  /** 0-based index of this execution among the case's n runs. */
  runIndex: number;
  /** The case's input files, resolved: relative path → content. */
  files: Record<string, string>;
  /**
   * Bytes of the skills' auxiliary files (scripts, references, assets), paths relative to the bank
   * root (`<skill.dir>/scripts/x.py`). Runners that materialise skills on disk need them.
   */
  skillFiles?: readonly BankFile[];
  /** A strategy hint for this run (SkillEvolver exploration), appended to the task prompt; absent = none. */
  hint?: string;
}

export interface RunResult {
  /** The agent's answer: parsed JSON when it was JSON, else its text. `null` when the run failed. */
  output: unknown;
  trace: TraceEvent[];
  /** Tokens the agent spent on this execution (its deployment cost, memo hits included). */
  usage: Tokens;
  /** The part of `usage` served from the model-call memo: counted in cost, not paid by this run. */
  reused?: Tokens;
  /** Command runner: whether `usage` was counted by the recording proxy or is the agent's own claim. */
  usageSource?: "proxy" | "self-reported";
  /** The recording proxy's count when `usage` is the agent's own (both exist): a gap shows here. */
  proxyUsage?: Tokens;
  /** Model requests the recording proxy answered for this run (agents behind the proxy only). */
  modelCalls?: number;
  /** Model turns the agent reported (Claude Code's `num_turns`, Codex's turns); absent when it reports none. */
  turns?: number;
  /** The agent's own estimate of the run's price in dollars (Claude Code's `total_cost_usd`). */
  costUsd?: number;
  /** Skills the agent listed that are not the candidate bank's (bundled or system skills it could not be kept from). */
  otherSkills?: string[];
  /** Why the run failed (timeout, crash, max turns, endpoint failure); a failed run scores as a failure. */
  error?: string;
  /**
   * True when the failure says nothing about the skills (rate limit, 5xx, endpoint timeout). Such a
   * result is still recorded but never cached, so the next evaluation retries it.
   */
  transient?: boolean;
  /**
   * The agent's refusal, when it declined to answer (OpenAI's `refusal`): the run fails, with this
   * text recorded, and is never cached (a refusal may not recur).
   */
  refusal?: string;
  /** The conversation, when the runner has one (the reference agent): written by `eval --traces-out`. */
  transcript?: ChatMessage[];
}

export interface Runner {
  name: string;
  /** Part of the cache key: the model and every setting that changes what an execution does. */
  settingsKey: string;
  run(input: RunInput): Promise<RunResult>;
  /** Each run's record keeps its trajectory as steps (trajectory-steps.ts), for SkillEvolver's contrast. */
  keepsTrajectory?: boolean;
}

export { SystemicError } from "../llm/model.js";
