// `skillops init [DIR] [--force] [--action-ref OWNER/REPO@REF]`: scaffolds a skill-bank repository
// (config with every option commented, the feedback issue form, workflows that run the skillops
// Action at a pinned ref, one example skill, an empty regression pool). A re-run creates what is
// missing, updates what it wrote and nobody changed, and never restores a file the user deleted or
// overwrites one they changed (.github/skillops-init.json remembers what it wrote); --force does.
// Declared in init-command.ts.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { readConfigText } from "../../core/config/config-text.js";
import {
  formatActionRef,
  packageActionRef,
  parseActionRef,
  type ActionRef,
} from "../../core/init/action-ref.js";
import { INIT_MANIFEST_PATH, parseInitManifest, renderInitManifest } from "../../core/init/init-manifest.js";
import {
  contentHash,
  reconcileScaffold,
  SKIP_REASON_TEXT,
  type SkipReason,
} from "../../core/init/reconcile.js";
import { planScaffold } from "../../core/init/scaffold.js";
import { packageRoot } from "./package-version.js";
import { colours, UsageError, type CliContext } from "./context.js";

const PACKAGE_ROOT = packageRoot();

/** The Action this installed skillops ships, from its package.json (`repository`, `version`). */
export async function defaultActionRef(): Promise<ActionRef> {
  const pkg = JSON.parse(await readFile(join(PACKAGE_ROOT, "package.json"), "utf8")) as {
    version: string;
    repository?: unknown;
  };
  return packageActionRef(pkg);
}

const readText = (p: string) => readFile(p, "utf8").catch(() => undefined);

export interface InitOutcome {
  dir: string;
  action: string;
  created: string[];
  overwritten: string[];
  unchanged: string[];
  skipped: Array<{ path: string; reason: SkipReason }>;
  manifest: string;
}

/** Categories of a config the repository already has, so the issue form offers them; else undefined. */
async function existingCategories(target: string): Promise<string[] | undefined> {
  const text = await readText(join(target, ".github/skillops.yml"));
  if (text === undefined) return undefined;
  // An invalid config is reported by `skillops matrix` and the app; the form keeps the defaults.
  const read = readConfigText(text);
  return read.ok ? read.config.categories : undefined;
}

async function readManifest(target: string) {
  const text = await readText(join(target, INIT_MANIFEST_PATH));
  if (text === undefined) return undefined;
  const manifest = parseInitManifest(text);
  if ("error" in manifest) throw new Error(`init: ${manifest.error}`);
  return manifest;
}

export async function runInit(
  target: string,
  opts: { force?: boolean; action?: ActionRef },
): Promise<InitOutcome> {
  const action = opts.action ?? (await defaultActionRef());
  const force = Boolean(opts.force);
  const manifest = await readManifest(target);
  const categories = force ? undefined : await existingCategories(target);
  const files = planScaffold({ action, ...(categories ? { categories } : {}) });
  const current = new Map<string, string>();
  for (const f of files) {
    const text = await readText(join(target, f.path));
    if (text !== undefined) current.set(f.path, contentHash(text));
  }
  const { decisions, manifestFiles } = reconcileScaffold({ files, current, manifest, force });
  const outcome: InitOutcome = {
    dir: target,
    action: formatActionRef(action),
    created: [],
    overwritten: [],
    unchanged: [],
    skipped: [],
    manifest: INIT_MANIFEST_PATH,
  };
  for (const d of decisions) {
    if (d.action === "skip") {
      outcome.skipped.push({ path: d.path, reason: d.reason });
      continue;
    }
    if (d.action === "unchanged") {
      outcome.unchanged.push(d.path);
      continue;
    }
    await mkdir(dirname(join(target, d.path)), { recursive: true });
    await writeFile(join(target, d.path), d.content);
    (d.action === "create" ? outcome.created : outcome.overwritten).push(d.path);
  }
  await mkdir(join(target, ".github"), { recursive: true });
  await writeFile(join(target, INIT_MANIFEST_PATH), renderInitManifest(manifestFiles));
  return outcome;
}

function printOutcome(ctx: CliContext, outcome: InitOutcome, dir: string): void {
  const c = colours(ctx.io);
  for (const f of outcome.created) ctx.io.stdout(`${c.green("created")}     ${f}\n`);
  for (const f of outcome.overwritten) ctx.io.stdout(`${c.yellow("overwrote")}   ${f}\n`);
  for (const f of outcome.unchanged) ctx.io.stdout(`${c.dim("unchanged")}   ${f}\n`);
  for (const s of outcome.skipped)
    ctx.io.stdout(`${c.dim("skipped")}     ${s.path} (${SKIP_REASON_TEXT[s.reason]})\n`);
  ctx.io.stdout(`${c.dim("recorded")}    ${outcome.manifest}\n`);
  const written = outcome.created.length + outcome.overwritten.length;
  ctx.io.stdout(
    `\n${written} file(s) written, ${outcome.unchanged.length} unchanged, ${outcome.skipped.length} skipped in ${dir}; ` +
      `the workflows run the skillops Action ${outcome.action}.\n` +
      `Next: replace skill-bank/example-skill, commit everything (${outcome.manifest} too), ` +
      "install the app and set the workflow's secrets (docs/install.md).\n",
  );
}

export interface InitFlags {
  force?: boolean;
  actionRef?: string;
}

/** `skillops init DIR`: scaffolds, then prints what it did (as JSON with --json). */
export async function initFolder(
  ctx: CliContext,
  dir: string,
  opts: InitFlags,
  json: boolean,
): Promise<void> {
  const parsed = opts.actionRef === undefined ? undefined : parseActionRef(opts.actionRef);
  if (parsed !== undefined && "error" in parsed) throw new UsageError(parsed.error);
  const target = resolve(ctx.io.cwd, dir);
  const outcome = await runInit(target, {
    force: Boolean(opts.force),
    ...(parsed ? { action: parsed } : {}),
  });
  const shown = relative(ctx.io.cwd, target) || ".";
  if (json) ctx.io.stdout(`${JSON.stringify({ ...outcome, dir: shown }, null, 2)}\n`);
  else printOutcome(ctx, outcome, shown);
}
