// The vendored Action on disk (`skillops init`'s default; core/init/vendored-action.ts decides what
// the copy holds): reads what this package ships (action.yml, action/dist/, the config schema), the
// copy a repository already has, and writes, upgrades or checks it.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { sha256Hex } from "../../vocabulary/sha256.js";
import { CONFIG_SCHEMA_PATH } from "../../core/config/json-schema.js";
import {
  checkVendoredAction,
  parseVendoredManifest,
  planVendoredAction,
  renderVendoredManifest,
  shortHash,
  VENDORED_ACTION_DIR,
  VENDORED_MANIFEST,
  type ActionSources,
  type VendoredActionManifest,
  type VendoredFile,
} from "../../core/init/vendored-action.js";
import { packageRoot } from "./package-version.js";

/** What `init` did with `.github/actions/skillops/`. */
export interface VendorOutcome {
  status: "created" | "unchanged" | "upgraded" | "restored" | "kept" | "skipped";
  /** The copy's version and hash after init (the old ones when it was kept or skipped). */
  version: string;
  hash: string;
  /** An upgrade's or a kept copy's other side: what was there, or what this package ships. */
  other?: { version: string; hash: string };
  /** Why a copy was skipped: a sentence. */
  reason?: string;
}

/** Files under `dir`, relative with forward slashes; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** The Action this installed skillops ships, as vendored-action.ts copies it. */
export async function packageActionSources(): Promise<ActionSources> {
  const root = packageRoot();
  const distDir = join(root, "action", "dist");
  const names = await filesUnder(distDir);
  if (!names.includes("index.js"))
    throw new Error(
      `this skillops has no bundled Action (${join(distDir, "index.js")}): run npm run build:action, or pass --action-ref OWNER/REPO@REF to pin a release`,
    );
  const dist: VendoredFile[] = [];
  for (const path of names) dist.push({ path, bytes: await readFile(join(distDir, path)) });
  const pkg = JSON.parse(await readFile(join(root, "package.json"), "utf8")) as { version: string };
  return {
    actionYml: await readFile(join(root, "action.yml"), "utf8"),
    dist,
    schema: await readFile(join(root, CONFIG_SCHEMA_PATH)),
    version: pkg.version,
  };
}

/** The copy in `target`: its manifest (or why it cannot be read) and each file's hash. */
export async function readVendoredCopy(target: string): Promise<{
  manifest: VendoredActionManifest | { error: string } | undefined;
  onDisk: Record<string, string>;
}> {
  const dir = join(target, VENDORED_ACTION_DIR);
  const onDisk: Record<string, string> = {};
  for (const path of await filesUnder(dir)) {
    if (path === VENDORED_MANIFEST) continue;
    onDisk[path] = `sha256:${sha256Hex(await readFile(join(dir, path)))}`;
  }
  const text = await readFile(join(dir, VENDORED_MANIFEST), "utf8").catch(() => undefined);
  return { manifest: text === undefined ? undefined : parseVendoredManifest(text), onDisk };
}

async function writeCopy(target: string, files: readonly VendoredFile[], manifest: VendoredActionManifest) {
  const dir = join(target, VENDORED_ACTION_DIR);
  // An upgrade leaves nothing of the old copy behind (a file the new bundle no longer has).
  await rm(dir, { recursive: true, force: true });
  for (const f of files) {
    await mkdir(dirname(join(dir, f.path)), { recursive: true });
    await writeFile(join(dir, f.path), f.bytes);
  }
  await writeFile(join(dir, VENDORED_MANIFEST), renderVendoredManifest(manifest));
}

const SIDE = (m: { version: string; hash: string }) => `${m.version} (${shortHash(m.hash)})`;

/**
 * Writes the copy when there is none; with `replace` (--upgrade, --force) replaces whatever is
 * there; otherwise leaves an older, edited or foreign copy alone and says why.
 */
export async function vendorAction(target: string, replace: boolean): Promise<VendorOutcome> {
  const { files, manifest } = planVendoredAction(await packageActionSources());
  const ships = { version: manifest.version, hash: manifest.hash };
  const found = await readVendoredCopy(target);
  const empty = found.manifest === undefined && Object.keys(found.onDisk).length === 0;
  const old = found.manifest !== undefined && !("error" in found.manifest) ? found.manifest : undefined;
  const intact = old !== undefined && checkVendoredAction(old, found.onDisk).length === 0;
  if (intact && old.hash === manifest.hash) return { status: "unchanged", ...ships };
  if (empty || replace) {
    await writeCopy(target, files, manifest);
    if (empty) return { status: "created", ...ships };
    // The same copy, edited since: written back as recorded.
    if (old?.hash === manifest.hash) return { status: "restored", ...ships };
    const before = old ?? { version: "unknown", hash: "sha256:" };
    return { status: "upgraded", ...ships, other: { version: before.version, hash: before.hash } };
  }
  if (intact)
    return {
      status: "kept",
      version: old.version,
      hash: old.hash,
      other: ships,
      reason: `this skillops ships ${SIDE(ships)}; --upgrade replaces it`,
    };
  const why =
    found.manifest === undefined
      ? `${VENDORED_ACTION_DIR} exists and init did not write it`
      : "error" in found.manifest
        ? found.manifest.error
        : "changed since init wrote it (skillops init --check lists each file)";
  return {
    status: "skipped",
    version: old?.version ?? "unknown",
    hash: old?.hash ?? "sha256:",
    other: ships,
    reason: `${why}; --upgrade replaces it with ${SIDE(ships)}`,
  };
}

/** `init --check`: the copy against its manifest; problems are sentences, none when it is intact. */
export async function checkVendoredCopy(
  target: string,
): Promise<{ problems: string[]; manifest?: VendoredActionManifest }> {
  const found = await readVendoredCopy(target);
  if (found.manifest === undefined)
    return {
      problems: [
        `${VENDORED_ACTION_DIR}/${VENDORED_MANIFEST}: not found, so there is no vendored Action to check (skillops init writes one)`,
      ],
    };
  if ("error" in found.manifest) return { problems: [found.manifest.error] };
  return { problems: checkVendoredAction(found.manifest, found.onDisk), manifest: found.manifest };
}

export const describeSide = SIDE;
