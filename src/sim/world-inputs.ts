// What a run on a simulated world starts from: the world's bank, its evolution, held-out and pool
// cases, and the content hashes a checkpoint compares on resume.
import { loadBank } from "../core/bank/bank.js";
import { hashBank } from "../core/bank/hash.js";
import type { BankFile, SkillBank } from "../core/bank/skill.js";
import type { Case } from "../records/case.js";
import { hashWorld, type World } from "./world.js";

/** The bank a run on the world starts from: the deployed files after a merge, else the starting bank. */
export function worldBankFiles(world: World): BankFile[] {
  const enc = new TextEncoder();
  if (world.deployed) return world.deployed.map((f) => ({ path: f.path, bytes: enc.encode(f.content) }));
  const skills = world.skills.map((s) => ({ path: `${s.name}/SKILL.md`, bytes: enc.encode(s.source) }));
  const tools = (world.tools?.defects ?? []).map((d) => ({ path: d.path, bytes: enc.encode(d.source) }));
  return [...skills, ...tools];
}

export function worldBank(world: World): SkillBank {
  return loadBank(worldBankFiles(world)).bank;
}

export interface WorldInputs {
  bank: SkillBank;
  cases: Case[];
  heldOut: Case[];
  pool: Case[];
}

export function worldInputs(world: World): WorldInputs {
  return {
    bank: worldBank(world),
    cases: world.evolution.map((w) => w.case),
    heldOut: world.heldOut.map((w) => w.case),
    pool: world.pool.map((w) => w.case),
  };
}

/** Content hashes of the world's parts, so a refused resume can say which part differs. */
export function worldHashes(
  world: World,
  w: WorldInputs = worldInputs(world),
): { bank: string; cases: string; pool: string; world: string } {
  const enc = new TextEncoder();
  const casesHash = (cs: readonly Case[]) =>
    hashBank(cs.map((c) => ({ path: c.id, bytes: enc.encode(JSON.stringify(c)) })));
  return {
    bank: hashBank(w.bank.files),
    cases: casesHash(w.cases),
    pool: casesHash(w.pool),
    world: hashWorld(world),
  };
}
