// The default branch's `.github/skillops.yml` as Probot's `context.config` finds it — the
// repository's file, else the owner's `.github` repository's, then the `_extends` chain from the
// last one found — but each file read within CONFIG_YAML_CAPS (size, lines, nodes, depth, aliases)
// before anything is composed, as a pull request's config is. Probot parses with no cap, so one
// crafted file stalled every event for seconds (docs/security.md "Files from outside").
// The same requests as Probot's: one when the repository has the file, two when the org's is used.
import { extendsTarget, mergeConfigChain, type ConfigLocation } from "../../core/config/config-extends.js";
import { CONFIG_YAML_CAPS } from "../../core/config/config-text.js";
import { parseBoundedYaml, type YamlRead } from "../../vocabulary/bounded-yaml.js";
import { createSkillRepo } from "../../io/github-api/repo.js";
import type { RestClient } from "../../io/github-api/rest-client.js";

/** A file's text on the default branch of `at.owner/at.repo`, or null when there is none (404). */
export type ConfigFetch = (at: ConfigLocation) => Promise<string | null>;

/** The contents API (raw), as Probot asks it: the default branch of each repository. */
export function githubConfigFetch(octokit: RestClient): ConfigFetch {
  return (at) => createSkillRepo(octokit, { owner: at.owner, repo: at.repo }).readFile(at.path);
}

/** Files past the repository's own: an `_extends` chain longer than this is refused, not followed. */
export const MAX_EXTENDS = 8;

export interface ConfigFileProblem {
  /** Where, as `owner/repo:path`; undefined for the repository's own file. */
  file?: string;
  line?: number;
  col?: number;
  message: string;
}

export type ConfigFiles =
  { ok: true; data: unknown; found: boolean; own?: YamlRead } | { ok: false; problems: ConfigFileProblem[] };

interface Parsed {
  at: ConfigLocation;
  data: Record<string, unknown>;
  yaml: YamlRead;
}

const where = (at: ConfigLocation) => `${at.owner}/${at.repo}:${at.path}`;

/** One file, parsed within the caps; null when absent; problems when over a cap, not YAML or not a mapping. */
async function readOne(
  fetch: ConfigFetch,
  at: ConfigLocation,
  own: boolean,
): Promise<Parsed | null | ConfigFileProblem[]> {
  const text = await fetch(at);
  if (text === null) return null;
  const file = own ? {} : { file: where(at) };
  const read = parseBoundedYaml(text, CONFIG_YAML_CAPS);
  if (!read.ok)
    return read.problems.map((p) => ({
      ...file,
      line: p.line,
      col: p.col,
      message: p.kind === "cap" ? p.message : `not valid YAML: ${p.message}`,
    }));
  const data = read.data ?? {}; // an empty file is a config of defaults, as for Probot
  if (typeof data !== "object" || Array.isArray(data))
    return [{ ...file, message: "is not a mapping of keys to values" }];
  return { at, data: data as Record<string, unknown>, yaml: read };
}

/** The `_extends` chain from `last`, each file within the caps; a loop or a chain over MAX_EXTENDS is a problem. */
async function followExtends(fetch: ConfigFetch, chain: Parsed[]): Promise<ConfigFileProblem[] | undefined> {
  for (let last = chain.at(-1)!; "_extends" in last.data; last = chain.at(-1)!) {
    const { _extends: value, ...rest } = last.data;
    last.data = rest;
    const target = extendsTarget(value, last.at);
    const file = where(last.at);
    if (typeof target === "string") return [{ file, message: target }];
    if (chain.some((c) => where(c.at) === where(target)))
      return [{ file, message: `\`_extends\` loops back to ${where(target)}, which was already read` }];
    if (chain.length > MAX_EXTENDS)
      return [{ file, message: `\`_extends\` chains more than ${MAX_EXTENDS} files` }];
    const next = await readOne(fetch, target, false);
    if (next === null) return; // Probot: a chain ending at a missing file ends there
    if (Array.isArray(next)) return next;
    chain.push(next);
  }
  return undefined;
}

/** The config data of `repo` as Probot would merge it, every file read within the caps. */
export async function readConfigFiles(fetch: ConfigFetch, repo: ConfigLocation): Promise<ConfigFiles> {
  let first = await readOne(fetch, repo, true);
  if (first === null && repo.repo !== ".github")
    first = await readOne(fetch, { ...repo, repo: ".github" }, false);
  if (first === null) return { ok: true, data: null, found: false };
  if (Array.isArray(first)) return { ok: false, problems: first };
  const chain = [first];
  const problems = await followExtends(fetch, chain);
  if (problems) return { ok: false, problems };
  const ownYaml = first.at.repo === repo.repo && chain.length === 1 ? { own: first.yaml } : {};
  return { ok: true, data: mergeConfigChain(chain.map((c) => c.data)), found: true, ...ownYaml };
}
