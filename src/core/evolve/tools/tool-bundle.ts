// The static checks on a tool-smith's bundle before anything runs (docs/engine.md "Tool
// co-evolution"): the bundle does what its typed operation says, touches only the tool and the
// callers the operation names, stays in the working scope, and leaves no caller behind: a retype
// leaves no call with a removed argument, an inline leaves no call at all. Parsing the scripts and
// running their own tests need processes, so tool-step.ts does those through injected checkers.
import { decodeUtf8, loadBank } from "../../bank/bank.js";
import { scriptInterface } from "../../bank/script-interface.js";
import type { BankFile, SkillBank } from "../../bank/skill.js";
import {
  toolDir,
  toolName,
  type BundleFile,
  type ToolBundle,
  type ToolOp,
} from "../../../records/tool-op.js";

export type BundleCheck = { ok: true; bank: SkillBank; changed: string[] } | { ok: false; reason: string };

/** The bank with the bundle's files written (null content deletes the file). */
export function applyBundle(bank: SkillBank, files: readonly BundleFile[]): SkillBank {
  const touched = new Set(files.map((f) => f.path));
  const kept = bank.files.filter((f) => !touched.has(f.path));
  const written: BankFile[] = files
    .filter((f) => f.content !== null)
    .map((f) => {
      const previous = bank.files.find((b) => b.path === f.path);
      const file: BankFile = { path: f.path, bytes: new TextEncoder().encode(f.content!) };
      if (previous?.executable) file.executable = true;
      return file;
    });
  return loadBank([...kept, ...written]).bank;
}

/** Whether a line of `file` calls `tool`: by its full path anywhere, by `scripts/<name>` inside its own skill. */
export function callsTool(file: string, line: string, tool: string): boolean {
  const dir = toolDir(tool);
  const fromSkill = `${dir.split("/").pop()}/scripts/${toolName(tool)}`;
  if (line.includes(tool) || line.includes(fromSkill)) return true;
  return file.startsWith(`${dir}/`) && file !== tool && mentionsWord(line, toolName(tool));
}

/** Every call of `tool` in `bank`: file and 1-based line. */
export function callSites(bank: SkillBank, tool: string): { file: string; line: number; text: string }[] {
  const out: { file: string; line: number; text: string }[] = [];
  for (const f of bank.files) {
    if (f.path === tool) continue;
    const text = decodeUtf8(f.bytes);
    if (text === undefined) continue;
    text.split("\n").forEach((l, i) => {
      if (callsTool(f.path, l, tool)) out.push({ file: f.path, line: i + 1, text: l });
    });
  }
  return out;
}

/** Check a bundle against the parent and the scope; the bank it makes when it passes. */
export function checkBundle(
  parent: SkillBank,
  scope: readonly string[],
  bundle: ToolBundle,
  planned?: ToolOp,
): BundleCheck {
  const fail = (reason: string): BundleCheck => ({ ok: false, reason });
  const { op } = bundle;
  if (planned && (planned.kind !== op.kind || planned.tool !== op.tool))
    return fail(`the plan asked for ${planned.kind} ${planned.tool}, the bundle did ${op.kind} ${op.tool}`);
  const dirs = parent.skills.filter((s) => scope.includes(s.name)).map((s) => s.dir);
  const outside = bundle.files.find((f) => !dirs.some((d) => f.path.startsWith(`${d}/`)));
  if (outside) return fail(`${outside.path} is outside the working scope`);
  const allowed = new Set([op.tool, ...callerFiles(parent, op)]);
  const stray = bundle.files.find((f) => !allowed.has(f.path));
  if (stray) return fail(`${stray.path} is neither the tool nor a caller the ${op.kind} names`);
  const before = textOf(parent, op.tool);
  const after = bundle.files.find((f) => f.path === op.tool);
  const problem = shapeProblem(op, before, after);
  if (problem) return fail(problem);
  const bank = applyBundle(parent, bundle.files);
  const changed = bundle.files.filter((f) => (f.content ?? undefined) !== textOf(parent, f.path));
  const callers = callerProblem(parent, bank, op, new Set(changed.map((f) => f.path)));
  if (callers) return fail(callers);
  return { ok: true, bank, changed: changed.map((f) => f.path) };
}

/** The files of the callers an operation names: a skill's SKILL.md, or a script by path. */
export function callerFiles(bank: SkillBank, op: ToolOp): string[] {
  if (op.kind === "patch") return [];
  return op.callers.map((c) => {
    const skill = bank.skills.find((s) => s.name === c);
    return skill ? `${skill.dir}/SKILL.md` : c;
  });
}

function shapeProblem(
  op: ToolOp,
  before: string | undefined,
  after: BundleFile | undefined,
): string | undefined {
  if (op.kind === "inline") {
    if (before === undefined) return `there is no ${op.tool} to inline`;
    return after?.content === null ? undefined : `an inline must delete ${op.tool}`;
  }
  if (!after || after.content === null) return `the ${op.kind} does not write ${op.tool}`;
  if (op.kind === "extract") return undefined;
  if (before === undefined) return `there is no ${op.tool} to ${op.kind}`;
  const old = scriptInterface(op.tool, before).args;
  const now = scriptInterface(op.tool, after.content).args;
  if (op.kind === "patch")
    return sameSet(old, now)
      ? undefined
      : `the patch changed the interface of ${op.tool} (${show(old)} → ${show(now)}); that is a retype`;
  if (sameSet(op.from, op.to)) return `the retype of ${op.tool} keeps the interface ${show(op.from)}`;
  const kept = removedArgs(op).filter((a) => now.includes(a));
  if (kept.length) return `the retyped ${op.tool} still takes ${show(kept)}`;
  return undefined;
}

function callerProblem(
  parent: SkillBank,
  bank: SkillBank,
  op: ToolOp,
  changed: ReadonlySet<string>,
): string | undefined {
  const unchanged = callerFiles(parent, op).find((f) => !changed.has(f));
  if (unchanged && op.kind !== "patch")
    return `the ${op.kind} names ${unchanged} as a caller but leaves it unchanged`;
  const sites = callSites(bank, op.tool);
  if (op.kind === "inline" && sites.length)
    return `a dangling call of the inlined ${op.tool} is left in ${sites[0]!.file}:${sites[0]!.line}`;
  if (op.kind === "retype") {
    const removed = removedArgs(op);
    const stale = sites.find((s) => removed.some((a) => mentionsWord(s.text, a)));
    if (stale)
      return `${stale.file}:${stale.line} still calls ${toolName(op.tool)} with the old interface (${show(removed.filter((a) => mentionsWord(stale.text, a)))})`;
  }
  if (op.kind === "extract") {
    const calling = new Set(sites.map((s) => s.file));
    const silent = callerFiles(parent, op).find((f) => !calling.has(f));
    if (silent) return `${silent} is a caller of the extract but does not call ${toolName(op.tool)}`;
  }
  return undefined;
}

function removedArgs(op: Extract<ToolOp, { kind: "retype" }>): string[] {
  return op.from.filter((a) => !op.to.includes(a));
}

/** A bank file's text; undefined when absent or not UTF-8. */
export function textOf(bank: SkillBank, path: string): string | undefined {
  const f = bank.files.find((b) => b.path === path);
  return f ? decodeUtf8(f.bytes) : undefined;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function show(args: readonly string[]): string {
  return args.length ? args.join(" ") : "no arguments";
}

/** `word` as a whole token: `--col` matches in `--col 3`, not in `--column`. */
function mentionsWord(line: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\w-])${escaped}(?![\\w-])`).test(line);
}
