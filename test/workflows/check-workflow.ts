// Checks a workflow file with GitHub's own parser (@actions/workflow-parser, the one behind the
// Actions language service): schema, expressions (syntax and allowed contexts per key), job graph.
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";

export async function checkWorkflow(name: string, content: string): Promise<string[]> {
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (errors.length > 0 || parsed.value === undefined)
    return errors.length > 0 ? errors : ["the file did not parse"];
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  return [
    ...(template.errors ?? []).map((e) => e.Message),
    ...parsed.context.errors.getErrors().map((e) => e.message),
  ];
}

type Json = Record<string, unknown>;
const asObject = (v: unknown): Json =>
  v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {};
const expressions = (v: unknown): string[] =>
  [...JSON.stringify(v ?? null).matchAll(/\$\{\{(.*?)\}\}/g)].map((m) => m[1] ?? "");
const refs = (exprs: string[], ctx: string): string[] =>
  exprs.flatMap((e) =>
    [...e.matchAll(new RegExp(`\\b${ctx}\\.([A-Za-z_][\\w-]*)`, "g"))].map((m) => m[1] ?? ""),
  );

/**
 * What the parser leaves to actionlint: `needs` naming real jobs, `needs.X`/`steps.X`/`matrix.X`/
 * `inputs.X` in expressions naming things that exist where they are used, and every action pinned.
 */
export function checkReferences(workflow: unknown): string[] {
  const errors: string[] = [];
  const root = asObject(workflow);
  const inputs = Object.keys(asObject(asObject(asObject(root.on).workflow_dispatch).inputs));
  for (const name of refs(expressions(root), "inputs")) {
    if (!inputs.includes(name)) errors.push(`inputs.${name} is not a workflow_dispatch input`);
  }
  const jobs = asObject(root.jobs);
  for (const [id, jobValue] of Object.entries(jobs)) {
    const job = asObject(jobValue);
    const needs =
      job.needs === undefined ? [] : Array.isArray(job.needs) ? (job.needs as string[]) : [String(job.needs)];
    for (const n of needs) if (!(n in jobs)) errors.push(`job ${id} needs unknown job ${n}`);
    const exprs = expressions(job);
    for (const n of refs(exprs, "needs"))
      if (!needs.includes(n)) errors.push(`job ${id} reads needs.${n} but does not need it`);
    const hasMatrix = asObject(job.strategy).matrix !== undefined;
    for (const m of refs(exprs, "matrix"))
      if (!hasMatrix) errors.push(`job ${id} reads matrix.${m} without a strategy.matrix`);
    const steps = Array.isArray(job.steps) ? (job.steps as unknown[]).map(asObject) : [];
    const seen = new Set<string>();
    steps.forEach((step, i) => {
      for (const s of refs(expressions(step), "steps"))
        if (!seen.has(s)) errors.push(`job ${id} step ${i} reads steps.${s} before a step with that id`);
      if (typeof step.id === "string") seen.add(step.id);
      if (typeof step.uses === "string" && !/^(\.\/|docker:\/\/)|@[\w.-]+$/.test(step.uses))
        errors.push(`job ${id} step ${i} uses ${step.uses} without a version`);
    });
    for (const o of refs(expressions(job.outputs), "steps"))
      if (!seen.has(o)) errors.push(`job ${id} outputs read steps.${o}, which does not exist`);
  }
  return errors;
}
