// `skillops init [DIR] [--force] [--action-ref OWNER/REPO@REF | --vendor] [--upgrade] [--check]
// [--app hosted|actions]`: scaffolds a skill-bank repository (config with every option commented,
// the feedback issue form, workflows that run the skillops Action, with `--app actions` the
// in-Actions app workflow, one example skill, an empty regression pool). By default the Action is
// vendored into the repository (.github/actions/skillops/, init-vendor.ts), so the workflows need
// no release anywhere else; --action-ref pins a release instead. A re-run creates what is missing,
// updates what it wrote and nobody changed, and never restores a file the user deleted or overwrites
// one they changed (.github/skillops-init.json remembers what it wrote); --force does. Its last line
// says which Action every workflow on disk runs, naming any that init left at another.
// Declared in init-command.ts.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { readConfigText } from "../../core/config/config-text.js";
import { formatActionRef, parseActionRef } from "../../core/init/action-ref.js";
import {
  actionUses,
  describeAction,
  recordedAction,
  VENDORED,
  VENDORED_USES,
  type ActionSource,
} from "../../core/init/action-source.js";
import {
  INIT_MANIFEST_PATH,
  parseInitManifest,
  renderInitManifest,
  type InitManifest,
} from "../../core/init/init-manifest.js";
import { contentHash, reconcileScaffold } from "../../core/init/reconcile.js";
import { APP_MODES, APP_WORKFLOW_PATH, planScaffold, type AppMode } from "../../core/init/scaffold.js";
import { otherSkillopsUses } from "../../core/init/workflow-pins.js";
import { vendorAction } from "./init-vendor.js";
import { printCheck, printOutcome } from "./init-output.js";
import type { InitOutcome, StalePin } from "./init-outcome.js";
import { UsageError, type CliContext } from "./context.js";

const readText = (p: string) => readFile(p, "utf8").catch(() => undefined);

/** A workflow that still runs another skillops Action after init, and why init left it. */
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

/** The pinned Action an earlier init recorded, if it pinned one. */
function recordedPin(manifest: InitManifest | undefined): ActionSource | undefined {
  const recorded = manifest?.action;
  if (recorded === undefined || recorded === "vendored") return undefined;
  const parsed = parseActionRef(recorded);
  return "error" in parsed ? undefined : { kind: "pinned", ref: parsed };
}

/**
 * `--action-ref` pins a release; `--vendor` vendors; without either a re-run keeps what an earlier
 * init recorded, and a first run vendors (workflows that run with no release anywhere).
 */
function sourceFor(opts: InitFlags, manifest: InitManifest | undefined): ActionSource {
  if (opts.actionRef !== undefined) {
    const parsed = parseActionRef(opts.actionRef);
    if ("error" in parsed) throw new UsageError(parsed.error);
    return { kind: "pinned", ref: parsed };
  }
  if (opts.vendor) return VENDORED;
  return recordedPin(manifest) ?? VENDORED;
}

/** Workflows on disk (among those init plans) that run a skillops Action other than the expected one. */
async function stalePins(
  target: string,
  paths: readonly string[],
  source: ActionSource,
  earlier: ActionSource | undefined,
  skipped: InitOutcome["skipped"],
): Promise<StalePin[]> {
  const known = [VENDORED_USES, ...(earlier?.kind === "pinned" ? [formatActionRef(earlier.ref)] : [])];
  const stale: StalePin[] = [];
  for (const path of paths.filter((p) => p.startsWith(".github/workflows/"))) {
    const text = await readText(join(target, path));
    if (text === undefined) continue;
    const uses = otherSkillopsUses(text, actionUses(source), known);
    const reason = skipped.find((s) => s.path === path)?.reason;
    if (uses.length > 0) stale.push({ path, uses, ...(reason ? { reason } : {}) });
  }
  return stale;
}

export interface InitRun {
  force?: boolean;
  source: ActionSource;
  app?: AppMode;
  /** Replace the vendored copy even when it is older, edited or not init's (--upgrade). */
  upgrade?: boolean;
}

export async function runInit(target: string, opts: InitRun): Promise<InitOutcome> {
  const { source } = opts;
  const force = Boolean(opts.force);
  const manifest = await readManifest(target);
  // Without --app, a re-run keeps the mode an earlier `--app actions` chose (its workflow is recorded).
  const app = opts.app ?? (manifest?.files[APP_WORKFLOW_PATH] !== undefined ? "actions" : "hosted");
  const vendored =
    source.kind === "vendored" ? await vendorAction(target, force || Boolean(opts.upgrade)) : undefined;
  const categories = force ? undefined : await existingCategories(target);
  const files = planScaffold({ action: source, app, ...(categories ? { categories } : {}) });
  const current = new Map<string, string>();
  for (const f of files) {
    const text = await readText(join(target, f.path));
    if (text !== undefined) current.set(f.path, contentHash(text));
  }
  const { decisions, manifestFiles } = reconcileScaffold({ files, current, manifest, force });
  const outcome: InitOutcome = {
    ...{ dir: target, action: describeAction(source), app },
    ...{ created: [], overwritten: [], unchanged: [], skipped: [], manifest: INIT_MANIFEST_PATH },
    ...(vendored ? { vendored } : {}),
    stalePins: [],
  };
  for (const d of decisions) {
    if (d.action === "skip") outcome.skipped.push({ path: d.path, reason: d.reason });
    else if (d.action === "unchanged") outcome.unchanged.push(d.path);
    else {
      await mkdir(dirname(join(target, d.path)), { recursive: true });
      await writeFile(join(target, d.path), d.content);
      (d.action === "create" ? outcome.created : outcome.overwritten).push(d.path);
    }
  }
  await mkdir(join(target, ".github"), { recursive: true });
  await writeFile(
    join(target, INIT_MANIFEST_PATH),
    renderInitManifest(manifestFiles, recordedAction(source)),
  );
  const paths = files.map((f) => f.path);
  outcome.stalePins = await stalePins(target, paths, source, recordedPin(manifest), outcome.skipped);
  return outcome;
}

export interface InitFlags {
  force?: boolean;
  actionRef?: string;
  vendor?: boolean;
  upgrade?: boolean;
  check?: boolean;
  app?: string;
}

/** Flag combinations refused before anything is read or written. */
function checkFlags(opts: InitFlags): void {
  if (opts.app !== undefined && !(APP_MODES as readonly string[]).includes(opts.app))
    throw new UsageError(`init: --app must be ${APP_MODES.join(" or ")}, got "${opts.app}"`);
  if (opts.vendor && opts.actionRef !== undefined)
    throw new UsageError(
      "init: --vendor copies the Action into the repository, --action-ref pins a release: pass one",
    );
  if (opts.upgrade && opts.actionRef !== undefined)
    throw new UsageError(
      "init: --upgrade replaces the vendored Action; to move a pinned release, pass the new --action-ref alone",
    );
  const other = (["force", "actionRef", "vendor", "upgrade", "app"] as const).find(
    (k) => opts[k] !== undefined,
  );
  if (opts.check && other !== undefined)
    throw new UsageError("init: --check only verifies the vendored Action and writes nothing: pass it alone");
}

/** `skillops init DIR`: scaffolds, then prints what it did (as JSON with --json); `--check` verifies. */
export async function initFolder(
  ctx: CliContext,
  dir: string,
  opts: InitFlags,
  json: boolean,
): Promise<void> {
  checkFlags(opts);
  const target = resolve(ctx.io.cwd, dir);
  const shown = relative(ctx.io.cwd, target) || ".";
  if (opts.check) {
    ctx.exitCode = await printCheck(ctx, target, shown, json);
    return;
  }
  const manifest = await readManifest(target);
  const source = sourceFor(opts, manifest);
  if (opts.upgrade && source.kind !== "vendored")
    throw new UsageError(
      `init: --upgrade replaces the vendored Action, but this repository's workflows pin ${formatActionRef(source.ref)} (recorded in ${INIT_MANIFEST_PATH}); pass --vendor to vendor it instead`,
    );
  const outcome = await runInit(target, {
    force: Boolean(opts.force),
    source,
    upgrade: Boolean(opts.upgrade),
    ...(opts.app ? { app: opts.app as AppMode } : {}),
  });
  if (json) ctx.io.stdout(`${JSON.stringify({ ...outcome, dir: shown }, null, 2)}\n`);
  else printOutcome(ctx, outcome, shown);
}
