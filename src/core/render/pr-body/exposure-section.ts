// The "Exposure" section of a frontier PR body (docs/bank.md "Exposure", docs/engine.md "Context
// budget"): which of the member's skills the agent sees and which are hidden, their tokens against
// the run's context budget, and the allocation that chose the list. Absent when neither the member
// nor the deployed bank has an exposure list.
import { loadBank } from "../../bank/bank.js";
import { exposureOfFiles } from "../../bank/exposure.js";
import type { BankFile } from "../../bank/skill.js";
import { skillTokens } from "../../bank/exposure.js";
import type { RunRecord } from "../../../records/run-record.js";
import { tableCell } from "../comments/neutralise.js";

export interface ExposureSkill {
  name: string;
  /** SKILL.md estimate, one token per four characters (`skillTokens`). */
  tokens: number;
}

export interface ExposureView {
  exposed: ExposureSkill[];
  hidden: ExposureSkill[];
  /** `evolve.contextBudget` of the run; absent when the run had none. */
  budget?: number;
  /** The deployed bank's list; null = it exposes every skill. */
  deployed: string[] | null;
  /** The allocation iteration that chose this exact list, when the run made it. */
  allocation?: { t: number; maskingRuns: number; maskingExecutions: number };
  simulated: boolean;
}

const sameList = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (a !== null && b !== null && a.length === b.length && a.every((x, i) => x === b[i]));

/** The view, or undefined when neither bank carries an exposure list. */
export function exposureView(
  base: readonly BankFile[],
  member: readonly BankFile[],
  record: Pick<RunRecord, "config" | "iterations" | "simulated">,
): ExposureView | undefined {
  const mine = exposureOfFiles(member)?.slice().sort() ?? null;
  const deployed = exposureOfFiles(base)?.slice().sort() ?? null;
  if (mine === null && deployed === null) return undefined;
  const skills = loadBank(member)
    .bank.skills.map((s) => ({ name: s.name, tokens: skillTokens(s) }))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const shown = new Set(mine ?? skills.map((s) => s.name));
  const made = record.iterations.find(
    (it) => it.contextBudget && sameList([...it.contextBudget.exposure].sort(), mine),
  )?.contextBudget;
  const t = record.iterations.find((it) => it.contextBudget === made)?.t;
  return {
    exposed: skills.filter((s) => shown.has(s.name)),
    hidden: skills.filter((s) => !shown.has(s.name)),
    ...(record.config.contextBudget ? { budget: record.config.contextBudget } : {}),
    deployed,
    ...(made && t !== undefined
      ? {
          allocation: { t, maskingRuns: made.masking.runs, maskingExecutions: made.masking.executions },
        }
      : {}),
    simulated: record.simulated,
  };
}

const names = (xs: readonly ExposureSkill[]) =>
  xs.length ? tableCell(xs.map((s) => `${s.name} (${s.tokens})`).join(", "), 2000) : "—";

/** The section as a one-element list, or none, so `assemble` can spread it. */
export function renderExposureSection(view: ExposureView | undefined): string[] {
  if (!view) return [];
  const tokens = view.exposed.reduce((n, s) => n + s.tokens, 0);
  const all = tokens + view.hidden.reduce((n, s) => n + s.tokens, 0);
  const label = view.simulated ? " (simulated run)" : "";
  const budget = view.budget !== undefined ? ` of a ${view.budget}-token budget` : " (the run set no budget)";
  const deployed =
    view.deployed === null
      ? "The deployed bank exposes every skill."
      : `The deployed bank exposes ${view.deployed.length} skill(s): ${view.deployed.map((s) => `\`${s}\``).join(", ")}.`;
  const how = view.allocation
    ? ` Chosen by the context budget allocation at iteration ${view.allocation.t} from ${view.allocation.maskingRuns} masking run(s) (${view.allocation.maskingExecutions} agent executions, counted in the run's budget).`
    : "";
  return [
    [
      `### Exposure — ${view.exposed.length} of ${view.exposed.length + view.hidden.length} skills shown${label}`,
      "",
      `The agent sees ${tokens} of the bank's ${all} skill tokens${budget} (SKILL.md estimate, one token per four characters). ${deployed}${how}`,
      "",
      "| | Skills (tokens) |",
      "|---|---|",
      `| Exposed | ${names(view.exposed)} |`,
      `| Hidden | ${names(view.hidden)} |`,
    ].join("\n"),
  ];
}
