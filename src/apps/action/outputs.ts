// What the step hands on (action.yml "outputs") and what it adds to the job summary, from what the
// command left: the run record evolve wrote to --out, the lines it printed on stderr, and matrix's
// `matrix=<json>` line on stdout.
import type { RunRecord } from "../../records/run-record.js";
import type { ActionInputs } from "./inputs.js";
import { failureLines } from "./failure-help.js";

export interface ActionOutputs {
  "run-id": string;
  /** JSON array of PR numbers, for `fromJSON(steps.x.outputs.pull-requests)`. */
  "pull-requests": string;
  /** The operating point of P*, the member the run recommends deploying. */
  "operating-point": string;
  /** matrix: the job matrix as one line of JSON, for `fromJSON(steps.x.outputs.matrix)`. */
  matrix: string;
  /** matrix: the shard numbers of `evolve.shards` as a JSON array ([1] = no sharding). */
  shards: string;
  /** evolve exit 3: continuation.json on one line (run id, reason, part); empty when the run finished. */
  continue: string;
}

// src/apps/cli/evolve/evolve-publish.ts prints one line per frontier member: `github <outcome> <hash8> #<n>`.
const PUBLISHED = /^github \S+ [0-9a-f]{8} #(\d+)\b/gm;

export function pullRequestsIn(stderr: string): number[] {
  const numbers = [...stderr.matchAll(PUBLISHED)].map((m) => Number(m[1]));
  return [...new Set(numbers)];
}

// src/apps/cli/matrix.ts with --github-output prints one line: `matrix=<json>`.
const MATRIX = /^matrix=(.*)$/m;
const SHARDS = /^shards=(.*)$/m;

export function outputsOf(
  record: RunRecord | undefined,
  stderr: string,
  stdout = "",
  continuation = "",
): ActionOutputs {
  const selected = record?.frontier.find((m) => m.selected);
  return {
    "run-id": record?.runId ?? "",
    "pull-requests": JSON.stringify(pullRequestsIn(stderr)),
    "operating-point": selected?.operatingPoint ?? "",
    matrix: MATRIX.exec(stdout)?.[1] ?? "",
    shards: SHARDS.exec(stdout)?.[1] ?? "",
    continue: continuation,
  };
}

/** $GITHUB_OUTPUT lines; the values are single-line (ids, one-line JSON, a word). */
export function renderOutputs(outputs: ActionOutputs): string {
  return Object.entries(outputs)
    .map(([name, value]) => `${name}=${value.replace(/[\r\n]+/g, " ")}\n`)
    .join("");
}

/** matrix's jobs as a table: one row per scope, with the runner labels it goes to. */
function matrixLines(matrix: string): string[] {
  const { include } = JSON.parse(matrix) as { include: Array<{ scope: string; "runs-on": string[] }> };
  return [
    "| scope | runs on |",
    "|---|---|",
    ...include.map((j) => `| ${j.scope} | ${j["runs-on"].map((l) => `\`${l}\``).join(", ")} |`),
    "",
  ];
}

/** What the step's summary knows beyond the outputs: why nothing was evolved, or the error. */
export interface SummaryNotes {
  /** evolve's `nothing to evolve:` reason (a quiet week). */
  nothing?: string;
  /** The last error line the command printed, for a failed step. */
  error?: string;
}

/** A run that stopped before iteration 1 because nothing was left to improve. */
const idleNote = (record: Pick<RunRecord, "stop" | "iterations"> | undefined): string | undefined =>
  record && record.iterations.length === 0 && record.stop.reason === "perfect-root"
    ? `${record.stop.note ?? "the starting bank passed every run"}; file feedback on a mistake the agent still makes`
    : undefined;

function verdictOf(exitCode: number, outputs: ActionOutputs, nothing: string | undefined): string {
  if (outputs.continue) return "handed on to a continuation job";
  if (exitCode !== 0) return `failed (exit ${exitCode})`;
  return nothing !== undefined ? "ok, nothing to evolve" : "ok";
}

/** The step's own few lines in the job summary; eval and report append their tables themselves. */
export function summaryOf(
  command: ActionInputs["command"],
  exitCode: number,
  outputs: ActionOutputs,
  record?: Pick<RunRecord, "simulated"> & Partial<Pick<RunRecord, "stop" | "iterations">>,
  notes: SummaryNotes = {},
): string {
  const nothing =
    notes.nothing ??
    (record?.stop && record.iterations
      ? idleNote({ stop: record.stop, iterations: record.iterations })
      : undefined);
  const lines = [`### skillops ${command}: ${verdictOf(exitCode, outputs, nothing)}`, ""];
  // A green run that did nothing says so, and what would give it something to do.
  if (exitCode === 0 && nothing !== undefined) lines.push(`Nothing was evolved: ${nothing}.`, "");
  if (exitCode !== 0 && !outputs.continue && notes.error !== undefined)
    lines.push(...failureLines(notes.error));
  if (outputs["run-id"]) {
    const prs = JSON.parse(outputs["pull-requests"]) as number[];
    lines.push(
      `| run | P* operating point | pull requests |`,
      `|---|---|---|`,
      `| \`${outputs["run-id"]}\`${record?.simulated ? " (simulated)" : ""} | ${outputs["operating-point"] || "—"} | ${prs.length ? prs.map((n) => `#${n}`).join(", ") : "none"} |`,
      "",
    );
  }
  if (outputs.matrix) lines.push(...matrixLines(outputs.matrix));
  return lines.join("\n");
}
