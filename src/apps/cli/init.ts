// `skillops init [DIR] [--force] [--action-ref OWNER/REPO@REF] [--app hosted|actions]`: scaffolds a
// skill-bank repository (config with every option commented, the feedback issue form, workflows
// that run the skillops Action at a pinned ref, with `--app actions` the in-Actions app workflow,
// one example skill, an empty regression pool). A re-run creates what is missing, updates what it
// wrote and nobody changed, and never restores a file the user deleted or overwrites one they
// changed (.github/skillops-init.json remembers what it wrote); --force does.
// Declared in init-command.ts.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { readConfigText } from "../../core/config/config-text.js";
import {
  formatActionRef,
  packageActionRef,
  parseActionRef,
  type ActionRef,
  type PackageFields,
} from "../../core/init/action-ref.js";
import { INIT_MANIFEST_PATH, parseInitManifest, renderInitManifest } from "../../core/init/init-manifest.js";
import {
  contentHash,
  reconcileScaffold,
  SKIP_REASON_TEXT,
  type SkipReason,
} from "../../core/init/reconcile.js";
import { APP_MODES, APP_WORKFLOW_PATH, planScaffold, type AppMode } from "../../core/init/scaffold.js";
import { packageRoot } from "./package-version.js";
import { colours, UsageError, type CliContext } from "./context.js";

const PACKAGE_ROOT = packageRoot();

/**
 * The Action this installed skillops ships, from its package.json (`repository`, `version`); or why
 * there is none to pin (no GitHub repository, or one marked a placeholder).
 */
export async function defaultActionRef(): Promise<ActionRef | { error: string }> {
  const pkg = JSON.parse(await readFile(join(PACKAGE_ROOT, "package.json"), "utf8")) as PackageFields;
  return packageActionRef(pkg);
}

const readText = (p: string) => readFile(p, "utf8").catch(() => undefined);

export interface InitOutcome {
  dir: string;
  action: string;
  app: AppMode;
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

/** The `--action-ref` given, else the package's own; a UsageError (exit 2) when neither can be had. */
async function actionRefFor(given: string | undefined): Promise<ActionRef> {
  if (given === undefined) {
    const own = await defaultActionRef();
    if ("error" in own) throw new UsageError(`init wrote nothing: ${own.error}`);
    return own;
  }
  const parsed = parseActionRef(given);
  if ("error" in parsed) throw new UsageError(parsed.error);
  return parsed;
}

export async function runInit(
  target: string,
  opts: { force?: boolean; action: ActionRef; app?: AppMode },
): Promise<InitOutcome> {
  const { action } = opts;
  const force = Boolean(opts.force);
  const manifest = await readManifest(target);
  // Without --app, a re-run keeps the mode an earlier `--app actions` chose (its workflow is recorded).
  const app = opts.app ?? (manifest?.files[APP_WORKFLOW_PATH] !== undefined ? "actions" : "hosted");
  const categories = force ? undefined : await existingCategories(target);
  const files = planScaffold({ action, app, ...(categories ? { categories } : {}) });
  const current = new Map<string, string>();
  for (const f of files) {
    const text = await readText(join(target, f.path));
    if (text !== undefined) current.set(f.path, contentHash(text));
  }
  const { decisions, manifestFiles } = reconcileScaffold({ files, current, manifest, force });
  const outcome: InitOutcome = {
    dir: target,
    action: formatActionRef(action),
    app,
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
      "install the app and set the workflow's secrets (docs/install.md).\n" +
      (outcome.app === "actions"
        ? `The app runs inside this repository's Actions (${APP_WORKFLOW_PATH}): turn its webhook off.\n`
        : "The app runs on a server you host (docs/install.md, Hosting the app); --app actions runs it in Actions instead.\n"),
  );
}

export interface InitFlags {
  force?: boolean;
  actionRef?: string;
  app?: string;
}

/** `skillops init DIR`: scaffolds, then prints what it did (as JSON with --json). */
export async function initFolder(
  ctx: CliContext,
  dir: string,
  opts: InitFlags,
  json: boolean,
): Promise<void> {
  if (opts.app !== undefined && !(APP_MODES as readonly string[]).includes(opts.app))
    throw new UsageError(`init: --app must be ${APP_MODES.join(" or ")}, got "${opts.app}"`);
  const action = await actionRefFor(opts.actionRef);
  const target = resolve(ctx.io.cwd, dir);
  const outcome = await runInit(target, {
    force: Boolean(opts.force),
    action,
    ...(opts.app ? { app: opts.app as AppMode } : {}),
  });
  const shown = relative(ctx.io.cwd, target) || ".";
  if (json) ctx.io.stdout(`${JSON.stringify({ ...outcome, dir: shown }, null, 2)}\n`);
  else printOutcome(ctx, outcome, shown);
}
