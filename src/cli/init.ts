// `skillops init [DIR] [--force]`: scaffolds a skill-bank repository (config with every option and its
// default commented, the feedback issue form, the workflows, one example skill, an empty regression
// pool). Never overwrites an existing file without --force, and says which files it skipped.
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { parse as parseYaml } from "yaml";
import { Config } from "../config/config.js";
import { planScaffold } from "../init/scaffold.js";
import { colours, wantsJson, type CliContext } from "./context.js";

const PACKAGE_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

async function packageVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(join(PACKAGE_ROOT, "package.json"), "utf8")) as { version: string };
  return pkg.version;
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

export interface InitOutcome {
  dir: string;
  created: string[];
  overwritten: string[];
  skipped: string[];
}

/** Categories of a config the repository already has, so the issue form offers them; else undefined. */
async function existingCategories(target: string): Promise<string[] | undefined> {
  const text = await readFile(join(target, ".github/skillops.yml"), "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = Config.safeParse(parseYaml(text) ?? {});
    return parsed.success ? parsed.data.categories : undefined;
  } catch {
    return undefined; // not YAML: `skillops matrix` / the app report it; the form keeps the defaults
  }
}

export async function runInit(
  target: string,
  opts: { force?: boolean; skillopsSpec?: string },
): Promise<InitOutcome> {
  const evolveWorkflow = await readFile(join(PACKAGE_ROOT, ".github/workflows/evolve.yml"), "utf8");
  const skillopsSpec = opts.skillopsSpec ?? `^${await packageVersion()}`;
  const categories = opts.force ? undefined : await existingCategories(target);
  const outcome: InitOutcome = { dir: target, created: [], overwritten: [], skipped: [] };
  for (const file of planScaffold({ evolveWorkflow, skillopsSpec, ...(categories ? { categories } : {}) })) {
    const path = join(target, file.path);
    const present = await exists(path);
    if (present && !opts.force) {
      outcome.skipped.push(file.path);
      continue;
    }
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    (present ? outcome.overwritten : outcome.created).push(file.path);
  }
  return outcome;
}

export function registerInit(program: Command, ctx: CliContext): void {
  program
    .command("init")
    .description(
      "scaffold a skill-bank repository: config, issue form, workflows, an example skill, an empty pool",
    )
    .argument("[dir]", "folder to scaffold (created if missing)", ".")
    .option("--force", "overwrite files that already exist")
    .option(
      "--skillops <spec>",
      "npm spec of skillops for the new package.json (e.g. github:OWNER/skillops#v0.1.0)",
    )
    .option("--json", "print what was created, overwritten and skipped as JSON")
    .addHelpText("after", "\nExamples:\n  $ skillops init my-skills\n  $ skillops init . --force\n")
    .action(async (dir: string, opts: { force?: boolean; skillops?: string }, command: Command) => {
      const target = resolve(ctx.io.cwd, dir);
      const outcome = await runInit(target, {
        force: Boolean(opts.force),
        ...(opts.skillops ? { skillopsSpec: opts.skillops } : {}),
      });
      if (wantsJson(command)) {
        ctx.io.stdout(
          `${JSON.stringify({ ...outcome, dir: relative(ctx.io.cwd, target) || "." }, null, 2)}\n`,
        );
        return;
      }
      const c = colours(ctx.io);
      for (const f of outcome.created) ctx.io.stdout(`${c.green("created")}     ${f}\n`);
      for (const f of outcome.overwritten) ctx.io.stdout(`${c.yellow("overwrote")}   ${f}\n`);
      for (const f of outcome.skipped)
        ctx.io.stdout(`${c.dim("skipped")}     ${f} (exists; --force overwrites it)\n`);
      ctx.io.stdout(
        `\n${outcome.created.length + outcome.overwritten.length} file(s) written, ${outcome.skipped.length} skipped in ${relative(ctx.io.cwd, target) || "."}.\n` +
          "Next: npm install (commit package-lock.json), replace skill-bank/example-skill, install the app (docs/install.md).\n",
      );
    });
}
