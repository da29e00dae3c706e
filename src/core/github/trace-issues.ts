// The trajectory channel on GitHub: each case `ingest --traces` drafted becomes a feedback issue
// (labels `skillops:feedback` and `skillops:trace`) in the feedback form's shape, so it waits for a
// maintainer's acceptance and is converted exactly like an issue a person filed. The issue's marker
// names the case id: a case whose issue exists (open or closed) is never opened again.
import type { Case, RubricItem } from "../../records/case.js";
import { FORM_FIELDS } from "../feedback/form-template.js";
import { readMarker, renderMarker } from "../../records/markers.js";
import type { SkillRepo } from "./port.js";
import { redactionNotice } from "../cases/redact-case.js";

export const TRACE_CASE_MARKER = "trace-case";

/** Case text is data: a line starting with `#` would read as a form heading, `@` as a mention. */
const asData = (s: string) =>
  s
    .replace(/^(\s*)#/gm, "$1\\#")
    .replace(/@/g, "@\u200b")
    .trim() || "-";

function criterion(r: RubricItem): string {
  const value = "value" in r ? JSON.stringify(r.value) : "";
  const text = "criterion" in r ? String(r.criterion) : "";
  return `- ${r.type}${value ? ` ${value}` : ""}${text ? `: ${text}` : ""}`;
}

export function renderTraceIssue(c: Case): { title: string; body: string } {
  const field = (id: keyof typeof FORM_FIELDS, text: string) => [`### ${FORM_FIELDS[id]}`, "", text, ""];
  const notice = redactionNotice(c.provenance.redacted, "this trace");
  const body = [
    renderMarker(TRACE_CASE_MARKER, { v: 1, case: c.id }),
    "",
    ...field("did", asData(c.diagnosis)),
    ...field("expected", asData(c.task.rubric.map(criterion).join("\n"))),
    ...field(
      "evidence",
      `${asData(c.task.prompt)}\n\n(trajectory channel: ${asData(c.provenance.url ?? c.id)}, drafted by skillops ingest --traces)${notice ? `\n\n${notice}` : ""}`,
    ),
    ...field("category", c.category),
    ...field("skill", c.skills[0] ?? "_No response_"),
  ].join("\n");
  return { title: `Trace: ${c.diagnosis.replace(/\s+/g, " ").slice(0, 80)}`, body };
}

export interface TraceIssuesResult {
  opened: Array<{ case: string; issue: number }>;
  /** Case ids whose issue already exists. */
  existing: string[];
}

export async function openTraceIssues(repo: SkillRepo, cases: readonly Case[]): Promise<TraceIssuesResult> {
  const issues = await repo.listIssues({ labels: ["skillops:trace"], state: "all" });
  const known = new Set(issues.map((i) => readMarker(i.body, TRACE_CASE_MARKER)?.data.case));
  const result: TraceIssuesResult = { opened: [], existing: [] };
  for (const c of cases) {
    if (known.has(c.id)) {
      result.existing.push(c.id);
      continue;
    }
    const issue = await repo.createIssue({
      ...renderTraceIssue(c),
      labels: ["skillops:feedback", "skillops:trace"],
    });
    result.opened.push({ case: c.id, issue: issue.number });
  }
  return result;
}
