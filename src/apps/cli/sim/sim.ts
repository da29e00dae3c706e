// skillops sim new --seed N [--bank DIR] [--rules R] [--noise Q] [--misleading F] [--forget F]
//                  [--leak R] [--cases-per-rule C] [--tools] [--unlinked] [--kind K] [--json] > world.yml
// Writes a simulated world (docs/simulated-world.md): rules laid over the given bank's skills (their
// clauses written into, or missing from, the real SKILL.md files) or over a generated bank, with an
// evolution set and a held-out set. The file is self-contained: `skillops evolve --world world.yml`.
// skillops sim serve --world world.yml [--port N]: the world as an OpenAI-compatible endpoint (sim-serve.ts).
// Both are declared in sim-command.ts.
import { loadBankFromFolder } from "../../../io/fsio/load-bank.js";
import { DEFAULT_RULES, type GenerateOptions } from "../../../sim/generate.js";
import { generateWorldOfKind } from "../../../sim/world-kinds.js";
import { withToolDefects } from "../../../sim/tool-world.js";
import { withoutSkillLinks } from "../../../sim/unlinked-world.js";
import { renderWorld, WorldKind } from "../../../sim/world.js";
import { WORLD_KINDS } from "../../../sim/world-kind.js";
import { UsageError, type CliContext } from "../context.js";

export interface SimFlags {
  seed: string;
  bank?: string;
  rules?: string;
  noise?: string;
  misleading?: string;
  forget?: string;
  leak?: string;
  casesPerRule?: string;
  tools?: boolean;
  unlinked?: boolean;
  kind?: string;
  force?: boolean;
}

function kindFlag(v: string | undefined): WorldKind {
  if (v === undefined) return "default";
  const parsed = WorldKind.safeParse(v);
  if (!parsed.success) throw new UsageError(`--kind must be one of ${WORLD_KINDS.join(", ")}, got "${v}"`);
  return parsed.data;
}

function numberFlag(
  name: string,
  v: string | undefined,
  int: boolean,
  min: number,
  max = Infinity,
): number | undefined {
  if (v === undefined) return undefined;
  const x = Number(v);
  if (!Number.isFinite(x) || (int && !Number.isInteger(x)) || x < min || x > max)
    throw new UsageError(
      `--${name} must be ${int ? "an integer" : "a number"} in [${min}, ${max}], got "${v}"`,
    );
  return x;
}

/** A kind's generator, its refusals (too few rules for a trap) as usage errors. */
function generateOfKind(kind: WorldKind, opts: GenerateOptions) {
  try {
    return generateWorldOfKind(kind, opts);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(`--kind ${kind}: ${e.message}`);
    throw e;
  }
}

export async function runSimNew(ctx: CliContext, f: SimFlags, json = false): Promise<number> {
  const seed = numberFlag("seed", f.seed, true, Number.MIN_SAFE_INTEGER)!;
  const opts: GenerateOptions = { seed };
  const kind = kindFlag(f.kind);
  if (kind !== "default" && f.bank)
    throw new UsageError(`--kind ${kind} generates its own bank; it cannot be combined with --bank`);

  const rules = numberFlag("rules", f.rules, true, 1, 500);
  if (rules !== undefined) opts.rules = rules;
  const perRule = numberFlag("cases-per-rule", f.casesPerRule, true, 1, 50);
  if (perRule !== undefined) opts.casesPerRule = perRule;
  const params: NonNullable<GenerateOptions["params"]> = {};
  const noise = numberFlag("noise", f.noise, false, 0, 1);
  if (noise !== undefined) params.qNoise = noise;
  const misleading = numberFlag("misleading", f.misleading, false, 0, 1);
  if (misleading !== undefined) params.misleading = misleading;
  const forget = numberFlag("forget", f.forget, false, 0, 1);
  if (forget !== undefined) params.qForget = forget;
  const leak = numberFlag("leak", f.leak, false, 0, 1);
  if (leak !== undefined) params.leakRate = leak;
  opts.params = params;
  if (f.bank) {
    const loaded = await loadBankFromFolder(f.bank, { cwd: ctx.io.cwd }).catch(() => undefined);
    if (!loaded) throw new UsageError(`--bank ${f.bank}: no such folder`);
    if (loaded.bank.skills.length === 0) throw new UsageError(`--bank ${f.bank}: no skills found`);
    if (!f.force) throw new UsageError(madeUpRulesWarning(f.bank, opts.rules ?? DEFAULT_RULES));
    opts.bank = {
      origin: f.bank,
      skills: loaded.bank.skills.map((s) => ({ name: s.name, source: s.source })),
    };
  }
  const generated = generateOfKind(kind, opts);
  const tooled = f.tools ? withToolDefects(generated) : generated;
  const world = f.unlinked ? withoutSkillLinks(tooled) : tooled;
  // JSON is YAML too, so `evolve --world` reads either.
  ctx.io.stdout(json ? `${JSON.stringify(world, null, 2)}\n` : renderWorld(world));
  return 0;
}

/**
 * Why `sim new --bank` asks for --force: the world it writes holds the bank's skills with made-up
 * rules laid into them, and an evolve on it proposes those rules as edits of the team's own skills,
 * which a run with --git or --github would commit to their real bank.
 */
function madeUpRulesWarning(bank: string, rules: number): string {
  return [
    `--bank ${bank}: sim new lays ${rules} made-up rules (simulated policy sentences, not your policy) into copies of these skills, and \`skillops evolve --world\` on the file proposes them as edits of your skills; with --git or --github such a run would commit them to your bank.`,
    `Nothing was written. If ${bank} is a scratch copy, or you mean to try the simulated world on it, run again with --force (docs/simulated-world.md).`,
  ].join("\n");
}
