// Code that arrives at run time (docs/audit.md "Exfiltration"): an added line, in a script or in prose
// the agent follows, that pipes text into a shell (`curl … | sh`, `bash <(curl …)`, `sh -c "$(…)"`),
// evaluates dynamic text (`eval "$x"`, python `eval(x)`/`exec(x)`, JS `eval(x)`, `new Function(…)`),
// or carries an encoded blob that decodes to code. Nothing a reviewer reads in the diff says what
// such a line will run.
import type { AuditInput } from "./audit-input.js";
import { addedCodeLines } from "./code-lines.js";
import { encodedCode } from "./encoded-code.js";
import { quoteEvidence, type RawFinding } from "./finding.js";

const SHELLS = "(?:ba|z|da|k|c|tc|fi)?sh";

const PATTERNS: readonly [string, RegExp][] = [
  [
    "pipes text into a shell",
    new RegExp(`\\|\\s*(?:sudo\\s+(?:-\\S+\\s+)*)?(?:\\/usr)?(?:\\/bin\\/)?${SHELLS}\\b(?![\\w.-])`),
  ],
  [
    "pipes text into an interpreter",
    /\|\s*(?:sudo\s+)?(?:python\d?(?:\.\d+)?|perl|ruby|node|php)\s*-?\s*(?=$|[;&|)`'"])/,
  ],
  [
    "runs a download or a command's output as a script",
    new RegExp(
      `\\b(?:${SHELLS}|source)\\s+<\\(|(?:^|[;&]\\s*)\\.\\s+<\\(|\\b${SHELLS}\\s+-c\\s+["']?(?:\\$\\(|\`)`,
    ),
  ],
  ["evaluates an expansion", /(?:^|[\s;&|(])eval\s+["']?[$`]/],
  ["evaluates dynamic text", /(?<![.\w$])(?:eval|exec)\(\s*(?!\)|(?:[rbuRBU]{0,2})(["'])[^"'\n]*\1\s*\))/],
  ["builds a function from text", /\bnew\s+Function\s*\(|\bvm\.(?:runIn\w+|compileFunction|Script)\b/],
];

/** What is dynamic about the line, or undefined. */
export function dynamicCode(text: string): string | undefined {
  const hit = PATTERNS.find(([, re]) => re.test(text));
  if (hit) return hit[0];
  const blob = encodedCode(text);
  if (blob)
    return `carries a ${blob.encoding} blob that decodes to code (${quoteEvidence(blob.decoded, 60)})`;
  return undefined;
}

export function checkDynamicCode(input: AuditInput): RawFinding[] {
  const out: RawFinding[] = [];
  for (const a of addedCodeLines(input.base, input.candidate)) {
    const what = dynamicCode(a.text);
    if (!what) continue;
    out.push({
      check: "dynamicCode",
      severity: "error",
      skill: a.skill,
      file: a.file,
      line: a.line,
      evidence: `${what}: ${quoteEvidence(a.text)}`,
    });
  }
  return out;
}
