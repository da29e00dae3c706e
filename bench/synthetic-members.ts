// Frontier members for bench:webhooks when its simulated run admits none (as on main now, where
// the seed-1 run over the corpus leaves only the baseline): two members of the baseline, each with
// one added line in one skill, that fix every feedback case. They are labelled synthetic wherever
// the bench prints figures measured on them; the handlers under test cannot tell them apart.
import { loadBank } from "../src/core/bank/bank.js";
import type { BankFile, SkillBank } from "../src/core/bank/skill.js";
import { hashBank } from "../src/core/bank/hash.js";
import { whatChanged } from "../src/core/bank/what-changed.js";
import type { EvolveResult } from "../src/core/evolve/loop.js";
import type { RunRecord } from "../src/records/run-record.js";

function withLine(files: readonly BankFile[], skillMd: string, line: string): BankFile[] {
  return files.map((f) =>
    f.path === skillMd
      ? {
          ...f,
          bytes: new TextEncoder().encode(`${new TextDecoder().decode(f.bytes).trimEnd()}\n\n${line}\n`),
        }
      : f,
  );
}

/** The run as it was when it admitted a child; otherwise the run with two synthetic members. */
export function withMembers<T extends EvolveResult>(
  sim: T,
  feedback: readonly string[],
): { sim: T; synthetic: boolean } {
  const baseline = sim.record.frontier.find((m) => m.born === 0);
  if (!baseline || sim.record.frontier.length > 1) return { sim, synthetic: false };
  const start = sim.banks.get(baseline.candidate) ?? sim.start;
  const skill = start.skills[0]!;
  const banks = new Map<string, SkillBank>([[baseline.candidate, start]]);
  const frontier: RunRecord["frontier"] = [{ ...baseline, selected: false }];
  for (const [i, point] of (["accuracy", "cost"] as const).entries()) {
    const files = withLine(start.files, `${skill.dir}/SKILL.md`, `Synthetic bench change ${i + 1}.`);
    const candidate = hashBank(files);
    const bank = loadBank(files).bank;
    banks.set(candidate, bank);
    frontier.push({
      ...baseline,
      candidate,
      parent: baseline.candidate,
      born: 1,
      operatingPoint: point,
      selected: i === 0,
      resolved: [...feedback],
      changes: [{ skill: skill.name, summary: `Synthetic bench change ${i + 1}.`, t: 1 }],
      whatChanged: whatChanged(start, bank),
    });
  }
  return { sim: { ...sim, banks, record: { ...sim.record, frontier } }, synthetic: true };
}
