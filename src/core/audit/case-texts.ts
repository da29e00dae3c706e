// The texts of a case a rewrite could copy from, each named by its field so evidence can point at it.
import type { Case } from "../../records/case.js";

export interface CaseField {
  caseId: string;
  /** e.g. `task.prompt`, `task.files[records.txt]`, `task.rubric[3]`, `diagnosis`. */
  field: string;
  text: string;
}

function rubricText(item: Case["task"]["rubric"][number]): string {
  switch (item.type) {
    case "equals":
      return typeof item.value === "string" ? item.value : JSON.stringify(item.value);
    case "set":
      return item.values.map((v) => (typeof v === "string" ? v : JSON.stringify(v))).join("\n");
    case "contains":
    case "not-contains":
      return item.value;
    case "number":
      return String(item.value);
    case "regex":
      return item.pattern;
    case "judge":
      return item.criterion;
    default:
      return "";
  }
}

/**
 * The fields of one case. `files` holds the input files' contents (inline or read from the pool);
 * the diagnosis is included because it states what the agent should have done, the expected output.
 */
export function caseFields(c: Case, files: Readonly<Record<string, string>> = {}): CaseField[] {
  const out: CaseField[] = [
    { caseId: c.id, field: "task.prompt", text: c.task.prompt },
    { caseId: c.id, field: "diagnosis", text: c.diagnosis },
  ];
  for (const f of c.task.files) {
    const text = files[f.path] ?? f.content;
    if (text !== undefined) out.push({ caseId: c.id, field: `task.files[${f.path}]`, text });
  }
  c.task.rubric.forEach((item, i) =>
    out.push({ caseId: c.id, field: `task.rubric[${i}]`, text: rubricText(item) }),
  );
  return out;
}
