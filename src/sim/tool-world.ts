// `skillops sim new --tools` (docs/simulated-world.md "Tool defects"): a generated world where some
// rules live in a tool rather than in prose, and one procedure paragraph is repeated across skills.
// - Defects: for a few rules, the home skill already states the clause, and a script it calls
//   (`scripts/check_<word>.py`) carries a wrong constant; the agent's runs of those rules fail until
//   the bank holds the patched script. No prose edit can fix them. Their cases carry the record the
//   script checks (`record.txt`): the shipped script prints `mismatch` on it, the patched one `ok`,
//   which is what the endpoint's agent reads when it runs the script.
// - A procedure: the same paragraph in three skills; an extract into `read_record.py` replaces it by
//   one call line in each, so every run that reads those skills reads fewer tokens.
import { deriveRng, type Rng } from "../vocabulary/rng.js";
import type { Rule, World, WorldCase, WorldProcedure, WorldSkill, WorldToolDefect } from "./world.js";

/** The input file a defect rule's cases carry (`record` of its defect). */
export const RECORD_FILE = "record.txt";

const PROCEDURE =
  "To read a record: open the file, find the header row, and treat merged header cells as one column. " +
  "Take the column named amount, strip currency symbols and thousands separators, and round to two decimals. " +
  "If a row spans two lines, join them before reading. Compare the amount with the total on the summary page, " +
  "and stop if they differ by more than one cent.";

export function withToolDefects(world: World, opts: { defects?: number } = {}): World {
  const rng = deriveRng(world.seed, "tool-world");
  const picked = rng.shuffle(world.rules).slice(0, Math.min(opts.defects ?? 2, world.rules.length));
  let skills = world.skills;
  const defects: WorldToolDefect[] = picked.map((rule) => {
    const defect = defectFor(rule, rng);
    skills = skills.map((s) => (s.name === rule.skill ? withToolLine(withClause(s, rule), defect, rule) : s));
    return defect;
  });
  const [evolution, heldOut, pool] = [world.evolution, world.heldOut, world.pool].map((cases) =>
    cases.map((wc) => withRecord(wc, defects)),
  );
  const holders = rng.shuffle(skills.map((s) => s.name)).slice(0, Math.min(3, skills.length));
  const procedures: WorldProcedure[] = [];
  if (holders.length >= 2) {
    const tool = `${holders[0]}/scripts/read_record.py`;
    procedures.push({
      paragraph: PROCEDURE,
      skills: holders,
      tool,
      source: READ_RECORD,
      call: `Read each record with \`${tool} --file FILE\` (it handles merged headers, amounts and totals).`,
    });
    skills = skills.map((s) => (holders.includes(s.name) ? beforeChecks(s, PROCEDURE) : s));
  }
  return {
    ...world,
    skills,
    evolution: evolution!,
    heldOut: heldOut!,
    pool: pool!,
    tools: { defects, procedures },
  };
}

function defectFor(rule: Rule, rng: Rng): WorldToolDefect {
  const [a, b] = rule.words;
  const path = `${rule.skill}/scripts/check_${a}.py`;
  const wrong = 10 + rng.int(20);
  // Longer than the shipped limit, within the patched one: the two scripts disagree on it.
  const record = `${a}: ${b}\n`.padEnd(wrong + 20, ".");
  const script = (limit: number) =>
    [
      `"""Check the ${a} field of one record. usage: check_${a}.py --record FILE"""`,
      "import argparse",
      "p = argparse.ArgumentParser()",
      'p.add_argument("--record")',
      "a = p.parse_args()",
      `LIMIT = ${limit}`,
      `print("mismatch" if len(open(a.record).read()) > LIMIT else "ok")`,
      "",
    ].join("\n");
  return { path, source: script(wrong), fixed: script(wrong + 40), rules: [rule.id], record };
}

/** The case of a defect rule carries the record its tool checks. */
function withRecord(wc: WorldCase, defects: readonly WorldToolDefect[]): WorldCase {
  const d = defects.find((x) => x.rules.includes(wc.rule));
  if (!d?.record) return wc;
  const files = [...wc.case.task.files, { path: RECORD_FILE, content: d.record }];
  return { ...wc, case: { ...wc.case, task: { ...wc.case.task, files } } };
}

/** The home skill states the rule (the prose is right; the tool is not). */
function withClause(s: WorldSkill, rule: Rule): WorldSkill {
  if (s.source.includes(`- ${rule.clause}`)) return s;
  const body = s.source.endsWith("\n") ? s.source : `${s.source}\n`;
  return { ...s, source: `${body}- ${rule.clause}\n` };
}

function withToolLine(s: WorldSkill, d: WorldToolDefect, rule: Rule): WorldSkill {
  const file = d.path.slice(d.path.indexOf("/scripts/") + 1);
  return beforeChecks(
    s,
    `Run \`${file} --record FILE\` for the ${rule.words[0]} field and trust its verdict.`,
  );
}

function beforeChecks(s: WorldSkill, paragraph: string): WorldSkill {
  const at = s.source.indexOf("\n## Checks");
  const source =
    at < 0
      ? `${s.source.trimEnd()}\n\n${paragraph}\n`
      : `${s.source.slice(0, at)}\n${paragraph}\n${s.source.slice(at)}`;
  return { ...s, source };
}

const READ_RECORD = [
  '"""Read one record: merged headers as one column, the amount normalised, checked against the total. usage: read_record.py --file FILE"""',
  "import argparse",
  "p = argparse.ArgumentParser()",
  'p.add_argument("--file")',
  "a = p.parse_args()",
  'print(open(a.file).read().strip().replace(",", ""))',
  "",
].join("\n");
