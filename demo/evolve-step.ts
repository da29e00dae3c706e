// The demo's evolution job: what `skillops evolve --model openai` does in Actions, with the simulated
// world behind the OpenAI API standing in for the model. The world is built from the accepted
// feedback over the bank on the default branch, so the rewrites are edits of the real skills the
// issues name; then the reference agent, the judge, the diagnosers, the consolidator and the
// rewriter all run as for a user: prompts, structured outputs and tool calls through the real
// `openai` client against the endpoint. Every figure is still simulated.
import type { SkillBank } from "../src/core/bank/skill.js";
import type { Case } from "../src/records/case.js";
import type { Config } from "../src/core/config/config.js";
import { createReferenceRunner } from "../src/io/runners/reference.js";
import { parseBankScripts } from "../src/apps/cli/audit/audit-scripts.js";
import { createModelRoles } from "../src/core/evolve/model-roles.js";
import { runConfigOf, runEvolution } from "../src/core/evolve/run.js";
import { createOpenAIModel } from "../src/io/llm/openai.js";
import type { RunRecord } from "../src/records/run-record.js";
import { loadBankFromGit } from "../src/io/git/read-tree.js";
import { buildFeedbackWorld, type FeedbackFix } from "../src/sim/feedback-world.js";
import { worldHashes, worldInputs } from "../src/sim/world-inputs.js";
import type { World } from "../src/sim/world.js";
import type { Filed } from "./feedback-steps.js";
import { DemoCheckFailed, type Narrator } from "./narrator.js";
import type { Stage } from "./stage.js";
import type { Clock } from "../src/vocabulary/clock.js";
import { containmentOf } from "../src/core/sandbox/containment.js";
import { totalTokens } from "../src/records/tokens.js";

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const points = (x: number) => `${(100 * x).toFixed(1)} points`;
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
  n.step(
    "Evolution run: the FRAMES loop on the accepted cases, every role through the OpenAI client (simulated endpoint)",
  );
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
    judgeItems: true,
  });
  n.say(
    `world: ${world.rules.length} rules (${cases.length} from the feedback, the rest already in the bank), ${world.evolution.length} evolution cases, ${world.heldOut.length} held-out cases the loop never sees`,
  );
  const { record, banks } = await evolveThroughEndpoint(stage, world, base, config, now);
  describeRun(n, record);
  describeCalls(n, record, stage);
  describeChoice(n, record);
  return { record, banks, base };
}

/**
 * The demo shows the product's main decision: two evolved members that trade pass rate against
 * cost, so select's radio semantics and the sibling superseded on merge have something to act on.
 */
function describeChoice(n: Narrator, record: RunRecord): void {
  const evolved = record.frontier.filter((m) => m.born > 0);
  n.check(evolved.length >= 1, "the run admitted no child: nothing to propose");
  n.check(
    evolved.length >= 2,
    `the frontier has ${evolved.length} evolved member, so there is no choice to show (evolve.seed in .github/skillops.yml picks the run; docs/demo.md)`,
  );
  const [cheaper, dearer] = [...evolved].sort((a, b) => totalTokens(a.cost) - totalTokens(b.cost));
  n.check(
    cheaper!.total.rate < dearer!.total.rate,
    "the evolved members do not trade pass rate against cost: the costlier one is not more accurate",
  );
  n.say(
    `the choice (simulated): ${cheaper!.operatingPoint} ${cheaper!.candidate.slice(0, 8)} costs ${tokens(totalTokens(cheaper!.cost))} tokens/case for ${pct(cheaper!.total.rate)}; ${dearer!.operatingPoint} ${dearer!.candidate.slice(0, 8)} buys ${points(dearer!.total.rate - cheaper!.total.rate)} more with ${tokens(totalTokens(dearer!.cost) - totalTokens(cheaper!.cost))} more tokens per case`,
  );
}

/**
 * The production engine with model roles, the reference agent and the judge, all on the endpoint.
 * It starts from the bank on main itself, every file of it (as `skillops evolve` reads the
 * checkout), not the world's copy of its skills: so P₀ is the candidate main holds, and a member's
 * branch keeps main's other files (NOTICE.md) instead of deleting them.
 */
async function evolveThroughEndpoint(
  stage: Stage,
  world: World,
  base: SkillBank,
  config: Config,
  now: Clock,
) {
  stage.endpoint.useWorld(world);
  const model = createOpenAIModel(config.models, { env: stage.env, ledger: stage.ledger });
  const w = { ...worldInputs(world), bank: base };
  const ev = config.evaluate;
  return runEvolution(
    {
      bank: w.bank,
      cases: w.cases,
      pool: w.pool,
      categories: world.categories,
      config: { ...runConfigOf(config.evolve), bootstrap: 2_000 },
      simulated: true,
      inputs: worldHashes(world, w),
    },
    {
      roles: createModelRoles(model),
      runner: createReferenceRunner({
        model,
        modelSettings: model.settingsKey("agent"),
        maxTurns: ev.maxTurns,
        scriptTimeoutMs: ev.timeoutMs,
        maxOutputBytes: ev.maxOutputBytes,
        containment: containmentOf(ev, stage.env),
      }),
      judge: model,
      ledger: stage.ledger,
      // As `skillops evolve` does: the audit before the gate parses a child's changed scripts.
      checkScripts: (bank, scripts) => parseBankScripts(bank, scripts, containmentOf(ev, stage.env)),
      now,
    },
    { heldOut: w.heldOut },
  );
}

/** The audit that let a member in, in words: clean, or each warning with its evidence (docs/audit.md). */
function auditWords(m: RunRecord["frontier"][number]): string {
  if (m.born === 0) return "";
  if (!m.audit) return ", audit: not recorded";
  if (m.audit.findings.length === 0) return ", audit: clean";
  return `, audit: ${m.audit.findings.map((f) => `${f.id} ${f.severity} ${f.check} ${f.file}:${f.line} (${f.evidence})`).join("; ")}`;
}

/** Every role that must have called the endpoint: the run record's `tokens` shows each with its calls. */
const ROLES_CALLED = ["converter", "agent", "judge", "diagnoser", "consolidator", "rewriter"] as const;

function describeCalls(n: Narrator, record: RunRecord, stage: Stage): void {
  const calls = ROLES_CALLED.map((r) => `${r} ${record.tokens[r]?.calls ?? 0}`);
  n.say(
    `model requests by role (run record, simulated endpoint): ${calls.join(", ")}; the endpoint answered ${stage.endpoint.requests.length} requests in all`,
  );
  const missing = ROLES_CALLED.filter((r) => !record.tokens[r]?.calls);
  n.check(missing.length === 0, `no model requests recorded for ${missing.join(", ")}`);
  const warnings = stage.ledger.warnings();
  n.check(warnings.length === 0, `the model client warned: ${warnings.slice(0, 3).join("; ")}`);
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
      ? `child ${it.child.candidate.slice(0, 8)} ${pct(it.child.measured.passRate)} on ${it.child.measured.cases} of ${record.cases.length + it.child.sample.length} cases`
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
            .map((r) =>
              r.early
                ? `${r.category} stopped early: could reach at most ${pct(r.observed)} < floor ${pct(r.floor)}`
                : `${r.category} ${pct(r.observed)} < floor ${pct(r.floor)}`,
            )
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
      `  ${m.candidate.slice(0, 8)}  ${m.operatingPoint.padEnd(8)} ${m.selected ? "P*" : "  "} pass ${pct(m.total.rate)}, held-out ${held ? pct(held.total.rate) : "—"}, ${tokens(m.cost.input)} | ${tokens(m.cost.output)} tokens/case, changes: ${m.changes.map((c) => c.skill).join(", ") || "none (the baseline)"}${auditWords(m)}`,
    );
  }
  const refused = record.frontier.filter((m) => m.audit?.refused);
  n.check(
    refused.length === 0,
    `frontier member(s) with an audit error: ${refused.map((m) => m.candidate.slice(0, 8)).join(", ")}`,
  );
}
