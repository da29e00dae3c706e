// What `skillops evolve` says on stderr while it runs (pure; evolve.ts writes the lines): one line
// per step — the baseline, each iteration's vote and gate, the stop — so a CI log shows where a
// run is and why, with --json too (stdout stays the record). In GitHub Actions each step is a
// collapsible ::group::, dropped rewrites and failed role calls are ::warning:: annotations and the
// run's failures ::error:: annotations.
import type { ProgressEvent } from "../../../core/evolve/run.js";
import type { Iteration, RunRecord } from "../../../records/run-record.js";
import { roleTallies, type EvolveVerdict } from "./evolve-verdict.js";
import { percent } from "../../../vocabulary/percent.js";
import { formatScore, scoreBasisLabel } from "../../../core/render/kernel-labels.js";
import type { KernelScoreBasis } from "../../../records/kernel-scoring.js";

/** A rate as a percentage; under kernel scoring a mean score (it may exceed 1), as `score 1.42`. */
function figure(value: number, basis: KernelScoreBasis | undefined): string {
  return basis ? `score ${formatScore(value)}` : percent(value);
}

export interface ProgressStyle {
  simulated: boolean;
  /** GITHUB_ACTIONS=true: workflow commands instead of plain prefixes. */
  actions: boolean;
}

/** Workflow command data: %, CR and LF are escaped, or the annotation ends at the first newline. */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

function annotate(kind: "warning" | "error", text: string, style: ProgressStyle): string {
  return style.actions ? `::${kind}::${escapeCommandData(text)}` : `${kind}: ${text}`;
}

/** A step: in Actions a group titled by the first line; elsewhere just the lines. */
function step(lines: string[], style: ProgressStyle): string[] {
  if (!style.actions || lines.length === 0) return lines;
  const [title, ...rest] = lines;
  return [`::group::${title}`, ...rest, "::endgroup::"];
}

function voteLine(it: Iteration): string {
  const ok = it.proposals.filter((p) => p.failure === undefined).length;
  const kept = it.vote.kept.map((k) => `${k.skill} (${k.votes})`).join(", ") || "nothing";
  const dropped = it.vote.dropped.length
    ? `; dropped ${it.vote.dropped.map((d) => `${d.skill} (${d.votes})`).join(", ")}`
    : "";
  return `vote: ${ok} of ${it.proposals.length} diagnoser proposal(s); kept ${kept}${dropped}`;
}

function gateLine(e: Extract<ProgressEvent, { type: "iteration" }>): string {
  const gate = e.record?.gate;
  const b = e.kernelBasis;
  if (e.passRate === undefined) return `gate: no child${e.note ? ` (${e.note})` : ""}`;
  if (!e.admitted) {
    const why = (gate?.reasons ?? [])
      .filter((r) => !r.ok)
      .map((r) => `${r.category} ${figure(r.observed, b)} < floor ${figure(r.floor, b)}`)
      .join(", ");
    // Stopped early: the rate covers only the cases that ran, so it is not shown as the child's.
    const stopped = gate?.stoppedEarly;
    if (stopped)
      return `gate: child refused, stopped early on ${stopped.category} (${e.record?.child?.measured.cases ?? 0} case(s) ran)${why ? ` (${why})` : ""}`;
    return `gate: child ${figure(e.passRate, b)}, refused${why ? ` (${why})` : ""}`;
  }
  const after = e.entered ? ", entered the frontier" : e.note ? ` (${e.note})` : "";
  return `gate: child ${figure(e.passRate, b)}, admitted${after}`;
}

function iterationLines(e: Extract<ProgressEvent, { type: "iteration" }>, style: ProgressStyle): string[] {
  const at = `${style.simulated ? "[simulated] " : ""}iteration ${e.t}`;
  const gate = `${gateLine(e)}; frontier ${e.frontier}`;
  const it = e.record;
  const steps = it ? [voteLine(it), gate] : [gate];
  const lines = style.actions
    ? step([`${at}: ${gate}`, ...steps.slice(0, -1).map((l) => `  ${l}`)], style)
    : steps.map((l) => `${at} ${l}`);
  const notes: string[] = [];
  for (const r of it?.rewrites.filter((x) => x.status === "dropped") ?? [])
    notes.push(
      annotate(
        "warning",
        `iteration ${e.t}: rewrite of ${r.skill} dropped: ${r.reason ?? "no reason given"}`,
        style,
      ),
    );
  for (const t of roleTallies(it ? [it] : []).filter((x) => x.failed > 0))
    notes.push(
      annotate(
        "warning",
        `iteration ${e.t}: ${t.failed} of ${t.calls} ${t.role} call(s) failed: ${t.first}`,
        style,
      ),
    );
  // Annotations go after the group, so they stay visible when it is folded.
  return [...lines, ...notes];
}

export function progressLines(e: ProgressEvent, style: ProgressStyle): string[] {
  if (e.type === "iteration") return iterationLines(e, style);
  const sim = style.simulated ? "[simulated] " : "";
  const b = e.kernelBasis;
  const cats = Object.entries(e.perCategory)
    .map(([c, r]) => `${c} ${b ? formatScore(r) : percent(r)}`)
    .join(", ");
  const what = b
    ? `mean kernel score ${formatScore(e.passRate)} [${scoreBasisLabel(b)}]`
    : `pass rate ${percent(e.passRate)}`;
  const baseline = `${sim}baseline E₀: ${what} (${cats})`;
  const scope = `scope: ${e.scope.join(", ")}`;
  return style.actions ? step([baseline, `  ${scope}`], style) : [`${sim}${scope}`, baseline];
}

export function stopLine(r: RunRecord): string {
  return `stopped: ${r.stop.reason} after iteration ${r.stop.afterIteration}${r.stop.note ? ` — ${r.stop.note}` : ""}`;
}

export function verdictLines(v: EvolveVerdict, style: ProgressStyle): string[] {
  return [
    ...v.warnings.map((w) => annotate("warning", w, style)),
    ...v.errors.map((e) => annotate("error", e, style)),
  ];
}
