// How a config file names the one it extends, and how the files of a chain are merged: the rules
// Probot's `context.config` follows (@probot/octokit-plugin-config, with deepmerge), kept so that a
// repository that relied on them reads the same config now that the app reads the files itself,
// within the config caps (apps/app/config-files.ts). `_extends: repo`, `owner/repo` or
// `owner/repo:path.yml`; owner and path default to the extending file's.

export interface ConfigLocation {
  owner: string;
  repo: string;
  path: string;
}

// GitHub's owner and repository name rules, and a .yml/.yaml path (the plugin's pattern).
const EXTENDS = /^(?:([a-z\d](?:[a-z\d]|-(?=[a-z\d])){0,38})\/)?([-_.\w\d]+)(?::([-_./\w\d]+\.ya?ml))?$/i;

/** Where `_extends: value` in the file at `from` points, or a plain reason it points nowhere. */
export function extendsTarget(value: unknown, from: ConfigLocation): ConfigLocation | string {
  const match = typeof value === "string" ? EXTENDS.exec(value) : null;
  if (match === null)
    return `\`_extends: ${JSON.stringify(value)}\` is not \`repo\`, \`owner/repo\` or \`owner/repo:path.yml\``;
  return { owner: match[1] ?? from.owner, repo: match[2]!, path: match[3] ?? from.path };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * deepmerge's default: mappings merge key by key, lists concatenate (the base's items first), any
 * other value (or a mapping meeting a list) is replaced by the later file's.
 */
function mergeTwo(base: unknown, over: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(over)) return [...base, ...over];
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  // defineProperty: a key named `__proto__` stays a key, as in the parsed file.
  for (const [k, v] of Object.entries(over))
    Object.defineProperty(out, k, {
      value: Object.hasOwn(base, k) ? mergeTwo(base[k], v) : v,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** The config of a chain of files, the repository's first: each file overrides the ones it extends. */
export function mergeConfigChain(chain: readonly unknown[]): unknown {
  return [...chain].reverse().reduce((merged: unknown, next) => mergeTwo(merged, next), {});
}
