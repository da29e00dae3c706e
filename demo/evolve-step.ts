// The demo's evolution job: what `skillops evolve --github` does in Actions, with the simulated world
// standing in for the model. The world is built from the accepted feedback over the bank on the
// default branch, so the rewrites are edits of the real skills the issues name.
import type { SkillBank } from "../src/bank/skill.js";
import type { Case } from "../src/cases/case.js";
import type { Config } from "../src/config/config.js";
import { runConfigOf } from "../src/evolve/run.js";
import type { RunRecord } from "../src/evolve/run-record.js";
import { loadBankFromGit } from "../src/git/read-tree.js";
import { buildFeedbackWorld, type FeedbackFix } from "../src/sim/feedback-world.js";
import { runSimulatedEvolution } from "../src/sim/run.js";
import type { Filed } from "./feedback-steps.js";
import { DemoCheckFailed, type Narrator } from "./narrator.js";
import type { Stage } from "./stage.js";
import type { Clock } from "../src/vocabulary/clock.js";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const tokens = (x: number) => Math.round(x).toLocaleString("en-US");

export interface Evolved {
  record: RunRecord;
  banks: Map<string, SkillBank>;
  base: SkillBank;
}

export async function runEvolutionJob(
  stage: Stage,
  n: Narrator,
  cases: Case[],
  filed: Filed[],
  config: Config,
  now: Clock,
): Promise<Evolved> {
  n.step("Evolution run: the FRAMES loop on the accepted cases (simulated world, no model)");
  const { bank: base, diagnostics } = await loadBankFromGit({
    gitdir: stage.gitDir,
    ref: "main",
    prefix: config.bank,
  });
  n.check(
    !diagnostics.some((d) => d.severity === "error"),
    `the bank on main does not load: ${diagnostics.map((d) => d.message).join("; ")}`,
  );
  const fixes: FeedbackFix[] = cases.map((c) => {
    const hint = filed.find((f) => f.number === c.provenance.issue)?.example.simulation;
    if (!hint)
      throw new DemoCheckFailed(`case ${c.id} has no simulation hint in examples/feedback/issues.json`);
    return { caseId: c.id, ...hint };
  });
  const world = buildFeedbackWorld({
    seed: config.evolve.seed,
    bank: {
      origin: `${config.bank} on main`,
      skills: base.skills.map((s) => ({ name: s.name, source: s.source })),
    },
    cases,
    fixes,
    categories: config.categories,
  });
  n.say(
    `world: ${world.rules.length} rules (${cases.length} from the feedback, the rest already in the bank), ${world.evolution.length} evolution cases, ${world.heldOut.length} held-out cases the loop never sees`,
  );
  const { record, banks } = await runSimulatedEvolution(
    world,
    { ...runConfigOf(config.evolve), bootstrap: 2_000 },
    { now },
  );
  describeRun(n, record);
  const evolved = record.frontier.filter((m) => m.born > 0);
  n.check(evolved.length >= 1, "the run admitted no child: nothing to propose");
  n.check(record.frontier.length >= 2, "the frontier offers a single operating point");
  return { record, banks, base };
}

function describeRun(n: Narrator, record: RunRecord): void {
  const b = record.baseline;
  const cats = (m: Record<string, number>) =>
    Object.entries(m)
      .map(([k, v]) => `${k} ${pct(v)}`)
      .join(", ");
  n.say(`scope (BM25 over ${record.cases.length} diagnoses): ${record.scope.skills.join(", ")}`);
  n.say(
    `baseline E0 (simulated): pass@${record.config.k} ${pct(b.total.rate)} [${pct(b.total.low)}, ${pct(b.total.high)}] — ${cats(b.perCategory)}; ${tokens(b.cost.input)} | ${tokens(b.cost.output)} tokens per case`,
  );
  n.say(`gate floors (ε = ${record.config.epsilon * 100}% relative): ${cats(b.floors)}`);
  for (const it of record.iterations) {
    const child = it.child
      ? `child ${it.child.candidate.slice(0, 8)} ${pct(it.child.measured.passRate)}`
      : "no child";
    const kept = it.vote.kept.length,
      dropped = it.vote.dropped.length;
    const verdict = it.gate.admitted
      ? it.entered
        ? "admitted, entered the frontier"
        : "admitted, dominated"
      : `rejected: ${
          it.gate.reasons
            .filter((r) => !r.ok)
            .map((r) => `${r.category} ${pct(r.observed)} < floor ${pct(r.floor)}`)
            .join("; ") ||
          it.note ||
          "no child"
        }`;
    n.say(
      `iteration ${it.t}: parent ${it.parent.slice(0, 8)}, ${it.batches} diagnoser(s), vote kept ${kept} / dropped ${dropped} edit(s) → ${child} → ${verdict}`,
    );
  }
  n.say(`stopped: ${record.stop.reason} after iteration ${record.stop.afterIteration}`);
  n.say(
    `agent executions (simulated): ${record.executions.run} run; saved ${record.executions.savedByEarlyStop} by early stop, ${record.executions.savedBySequentialRejection} by sequential rejection, ${record.executions.savedByCache} by the cache; a naive evaluation would run ${record.executions.naive}`,
  );
  n.say("frontier (simulated):");
  for (const m of record.frontier) {
    const held = record.heldOut?.members.find((h) => h.candidate === m.candidate);
    n.say(
      `  ${m.candidate.slice(0, 8)}  ${m.operatingPoint.padEnd(8)} ${m.selected ? "P*" : "  "} pass ${pct(m.total.rate)}, held-out ${held ? pct(held.total.rate) : "—"}, ${tokens(m.cost.input)} | ${tokens(m.cost.output)} tokens/case, changes: ${m.changes.map((c) => c.skill).join(", ") || "none (the baseline)"}`,
    );
  }
}
