// The skillops Action copied into a team's own repository (`skillops init`'s default): the folder
// `.github/actions/skillops/` holds action.yml, the bundled dist/, the config's JSON Schema and a
// package.json that makes the bundle an ES module and names its version, so workflows can say
// `uses: ./.github/actions/skillops` and need no release anywhere else. `skillops-action.json` there
// records each file's hash and one hash over them all: `init --check` verifies the copy against it
// and `init --upgrade` says what changed (old hash → new hash). Pure: bytes in, files and verdicts out.
import { z } from "zod";
import { sha256Hex } from "../../vocabulary/sha256.js";

export const VENDORED_ACTION_DIR = ".github/actions/skillops";
/** The record of what was copied, beside the copy (not itself hashed). */
export const VENDORED_MANIFEST = "skillops-action.json";
/** Where the vendored copy keeps the config's JSON Schema, relative to VENDORED_ACTION_DIR. */
export const VENDORED_SCHEMA = "skillops.schema.json";

const Hash = z.string().regex(/^sha256:[0-9a-f]{64}$/);

export const VendoredActionManifest = z.strictObject({
  about: z.string().optional(),
  version: z.string().min(1),
  /** sha256 over every file's path and hash (vendoredHash). */
  hash: Hash,
  files: z.record(z.string(), Hash),
});
export type VendoredActionManifest = z.infer<typeof VendoredActionManifest>;

export interface VendoredFile {
  /** Relative to VENDORED_ACTION_DIR, with forward slashes. */
  path: string;
  bytes: Uint8Array;
}

/** What the package ships: its action.yml, the files of action/dist/, its config schema, its version. */
export interface ActionSources {
  actionYml: string;
  dist: readonly VendoredFile[];
  schema: Uint8Array;
  version: string;
}

const fileHash = (bytes: Uint8Array | string): string => `sha256:${sha256Hex(bytes)}`;

/** One hash for the whole copy: each file's path and hash, one per line, in path order. */
export function vendoredHash(files: Readonly<Record<string, string>>): string {
  const lines = Object.keys(files)
    .sort()
    .map((p) => `${p} ${files[p]}\n`)
    .join("");
  return fileHash(lines);
}

/** The first 8 hex digits of a hash, as init prints it. */
export const shortHash = (hash: string): string => hash.replace(/^sha256:/, "").slice(0, 8);

const MAIN = /^(\s*main:\s*)action\/dist\/index\.js\s*$/m;

/** The package's action.yml, its `runs.main` pointed at the copy's own dist/. */
export function vendoredActionYml(actionYml: string, version: string): string {
  if (!MAIN.test(actionYml))
    throw new Error("action.yml has no `main: action/dist/index.js` line to point at the vendored dist/");
  const header = `# Vendored by skillops init from skillops ${version}: \`skillops init --upgrade\` replaces this folder,
# \`skillops init --check\` verifies it against ${VENDORED_MANIFEST}. Do not edit it by hand.
`;
  return header + actionYml.replace(MAIN, "$1dist/index.js");
}

/**
 * A package.json for the copy: `"type": "module"` makes Node load the ES-module bundle as one in a
 * repository with no package.json of its own, and its name and version are what the bundled CLI
 * reads for `--version` (it looks for the package.json named skillops above itself).
 */
export const vendoredPackageJson = (version: string): string =>
  `${JSON.stringify(
    {
      name: "skillops",
      version,
      private: true,
      type: "module",
      description: "The skillops GitHub Action, vendored by skillops init.",
    },
    null,
    2,
  )}\n`;

/** Every file of the copy, and the manifest that records them. */
export function planVendoredAction(src: ActionSources): {
  files: VendoredFile[];
  manifest: VendoredActionManifest;
} {
  const text = (s: string) => new TextEncoder().encode(s);
  const files: VendoredFile[] = [
    { path: "action.yml", bytes: text(vendoredActionYml(src.actionYml, src.version)) },
    { path: "package.json", bytes: text(vendoredPackageJson(src.version)) },
    { path: VENDORED_SCHEMA, bytes: src.schema },
    ...src.dist.map((f) => ({ path: `dist/${f.path}`, bytes: f.bytes })),
  ].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const hashes = Object.fromEntries(files.map((f) => [f.path, fileHash(f.bytes)]));
  return {
    files,
    manifest: {
      about:
        "Written by skillops init: the skillops Action vendored into this repository, each file's hash and one hash over them all. `skillops init --check` verifies the copy; `skillops init --upgrade` replaces it. Commit it.",
      version: src.version,
      hash: vendoredHash(hashes),
      files: hashes,
    },
  };
}

export const renderVendoredManifest = (m: VendoredActionManifest): string =>
  `${JSON.stringify(m, null, 2)}\n`;

/** The manifest, or a sentence saying why the text is not one. */
export function parseVendoredManifest(text: string): VendoredActionManifest | { error: string } {
  const where = `${VENDORED_ACTION_DIR}/${VENDORED_MANIFEST}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { error: `${where} is not JSON (${(e as Error).message}); run skillops init --upgrade` };
  }
  const parsed = VendoredActionManifest.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = issue?.path.length ? issue.path.join(".") : "the top level";
  return {
    error: `${where} is not a record skillops init wrote: at ${at}, ${issue?.message ?? "invalid"}; run skillops init --upgrade`,
  };
}

/**
 * What differs between the recorded copy and the files on disk (path → hash, manifest excluded):
 * one sentence per file changed, missing or added, and one when the recorded hash does not match
 * the recorded files; empty when the copy is intact.
 */
export function checkVendoredAction(
  manifest: VendoredActionManifest,
  onDisk: Readonly<Record<string, string>>,
): string[] {
  const problems: string[] = [];
  if (vendoredHash(manifest.files) !== manifest.hash)
    problems.push(`${VENDORED_MANIFEST}: its hash does not match the files it lists (the record was edited)`);
  for (const [path, hash] of Object.entries(manifest.files)) {
    const now = onDisk[path];
    if (now === undefined) problems.push(`${path}: missing`);
    else if (now !== hash)
      problems.push(`${path}: changed (${shortHash(hash)} recorded, ${shortHash(now)} now)`);
  }
  for (const path of Object.keys(onDisk))
    if (!(path in manifest.files)) problems.push(`${path}: not part of the vendored Action`);
  return problems;
}

/** Each file's hash, for checkVendoredAction. */
export const hashesOf = (files: readonly VendoredFile[]): Record<string, string> =>
  Object.fromEntries(files.map((f) => [f.path, fileHash(f.bytes)]));
