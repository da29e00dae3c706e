// The simulated auditor behind the endpoint (docs/simulated-world.md, the auditor row): a
// deterministic reader of the auditor prompt (src/core/llm/prompts/auditor.ts). It flags what it can see:
// an id, amount or date on a skill line that the quoted policy does not state (an error when a
// traced task holds it, so it is that case's constant; else a warning), and a `scripts/`,
// `references/`, `assets/` path, relative link or `metadata.refs` skill that the request does not
// list as existing (not self-contained). It never judges usability: that needs a real model.
import { extractLiterals, literalSet } from "../../core/audit/literal-tokens.js";
import type { AuditorAnswer, AuditorFinding } from "../../core/llm/prompts/auditor.js";
import { userText, type ChatRequestBody } from "./chat-request.js";
import { readQuotedBlocks } from "./quoted-blocks.js";

const PATH = /`((?:scripts|references|assets)\/[^`\s]+)`|\]\((?!https?:|#|\/)([^)\s#]+)[^)]*\)/g;

interface AuditorRequest {
  lines: string[];
  files: Set<string>;
  skills: Set<string>;
  policy: Set<string>;
  /** Literal → the case whose traced task holds it. */
  traced: Map<string, string>;
}

function readRequest(body: ChatRequestBody): AuditorRequest {
  const req: AuditorRequest = {
    lines: [],
    files: new Set(),
    skills: new Set(),
    policy: new Set(),
    traced: new Map(),
  };
  for (const b of readQuotedBlocks(userText(body))) {
    if (b.label.startsWith("Candidate SKILL.md of "))
      req.lines = b.text.split("\n").map((l) => l.replace(/^\s*\d+\| ?/, ""));
    else if (b.label === "Files of this skill") b.text.split("\n").forEach((f) => req.files.add(f.trim()));
    else if (b.label === "Skills in the bank") b.text.split("\n").forEach((s) => req.skills.add(s.trim()));
    else if (b.label.startsWith("Policy ")) for (const t of literalSet(b.text)) req.policy.add(t);
    else {
      const trace = /^Trace of a run on case (\S+) /.exec(b.label);
      if (trace) for (const t of literalSet(b.text)) if (!req.traced.has(t)) req.traced.set(t, trace[1]!);
    }
  }
  return req;
}

function constantsOn(req: AuditorRequest, text: string, line: number): AuditorFinding[] {
  return extractLiterals(text)
    .filter((l) => (l.kind === "id" || l.kind === "number" || l.kind === "date") && !req.policy.has(l.norm))
    .map((l) => {
      const from = req.traced.get(l.norm);
      return {
        concern: "instance-constant" as const,
        severity: from ? ("error" as const) : ("warning" as const),
        line,
        evidence: from
          ? `"${l.text}" is a value of case ${from}'s task, not a rule; the policy does not state it`
          : `"${l.text}" looks like an instance constant and the policy does not state it`,
      };
    });
}

function missingOn(req: AuditorRequest, text: string, line: number): AuditorFinding[] {
  const out: AuditorFinding[] = [];
  for (const m of text.matchAll(PATH)) {
    const path = (m[1] ?? m[2] ?? "").replace(/^\.\//, "");
    if (path && !req.files.has(path) && ![...req.files].some((f) => f.startsWith(`${path}/`)))
      out.push({
        concern: "not-self-contained",
        severity: "error",
        line,
        evidence: `"${path}" is not among the skill's files, so a fresh agent cannot open it`,
      });
  }
  const refs = /^\s*refs:\s*(.+)$/.exec(text)?.[1];
  for (const ref of refs?.split(/[,\s]+/).filter(Boolean) ?? [])
    if (!req.skills.has(ref))
      out.push({
        concern: "not-self-contained",
        severity: "error",
        line,
        evidence: `metadata.refs names the skill "${ref}", which the bank does not have`,
      });
  return out;
}

export function answerAuditor(body: ChatRequestBody): AuditorAnswer {
  const req = readRequest(body);
  const findings = req.lines.flatMap((text, i) => [
    ...constantsOn(req, text, i + 1),
    ...missingOn(req, text, i + 1),
  ]);
  return { findings };
}
