// The simulated roles' plan text: one edit per line, `ADD <rule>: <clause>` or `REMOVE <rule>:
// <clause>`, so the simulated rewriter can apply exactly what the vote kept.
export interface PlanEdit {
  op: "ADD" | "REMOVE";
  rule: string;
  clause: string;
}

export function renderPlan(edits: readonly PlanEdit[]): string {
  return edits.map((e) => `${e.op} ${e.rule}: ${e.clause}`).join("\n");
}

export function parsePlan(text: string): PlanEdit[] {
  const out: PlanEdit[] = [];
  for (const line of text.split("\n")) {
    const m = /^(ADD|REMOVE) ([A-Za-z0-9_-]+): (.+)$/.exec(line.trim());
    if (m) out.push({ op: m[1] as PlanEdit["op"], rule: m[2]!, clause: m[3]! });
  }
  return out;
}

/** Union of edits, first occurrence wins, in a stable order. */
export function unionEdits(lists: readonly (readonly PlanEdit[])[]): PlanEdit[] {
  const seen = new Set<string>();
  const out: PlanEdit[] = [];
  for (const list of lists)
    for (const e of list) {
      const key = `${e.op}:${e.clause}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(e);
      }
    }
  return out;
}
