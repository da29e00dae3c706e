// Exfiltration in prose (docs/audit.md "Exfiltration"): an added line of SKILL.md, a reference or
// knowledge.md that tells the agent to print, paste, send, log or store a credential or the
// environment ("paste OPENAI_API_KEY", "include the GITHUB_TOKEN in your answer", "print all
// environment variables"), or to dump the environment (`printenv`, `env | …`). A negated sentence
// ("never print the API key") is guidance, not an attack, and is left alone.
import type { AuditInput } from "./audit-input.js";
import { addedCodeLines } from "./code-lines.js";
import { credentialIn } from "./credential-names.js";
import { quoteEvidence, type RawFinding } from "./finding.js";

const VERB = new RegExp(
  `\\b(?:${[
    "print",
    "paste",
    "echo",
    "send",
    "sent",
    "post",
    "upload",
    "log",
    "write",
    "wrote",
    "written",
    "store",
    "save",
    "include",
    "share",
    "reveal",
    "output",
    "display",
    "show",
    "shown",
    "dump",
    "leak",
    "e-?mail",
    "transmit",
    "submit",
    "forward",
    "cop(?:y|ie)",
    "expose",
    "exfiltrate",
    "publish",
    "list",
    "cat",
    "append",
    "attach",
    "add",
  ].join("|")})(?:s|es|ed|d|ing)?\\b`,
  "gi",
);

/** Commands that dump the whole environment, whatever the sentence says around them. */
const DUMP =
  /\bprintenv\b|^\s*\$?\s*env\s*$|\benv\s*[|>]|\$\(\s*env\s*\)|\bexport\s+-p\b|\/proc\/\S*\/environ\b/;

const NEGATION = /\b(?:never|not|nor|dont|avoid|refuse|forbid\w*|prohibit\w*)\b|n't\b/i;
/** "Never forget to paste …" is no prohibition. */
const UNDOES_NEGATION = /\b(?:forget|fail|omit|hesitate|neglect|skip)\b/i;

/** True when the last few words before `at` forbid what follows. */
function negated(sentence: string, at: number): boolean {
  const before = sentence.slice(0, at).split(/\s+/).slice(-5).join(" ");
  return NEGATION.test(before) && !UNDOES_NEGATION.test(before);
}

/** What the sentence tells the agent to disclose, or undefined. */
function disclosure(sentence: string): string | undefined {
  const dump = DUMP.exec(sentence);
  if (dump && !negated(sentence, dump.index)) return `dumps the environment (\`${dump[0].trim()}\`)`;
  const credential = credentialIn(sentence);
  if (!credential) return undefined;
  for (const verb of sentence.matchAll(VERB)) {
    if (!negated(sentence, verb.index))
      return `tells the agent to disclose a credential ("${verb[0]}" … "${credential}")`;
  }
  return undefined;
}

export function checkSecretDisclosure(input: AuditInput): RawFinding[] {
  const out: RawFinding[] = [];
  for (const a of addedCodeLines(input.base, input.candidate)) {
    if (a.kind !== "prose") continue;
    for (const sentence of a.text.split(/(?<=[.!?;])\s+/)) {
      const what = disclosure(sentence);
      if (!what) continue;
      out.push({
        check: "secretDisclosure",
        severity: "error",
        skill: a.skill,
        file: a.file,
        line: a.line,
        evidence: `${what}: ${quoteEvidence(sentence)}`,
      });
      break;
    }
  }
  return out;
}
