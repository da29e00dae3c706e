// The simulated tool-smith, shared by the in-process role and the simulated endpoint: a patch of a
// defective tool writes the world's fixed script; an extract of a repeated procedure writes the
// tool and replaces the paragraph by the call line in each caller. Anything else it cannot do, and
// says so (a failure, recorded like any role failure).
import type { ToolBundle, ToolOp } from "../records/tool-op.js";
import type { World } from "./world.js";

export interface WorldToolJob {
  tool: string;
  op: ToolOp;
  callers: readonly { path: string; text: string }[];
}

export function toolSmithInWorld(world: World, job: WorldToolJob): ToolBundle | string {
  const { op } = job;
  const defect = world.tools?.defects.find((d) => d.path === op.tool);
  if (op.kind === "patch" && defect)
    return {
      op,
      files: [{ path: op.tool, content: defect.fixed }],
      summary: `Simulated patch of ${op.tool}: corrected the limit its check uses; its arguments are unchanged.`,
    };
  const procedure = world.tools?.procedures.find((p) => p.tool === op.tool);
  if (op.kind === "extract" && procedure) {
    const callers = new Set(op.callers.map((c) => `${c}/SKILL.md`));
    const files = job.callers
      .filter((c) => callers.has(c.path) && c.text.includes(procedure.paragraph))
      .map((c) => ({ path: c.path, content: c.text.replace(procedure.paragraph, procedure.call) }));
    return {
      op,
      files: [{ path: op.tool, content: procedure.source }, ...files],
      summary: `Simulated extract into ${op.tool}: ${files.length} skills call it instead of repeating the record-reading procedure.`,
    };
  }
  return `the simulated tool-smith cannot ${op.kind} ${op.tool}: the world has no such tool change`;
}
