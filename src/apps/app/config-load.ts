// Reads `.github/skillops.yml` (default branch, org `.github` fallback, `_extends`, through
// Probot's `context.config`) and validates it with the zod Config. An invalid config is reported,
// never guessed at: callers list the problems on the dashboard and open no new PRs. The text a
// pull request proposes (anyone's) is read by `readConfigText`, within CONFIG_YAML_CAPS.
import { parse as parseYaml } from "yaml";
import { Config } from "../../core/config/config.js";
import {
  readConfigText,
  validateConfigData,
  type ConfigProblem,
  type ConfigRead,
} from "../../core/config/config-text.js";

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

/** Validates an already-parsed config object (what `context.config` returns; null = no file). */
export function validateConfig(raw: unknown): ConfigResult {
  if (raw === null || raw === undefined) return { ok: true, config: Config.parse({}), found: false };
  return result(validateConfigData(raw));
}

/** Validates the text of the file, e.g. as changed on a pull request's head (for its check run). */
export function validateConfigText(text: string): ConfigResult {
  return result(readConfigText(text));
}

/** The config as Probot reads it for an event; YAML errors and schema errors become problems. */
export async function loadConfig(context: {
  config: (file: string) => Promise<unknown>;
}): Promise<ConfigResult> {
  let raw: unknown;
  try {
    raw = await context.config(CONFIG_FILE);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status !== undefined && status !== 404) throw error; // the API failed: not a config problem
    return {
      ok: false,
      problems: [`\`${CONFIG_PATH}\` could not be read: ${(error as Error).message.split("\n")[0]}`],
    };
  }
  return validateConfig(raw);
}

/**
 * The config from the file's text, parsed as `context.config` parses it; undefined where only
 * `context.config` can tell (`_extends`, text that is not YAML or not a mapping).
 */
export function configFromText(text: string): ConfigResult | undefined {
  let raw: unknown;
  try {
    raw = parseYaml(text, { logLevel: "error" }) || {};
  } catch {
    return undefined;
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || "_extends" in raw) return undefined;
  return validateConfig(raw);
}
