// A simulated world built from accepted feedback over a real bank, for the demo: each feedback case
// gets a rule whose clause is the policy sentence its fix needs (missing from the bank), and some
// bullet lines the bank already holds become "present" rules whose cases catch forgetting. Unlike
// generateWorld, nothing is laid into the SKILL.md files, so the PR diffs read as edits of the real
// skills. Every figure measured on it is simulated (docs/simulated-world.md).
import { parseSkillMd } from "../core/bank/parse.js";
import type { Case, RubricItem } from "../records/case.js";
import { createRng, type Rng } from "../vocabulary/rng.js";
import { DEFAULT_PARAMS } from "./generate.js";
import { reportCriterion } from "./report-criterion.js";
import { type Rule, type World, type WorldCase, type WorldParams, WORLD_VERSION } from "./world.js";

/** What one feedback case needs: the sentence that belongs in `skill`, and three words its diagnosis names. */
export interface FeedbackFix {
  caseId: string;
  skill: string;
  clause: string;
  words: [string, string, string];
}

export interface FeedbackWorldOptions {
  seed: number;
  bank: { origin: string; skills: { name: string; source: string }[] };
  /** Accepted feedback cases (their real rubrics stay with them; the world checks a verdict instead). */
  cases: readonly Case[];
  fixes: readonly FeedbackFix[];
  categories?: string[];
  params?: Partial<WorldParams>;
  presentPerSkill?: number;
  heldOutPerRule?: number;
  poolPerRule?: number;
  /**
   * Give each feedback case a `judge` item (reportCriterion) beside its verdict check, so a run
   * through the simulated endpoint sends judge requests. Off by default: evolve scores judge items
   * only once `measure` is given a judge model.
   */
  judgeItems?: boolean;
}

export class FeedbackWorldError extends Error {}

const CREATED = "2026-01-01T00:00:00.000Z";
const STOP = new Set(
  "about after again their there these those which while would could should every other where being before under with from that this when what your have will only into than then them they were does".split(
    " ",
  ),
);

/** The demo's example categories, when the caller names none. */
const DEFAULT_CATEGORIES: readonly string[] = ["general", "hallucination", "special"];

export function buildFeedbackWorld(opts: FeedbackWorldOptions): World {
  const rng = createRng(opts.seed);
  const categories = opts.categories ?? [...DEFAULT_CATEGORIES];
  const skillNames = new Set(opts.bank.skills.map((s) => s.name));
  const feedbackRules = opts.cases.map((c, i) => feedbackRule(c, i, opts.fixes, skillNames));
  const presentRules = buildPresentRules(
    opts,
    rng,
    categories,
    new Set(feedbackRules.flatMap((r) => r.words)),
  );
  const rules = [...feedbackRules, ...presentRules];
  const synth = (set: string, rule: Rule, j: number) => syntheticCase(set, rule, j);
  const evolution: WorldCase[] = [
    ...opts.cases.map((c, i) => ({
      rule: feedbackRules[i]!.id,
      case: {
        ...c,
        task: { ...c.task, rubric: feedbackRubric(feedbackRules[i]!, opts.judgeItems ?? false) },
      },
    })),
    ...presentRules.map((r) => synth("e", r, 0)),
  ];
  const heldOut = rules.flatMap((r) =>
    Array.from({ length: opts.heldOutPerRule ?? 2 }, (_, j) => synth("h", r, j)),
  );
  const pool = presentRules.flatMap((r) =>
    Array.from({ length: opts.poolPerRule ?? 2 }, (_, j) => synth("p", r, j)),
  );
  for (const wc of pool) wc.case.resolved = { candidate: "00000000", run: "simulated-history" };
  const skills = opts.bank.skills.map((s) => ({
    name: s.name,
    source: s.source,
    filler: fillerParagraphs(s.source),
  }));
  return {
    kind: "skillops-simulated-world",
    version: WORLD_VERSION,
    simulated: true,
    seed: opts.seed,
    bankOrigin: opts.bank.origin,
    categories,
    params: worldParams(opts.params, categories),
    rules,
    skills,
    evolution,
    heldOut,
    pool,
  };
}

/** No misleading rules: every feedback case has a true fix; each category gets a hit rate. */
function worldParams(given: Partial<WorldParams> | undefined, categories: readonly string[]): WorldParams {
  const params: WorldParams = {
    ...DEFAULT_PARAMS,
    misleading: 0,
    ...given,
    pHit: { ...DEFAULT_PARAMS.pHit, ...given?.pHit },
  };
  for (const c of categories) params.pHit[c] ??= 0.7;
  return params;
}

/** Rules the bank already follows, from its own bullet lines; `taken` grows so words stay distinct. */
function buildPresentRules(
  opts: FeedbackWorldOptions,
  rng: Rng,
  categories: readonly string[],
  taken: Set<string>,
): Rule[] {
  const present = opts.bank.skills.flatMap((s) =>
    presentClauses(s.source, rng, opts.presentPerSkill ?? 2).map((clause) => ({ skill: s.name, clause })),
  );
  return present.flatMap(({ skill, clause }, i) => {
    const words = distinctiveWords(clause, taken);
    if (!words) return [];
    words.forEach((w) => taken.add(w));
    return [
      {
        id: `p${String(i + 1).padStart(2, "0")}`,
        category: categories[i % categories.length]!,
        skill,
        words,
        clause,
        decoy: decoyOf(words),
      },
    ];
  });
}

function feedbackRule(c: Case, i: number, fixes: readonly FeedbackFix[], skills: ReadonlySet<string>): Rule {
  const fix = fixes.find((f) => f.caseId === c.id);
  if (!fix) throw new FeedbackWorldError(`no simulated fix is given for case ${c.id}`);
  if (!skills.has(fix.skill))
    throw new FeedbackWorldError(
      `the fix for case ${c.id} names skill "${fix.skill}", which the bank does not have`,
    );
  const text = c.diagnosis.toLowerCase();
  const missing = fix.words.filter((w) => !text.includes(w.toLowerCase()));
  if (missing.length)
    throw new FeedbackWorldError(
      `the diagnosis of case ${c.id} does not name ${missing.map((w) => `"${w}"`).join(", ")}, so no simulated diagnoser could point at its fix`,
    );
  const words = fix.words.map((w) => w.toLowerCase());
  return {
    id: `fb${i + 1}`,
    category: c.category,
    skill: fix.skill,
    words,
    clause: fix.clause,
    decoy: decoyOf(words),
  };
}

function decoyOf(words: readonly string[]): string {
  return `Make an exception on ${words.join(" ")} whenever the customer insists.`;
}

/** The simulated agent answers `report-<third word>` when it follows the rule (src/sim/endpoint/agent.ts). */
function verdictCheck(rule: Rule) {
  return { type: "equals" as const, path: "$.verdict", value: `report-${rule.words[2]}` };
}

function feedbackRubric(rule: Rule, judge: boolean): RubricItem[] {
  return judge
    ? [verdictCheck(rule), { type: "judge", criterion: reportCriterion(rule) }]
    : [verdictCheck(rule)];
}

function syntheticCase(set: string, rule: Rule, j: number): WorldCase {
  const id = `sim-${rule.id}-${set}${j + 1}`;
  const c: Case = {
    id,
    category: rule.category,
    diagnosis: `Simulated feedback: the agent ignored the rule on ${rule.words.join(" ")} ("${rule.clause}").`,
    task: {
      prompt: `Simulated case ${id}: a conversation where the rule on ${rule.words.join(" ")} applies. Answer as JSON {"verdict": "..."}.`,
      files: [],
      rubric: [verdictCheck(rule)],
    },
    skills: [rule.skill],
    provenance: { channel: "sim", created: CREATED },
  };
  return { rule: rule.id, case: c };
}

/** Bullet lines long enough to be a rule, drawn without replacement. */
function presentClauses(source: string, rng: Rng, count: number): string[] {
  const bullets = source
    .split("\n")
    .filter((l) => /^- \S/.test(l))
    .map((l) => l.slice(2).trim())
    .filter((l) => l.length >= 40 && !l.includes("`"));
  return rng.shuffle(bullets).slice(0, count);
}

/** Three words of the clause that no other rule uses, so a diagnosis points at exactly one rule. */
function distinctiveWords(clause: string, taken: ReadonlySet<string>): [string, string, string] | undefined {
  const words = [...new Set(clause.toLowerCase().split(/[^a-z]+/))].filter(
    (w) => w.length >= 5 && !STOP.has(w) && !taken.has(w),
  );
  return words.length >= 3 ? [words[0]!, words[1]!, words[2]!] : undefined;
}

/** Plain paragraphs of the body (no heading, list or table) that the simulated rewriter may drop to save tokens. */
function fillerParagraphs(source: string): string[] {
  const body = parseSkillMd(source, "SKILL.md").body;
  return body
    .split("\n\n")
    .map((p) => p.trim())
    .filter((p) => p.length >= 60 && !/^(#|-|\d+\.|\|)/m.test(p) && source.includes(`${p}\n\n`))
    .slice(0, 3);
}
