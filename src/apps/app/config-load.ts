// Reads `.github/skillops.yml` (default branch, org `.github` fallback, `_extends`, as Probot's
// `context.config` does, but every file within CONFIG_YAML_CAPS: config-files.ts) and validates it
// with the zod Config. An invalid config is reported, never guessed at: callers list the problems on
// the dashboard and open no new PRs. The text a pull request proposes (anyone's) is read by
// `readConfigText`, within the same caps.
import { Config } from "../../core/config/config.js";
import type { ConfigLocation } from "../../core/config/config-extends.js";
import { parseBoundedYaml } from "../../vocabulary/bounded-yaml.js";
import {
  readConfigText,
  validateConfigData,
  type ConfigProblem,
  type ConfigRead,
  CONFIG_YAML_CAPS,
} from "../../core/config/config-text.js";
import { readConfigFiles, type ConfigFetch, type ConfigFileProblem } from "./config-files.js";

export const CONFIG_FILE = "skillops.yml";
export const CONFIG_PATH = `.github/${CONFIG_FILE}`;

export type ConfigResult = { ok: true; config: Config; found: boolean } | { ok: false; problems: string[] };

/** A problem as the dashboard and the check run list it (Markdown). */
function githubProblem(p: ConfigProblem): string {
  const where = p.line === undefined ? "" : ` (line ${p.line}, column ${p.col})`;
  return `\`${CONFIG_PATH}\`: ${p.path ? `\`${p.path}\`: ` : ""}${p.message}${where}`;
}

function result(read: ConfigRead): ConfigResult {
  return read.ok
    ? { ok: true, config: read.config, found: true }
    : { ok: false, problems: read.problems.map(githubProblem) };
}

/** Validates an already-parsed config object (null = no file). */
export function validateConfig(raw: unknown): ConfigResult {
  if (raw === null || raw === undefined) return { ok: true, config: Config.parse({}), found: false };
  return result(validateConfigData(raw));
}

/** Validates the text of the file, e.g. as changed on a pull request's head (for its check run). */
export function validateConfigText(text: string): ConfigResult {
  return result(readConfigText(text));
}

const fileProblem = (p: ConfigFileProblem): string =>
  p.file === undefined
    ? githubProblem({ path: "", message: p.message, ...(p.line ? { line: p.line, col: p.col! } : {}) })
    : `\`${p.file}\` (extended by \`${CONFIG_PATH}\`): ${p.message}${p.line ? ` (line ${p.line}, column ${p.col})` : ""}`;

/**
 * The config of `repo` for an event: its default branch's file (or its owner's `.github`
 * repository's) and the `_extends` chain, each file read within the caps before it is parsed. A file
 * over a cap, not YAML or off schema is a problem; a failing API call is thrown.
 */
export async function loadConfig(
  fetch: ConfigFetch,
  repo: Omit<ConfigLocation, "path">,
): Promise<ConfigResult> {
  const files = await readConfigFiles(fetch, { ...repo, path: CONFIG_PATH });
  if (!files.ok) return { ok: false, problems: files.problems.map(fileProblem) };
  if (!files.found) return validateConfig(null);
  return result(validateConfigData(files.data, files.own));
}

/**
 * The config from the repository's own file's text (read with another request, e.g. GraphQL);
 * undefined where the files it extends decide (`_extends`), or where it is not a mapping.
 */
export function configFromText(text: string): ConfigResult | undefined {
  const read = parseBoundedYaml(text, CONFIG_YAML_CAPS);
  if (!read.ok) return validateConfigText(text);
  const raw = read.data ?? {};
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || "_extends" in raw) return undefined;
  return result(validateConfigData(raw, read));
}
