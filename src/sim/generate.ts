// The seeded world generator. Rules (a clause with distinctive words, a conflicting decoy, a home
// skill, a category) are laid over a generated bank or over the skills of a real one: some clauses
// are written into the SKILL.md files, the rest are missing and cause failures. Filler paragraphs
// cost tokens and help nothing. Cases test one rule each; some diagnoses are misleading.
import { parseSkillMd } from "../core/bank/parse.js";
import type { Case } from "../records/case.js";
import { createRng, type Rng } from "../vocabulary/rng.js";
import { caseReference } from "./leak.js";
import {
  type Rule,
  type World,
  type WorldCase,
  type WorldParams,
  type WorldSkill,
  WORLD_VERSION,
} from "./world.js";

/** Rules in a generated world when the caller names no count (`sim new --rules`). */
export const DEFAULT_RULES = 24;

export const DEFAULT_PARAMS: WorldParams = {
  pHit: { general: 0.75, hallucination: 0.65, special: 0.5 },
  pMiss: 0.04,
  qTarget: 0.8,
  qNoise: 0.15,
  qForget: 0.15,
  qDropFiller: 0.35,
  misleading: 0.15,
  outputTokens: 60,
};

/** Categories start unevenly covered, as in FRAMES (hallucination well handled, special edge cases not). */
export const DEFAULT_PRESENT: Record<string, number> = { general: 0.4, hallucination: 0.7, special: 0.2 };

export interface GenerateOptions {
  seed: number;
  /** SKILL.md sources of a real bank (`name` → text); absent = generate a bank. */
  bank?: { origin: string; skills: { name: string; source: string }[] };
  rules?: number;
  categories?: string[];
  params?: Partial<WorldParams>;
  /** Fraction of rules whose clause the starting bank already holds, per category (others 0.4). */
  present?: Record<string, number>;
  /** Cases per rule in the evolution set and in the held-out set. */
  casesPerRule?: number;
  /** Skills that host rules (the rest are bystanders). */
  homes?: number;
  /** Skills in a generated bank (default 6; ignored with `bank`). */
  skills?: number;
}

const TOPICS =
  "income tax statement payroll invoice escrow mortgage ledger deposit employer asset liability appraisal credit insurance title lease pension dividend transfer".split(
    " ",
  );
const SYLLABLES =
  "ka lor ven tis mar quo zel dri fen sul bra nok pim rud sha tov gel wix yar cum dep hol jin".split(" ");
/** What a real fix adds besides the rule itself: procedure text, which costs tokens to read. */
const GUIDANCE =
  "Confirm the value on the source page, quote it as evidence, and name the policy line that applies before you conclude.";
const CREATED = "2026-01-01T00:00:00.000Z";

export function generateWorld(opts: GenerateOptions): World {
  const rng = createRng(opts.seed);
  const categories = opts.categories ?? ["general", "hallucination", "special"];
  const params: WorldParams = {
    ...DEFAULT_PARAMS,
    ...opts.params,
    pHit: { ...DEFAULT_PARAMS.pHit, ...opts.params?.pHit },
  };
  for (const c of categories) params.pHit[c] ??= 0.7;
  const base = opts.bank?.skills ?? generateSkills(rng, opts.skills ?? 6);
  if (base.length === 0) throw new Error("the bank has no skills to lay rules over");
  const homes = rng.shuffle(base.map((s) => s.name)).slice(0, Math.min(opts.homes ?? 4, base.length));
  const words = nonceWords(rng, (opts.rules ?? DEFAULT_RULES) * 3);
  const rules: Rule[] = Array.from({ length: opts.rules ?? DEFAULT_RULES }, (_, i) => {
    const [a, b, c] = [words[3 * i]!, words[3 * i + 1]!, words[3 * i + 2]!];
    return {
      id: `r${String(i + 1).padStart(2, "0")}`,
      category: categories[i % categories.length]!,
      skill: homes[i % homes.length]!,
      words: [a, b, c],
      clause: `When the ${a} field shows ${b}, report ${c}. ${GUIDANCE}`,
      decoy: `When the ${a} field shows ${b}, never report ${c}. ${GUIDANCE}`,
    };
  });
  const presence = { ...DEFAULT_PRESENT, ...opts.present };
  const present = new Set(rules.filter((r) => rng.chance(presence[r.category] ?? 0.4)).map((r) => r.id));
  const skills = base.map((s) =>
    layRules(
      s,
      rules.filter((r) => r.skill === s.name && present.has(r.id)),
      rng,
    ),
  );
  const topicOf = new Map(skills.map((s) => [s.name, topicWords(s.source)]));
  const per = opts.casesPerRule ?? 2;
  const make = (set: string, rule: Rule, j: number): WorldCase =>
    withReference(makeCase(rng, set, rule, j, rules, params.misleading, topicOf), opts.seed, params);
  const evolution = rules.flatMap((r) => Array.from({ length: per }, (_, j) => make("e", r, j)));
  const heldOut = rules.flatMap((r) => Array.from({ length: per }, (_, j) => make("h", r, j)));
  const pool = rules
    .filter((r) => present.has(r.id))
    .flatMap((r) => Array.from({ length: 2 }, (_, j) => make("p", r, j)));
  for (const wc of pool) wc.case.resolved = { candidate: "00000000", run: "simulated-history" };
  return {
    kind: "skillops-simulated-world",
    version: WORLD_VERSION,
    simulated: true,
    seed: opts.seed,
    bankOrigin: opts.bank?.origin ?? "generated",
    categories,
    params,
    rules,
    skills,
    evolution,
    heldOut,
    pool,
  };
}

function generateSkills(rng: Rng, count: number): { name: string; source: string }[] {
  const topics = rng.shuffle(TOPICS);
  return Array.from({ length: count }, (_, i) => {
    const [a, b, c] = [
      topics[(3 * i) % topics.length]!,
      topics[(3 * i + 1) % topics.length]!,
      topics[(3 * i + 2) % topics.length]!,
    ];
    // The topics run out after six skills; a number keeps larger banks' names distinct.
    const name = i < 6 ? `audit-${a}-${b}` : `audit-${a}-${b}-${i + 1}`;
    return {
      name,
      source: `---\nname: ${name}\ndescription: Use when auditing ${a} and ${b} documents; checks ${c} fields against the lending policy.\n---\n# Audit ${a} and ${b} documents\n\nRead the ${a} and ${b} documents, compare each field with the policy, and answer with a JSON verdict.\n`,
    };
  });
}

/** Add filler paragraphs and a `## Checks` section holding the present clauses. */
function layRules(skill: { name: string; source: string }, rules: readonly Rule[], rng: Rng): WorldSkill {
  const filler = Array.from({ length: 2 + rng.int(2) }, () => fillerParagraph(rng));
  const body = skill.source.trimEnd();
  const checks = rules.length
    ? `\n\n## Checks\n\n${rules.map((r) => `- ${r.clause}`).join("\n")}`
    : "\n\n## Checks\n";
  return { name: skill.name, source: `${body}\n\n${filler.join("\n\n")}${checks}\n`, filler };
}

function fillerParagraph(rng: Rng): string {
  const bits = [
    "Reviewers have long noted that careful reading matters.",
    "Documents vary in layout across lenders and years.",
    "Take time to read each page before deciding.",
    "Consistency across reviews builds trust with underwriters.",
    "Older forms may use different headings for the same data.",
    "Always be thorough and professional in tone.",
  ];
  return Array.from({ length: 6 }, () => bits[rng.int(bits.length)]!).join(" ");
}

function nonceWords(rng: Rng, count: number): string[] {
  const out = new Set<string>();
  while (out.size < count)
    out.add(Array.from({ length: 2 + rng.int(2) }, () => SYLLABLES[rng.int(SYLLABLES.length)]!).join(""));
  return [...out];
}

/** Words of a skill's description (what retrieval scores against), for diagnoses to mention. */
function topicWords(source: string): string[] {
  const d = String(parseSkillMd(source, "SKILL.md").frontmatter.description ?? "");
  return d
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 4);
}

/** With leakage on, a case carries an instance constant a leaking rewrite can paste (leak.ts). */
function withReference(wc: WorldCase, seed: number, params: WorldParams): WorldCase {
  if ((params.leakRate ?? 0) <= 0) return wc;
  const id = wc.case.id;
  const prompt = wc.case.task.prompt.replace(
    `Simulated case ${id}:`,
    `Simulated case ${id} (reference ${caseReference(seed, id)}):`,
  );
  return { ...wc, case: { ...wc.case, task: { ...wc.case.task, prompt } } };
}

function makeCase(
  rng: Rng,
  set: string,
  rule: Rule,
  j: number,
  rules: readonly Rule[],
  misleading: number,
  topicOf: Map<string, string[]>,
): WorldCase {
  const named = rng.chance(misleading) ? rules[rng.int(rules.length)]! : rule;
  const topic = rng
    .shuffle(topicOf.get(named.skill) ?? [])
    .slice(0, 3)
    .join(" ");
  const id = `sim-${rule.id}-${set}${j + 1}`;
  const c: Case = {
    id,
    category: rule.category,
    diagnosis: `Simulated feedback: the agent missed the ${named.words.join(" ")} check while reviewing ${topic} documents.`,
    task: {
      prompt: `Simulated case ${id}: the ${rule.words[0]} field of the document shows ${rule.words[1]}. Give the verdict as JSON {"verdict": "..."}.`,
      files: [],
      rubric: [{ type: "equals", path: "$.verdict", value: `report-${rule.words[2]}` }],
    },
    skills: [rule.skill],
    provenance: { channel: "sim", created: CREATED },
  };
  return { rule: rule.id, case: c };
}
