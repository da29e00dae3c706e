// The strategy table of bench/strategies.ts (issue 44): every arm against `frames`, seed by seed, at
// equal agent executions. Each (world kind × arm) row gives the executions the arm actually spent,
// P*'s held-out pass@3, the mean per-seed difference against frames with a bootstrap interval over
// seeds, wins/losses/ties, the exact sign test, its Holm correction over every comparison in the
// table, and a verdict that says "undetermined" with the test's power when nothing survives.
import { holmAdjusted } from "../src/core/evaluate/holm.js";
import { pairedDifferences, type PairedDifferences } from "../src/core/evaluate/paired-differences.js";
import { pairedVerdict, type PairedVerdict } from "../src/core/evaluate/paired-verdict.js";

/** One run's figures, the same seed's for every arm of a world kind. */
export interface RunFigures {
  /** P*'s and P₀'s held-out mean pass@3. */
  star: number;
  p0: number;
  /** Agent executions the run actually spent, and the iterations it ran. */
  executions: number;
  iterations: number;
  /** The world kind's engagement measure for this run, when the hook is wired (strategy-engagement.ts). */
  engagement?: number;
}

export interface ArmRuns {
  kind: string;
  strategy: string;
  /** By seed index: runs[i] of every arm of a kind is seed i. */
  runs: RunFigures[];
}

export interface TableSettings {
  reference: string;
  alpha: number;
  /** The alternative the verdict's power is stated against (share of seeds an arm wins). */
  winRate: number;
  seed: number;
}

interface Compared {
  arm: ArmRuns;
  d?: PairedDifferences;
  verdict?: PairedVerdict;
  holmP?: number;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : 0);
const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(3)}`;
const pFmt = (p: number) => (p < 0.001 ? "<0.001" : p.toFixed(3));

/** Pairs every arm with the reference of its kind and corrects over the whole table. */
export function compareArms(arms: readonly ArmRuns[], s: TableSettings): Compared[] {
  const refOf = (kind: string) => arms.find((a) => a.kind === kind && a.strategy === s.reference);
  const out: Compared[] = arms.map((arm) => {
    const ref = refOf(arm.kind);
    if (!ref)
      throw new Error(`strategy table: world kind ${arm.kind} has no ${s.reference} arm to pair with`);
    if (arm === ref) return { arm };
    const star = (a: ArmRuns) => a.runs.map((r) => r.star);
    return { arm, d: pairedDifferences(star(arm), star(ref), { B: 10_000, seed: s.seed }) };
  });
  const tested = out.filter((c) => c.d);
  const holm = holmAdjusted(tested.map((c) => c.d!.signP));
  const opts = { alpha: s.alpha, comparisons: Math.max(1, tested.length), winRate: s.winRate };
  tested.forEach((c, i) => {
    c.holmP = holm[i]!;
    c.verdict = pairedVerdict(c.d!, c.holmP, opts);
  });
  return out;
}

function rowOf(c: Compared, engaged: boolean): string[] {
  const runs = c.arm.runs;
  const ex = runs.map((r) => r.executions);
  const cells = [
    c.arm.kind,
    c.arm.strategy,
    `${mean(ex).toFixed(0)} [${Math.min(...ex)}–${Math.max(...ex)}]`,
    mean(runs.map((r) => r.iterations)).toFixed(1),
    `${mean(runs.map((r) => r.p0)).toFixed(3)} → ${mean(runs.map((r) => r.star)).toFixed(3)}`,
    c.d ? `${signed(c.d.mean)} [${signed(c.d.ci[0])}, ${signed(c.d.ci[1])}]` : "(reference)",
    c.d ? `${c.d.wins}/${c.d.losses}/${c.d.ties}` : "",
    c.d ? pFmt(c.d.signP) : "",
    c.holmP !== undefined ? pFmt(c.holmP) : "",
    c.verdict?.text ?? "",
  ];
  if (engaged) {
    const e = runs.map((r) => r.engagement).filter((x): x is number => x !== undefined);
    cells.push(e.length ? mean(e).toFixed(2) : "—");
  }
  return cells;
}

const HEADER = [
  "world kind",
  "strategy",
  "agent exec/run [min–max]",
  "iterations/run",
  "held-out pass@3 P₀ → P*",
  "Δ vs frames [95% CI]",
  "W/L/T",
  "sign p",
  "Holm p",
  "verdict",
];

/** The Markdown table; an engagement column only when some run carries an engagement measure. */
export function renderTable(compared: readonly Compared[]): string {
  const engaged = compared.some((c) => c.arm.runs.some((r) => r.engagement !== undefined));
  const header = engaged ? [...HEADER, "engagement"] : HEADER;
  const body = compared.map((c) => rowOf(c, engaged));
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]) => `| ${cells.map((x, i) => x.padEnd(widths[i]!)).join(" | ")} |`;
  const rule = `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`;
  return [line(header), rule, ...body.map(line)].join("\n") + "\n";
}

/** One line per verdict other than undetermined, or the line that says none won. */
export function summarise(compared: readonly Compared[]): string {
  const decided = compared.filter((c) => c.verdict && c.verdict.outcome !== "undetermined");
  if (decided.length === 0)
    return "No arm wins or loses against frames on any world kind after the Holm correction.\n";
  return decided
    .map(
      (c) => `${c.arm.strategy} ${c.verdict!.outcome} against frames on ${c.arm.kind}: ${signed(c.d!.mean)}.`,
    )
    .join("\n")
    .concat("\n");
}
