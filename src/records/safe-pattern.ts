// A case's `regex` pattern, compiled for a linear-time engine (re2js, a port of RE2). Case text comes
// from issues, so a backtracking engine would let `(a+)+$` hang eval; RE2 matches in time linear in
// the input and cannot run what needs backtracking (backreferences, lookaround), so those are refused
// up front with a reason instead. docs/case-format.md, "Regex patterns".
import { RE2JS, RE2JSException } from "re2js";

export type SafePattern = { ok: true; matcher: RE2JS } | { ok: false; reason: string };

const FLAG_BITS: Record<string, number> = {
  i: RE2JS.CASE_INSENSITIVE,
  m: RE2JS.MULTILINE,
  s: RE2JS.DOTALL,
  // RE2 always matches by code point, which is what `u` asks of a JS RegExp.
  u: 0,
};

const SUFFIX =
  "which skillops does not run (regex items use a linear-time engine, RE2; see docs/case-format.md)";

/** Compiles `pattern` with `flags` (a subset of `imsu`), or says why skillops will not run it. */
export function compileSafePattern(pattern: string, flags = ""): SafePattern {
  for (const f of flags)
    if (!(f in FLAG_BITS)) return { ok: false, reason: `flag "${f}" is not one of i, m, s, u` };
  try {
    // Compiling a JS RegExp never runs it; it tells a plain syntax error apart from what RE2 lacks.
    new RegExp(pattern, flags);
  } catch (err) {
    return { ok: false, reason: `pattern is not a valid regular expression: ${(err as Error).message}` };
  }
  const unsupported = findBacktrackingConstruct(pattern);
  if (unsupported) return { ok: false, reason: `pattern uses ${unsupported}, ${SUFFIX}` };
  const bits = [...flags].reduce((acc, f) => acc | FLAG_BITS[f]!, 0);
  try {
    // translateRegExp rewrites JS-only spellings (\u00e9-style escapes, (?<name>…), [^]) into RE2 syntax.
    return { ok: true, matcher: RE2JS.compile(RE2JS.translateRegExp(pattern), bits) };
  } catch (err) {
    if (!(err instanceof RE2JSException)) throw err;
    return { ok: false, reason: `pattern cannot run on RE2 (${err.message}), ${SUFFIX}` };
  }
}

/** The reason a pattern fails, or undefined when it compiles. */
export function patternProblem(pattern: string, flags?: string): string | undefined {
  const r = compileSafePattern(pattern, flags);
  return r.ok ? undefined : r.reason;
}

/**
 * Names the first construct that needs backtracking. Checked before translation because
 * translateRegExp would silently turn `\k<name>` into the literal `k<name>`.
 */
function findBacktrackingConstruct(pattern: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!inClass && /[1-9]/.test(next)) return `a backreference (\\${next})`;
      if (!inClass && next === "k" && pattern[i + 2] === "<") return "a named backreference (\\k<…>)";
      i++;
    } else if (inClass) {
      if (ch === "]") inClass = false;
    } else if (ch === "[") {
      inClass = true;
    } else if (ch === "(" && pattern[i + 1] === "?") {
      const head = pattern.slice(i + 2, i + 4);
      if (head.startsWith("=") || head.startsWith("!")) return `a lookahead ((?${head[0]}…))`;
      if (head === "<=" || head === "<!") return `a lookbehind ((?${head}…))`;
    }
  }
  return undefined;
}
