// A script's interface as its callers see it: the first line of its docstring (or leading comment)
// and its argument list. Read from the text alone, never run: argparse `add_argument`, `sys.argv[i]`,
// bash `$1`/`getopts`, node `process.argv[i]`, and flags (`--name`) named in a `usage:` line. The
// rewriter's prompt shows it, and a tool patch must keep it (docs/engine.md, "Tool co-evolution").

export interface ScriptInterface {
  /** The script's first docstring, usage or comment line; "" when it has none. */
  summary: string;
  /** Arguments in order of first appearance: flags as written (`--col`), positionals as `$1`, `argv[1]`. */
  args: string[];
}

const PY_DOC = /^(?:#![^\n]*\n)?(?:#[^\n]*\n|\s*\n)*\s*(?:"""|''')\s*([^\n]*)/;
const ARGPARSE = /add_argument\(\s*((?:["'][^"']+["']\s*,?\s*)+)/g;
const QUOTED = /["']([^"']+)["']/g;
const SYS_ARGV = /sys\.argv\[(\d+)\]/g;
const NODE_ARGV = /process\.argv\[(\d+)\]/g;
const BASH_POSITIONAL = /\$\{?([1-9])\}?/g;
const GETOPTS = /getopts\s+["']?([A-Za-z:]+)["']?/g;
const USAGE_FLAG = /(?:^|\s|\[)(--?[A-Za-z][\w-]*)/g;

/** The interface of one script, from its text. */
export function scriptInterface(path: string, text: string): ScriptInterface {
  return { summary: summaryOf(text), args: argsOf(path, text) };
}

/** The interface as one line for a prompt: `scripts/x.py --col --file — Extract a table column.` */
export function formatInterface(path: string, iface: ScriptInterface): string {
  const args = iface.args.length ? ` ${iface.args.join(" ")}` : " (no arguments)";
  return `${path}${args}${iface.summary ? ` — ${iface.summary}` : ""}`;
}

function summaryOf(text: string): string {
  const doc = PY_DOC.exec(text)?.[1]?.trim();
  if (doc) return doc.replace(/("""|''')$/, "").trim();
  const usage = text.split("\n").find((l) => /usage:/i.test(l));
  if (usage) return cleanComment(usage);
  const comment = text
    .split("\n")
    .filter((l) => !l.startsWith("#!"))
    .find((l) => /^\s*(#|\/\/)\s*\S/.test(l));
  return comment ? cleanComment(comment) : "";
}

function cleanComment(line: string): string {
  return line
    .replace(/^\s*(#|\/\/|\*|\/\*+)\s*/, "")
    .replace(/\s*\*\/\s*$/, "")
    .trim();
}

function argsOf(path: string, text: string): string[] {
  const out: string[] = [];
  const add = (a: string) => {
    if (!out.includes(a)) out.push(a);
  };
  for (const m of text.matchAll(ARGPARSE)) for (const q of m[1]!.matchAll(QUOTED)) add(q[1]!);
  if (/\.py$/i.test(path)) for (const m of text.matchAll(SYS_ARGV)) if (m[1] !== "0") add(`argv[${m[1]}]`);
  if (/\.(m|c)?js$/i.test(path))
    for (const m of text.matchAll(NODE_ARGV)) if (Number(m[1]) >= 2) add(`argv[${m[1]}]`);
  if (/\.(sh|bash)$/i.test(path)) {
    for (const m of text.matchAll(GETOPTS)) for (const c of m[1]!.replace(/:/g, "")) add(`-${c}`);
    for (const m of text.matchAll(BASH_POSITIONAL)) add(`$${m[1]}`);
  }
  const usage = text.split("\n").find((l) => /usage:/i.test(l));
  if (usage) for (const m of usage.matchAll(USAGE_FLAG)) add(m[1]!);
  return out;
}

/** Each script of a skill with its interface line, path relative to the skill folder (for the rewriter's prompt). */
export function skillScriptInterfaces(
  files: readonly { path: string; bytes: Uint8Array }[],
  skill: { dir: string; auxiliary: readonly { path: string; kind: string }[] },
): { path: string; signature: string }[] {
  return skill.auxiliary
    .filter((a) => a.kind === "scripts")
    .flatMap((a) => {
      const file = files.find((f) => f.path === `${skill.dir}/${a.path}`);
      if (!file) return [];
      const text = new TextDecoder("utf-8", { fatal: false }).decode(file.bytes);
      return [{ path: a.path, signature: formatInterface(a.path, scriptInterface(a.path, text)) }];
    });
}
